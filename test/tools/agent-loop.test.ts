// The tools inside a real session: the kernel's loop prepares, validates and runs the calls of one reply.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { boot } from "../../kernel/boot.js";
import type { ToolResultMessage } from "../../kernel/messages.js";
import type { Logger } from "../../kernel/plugin.js";
import { toolsPlugin } from "../../plugins/tools/index.js";
import { createScriptedProvider, scriptedModel, scriptedProviderPlugin } from "../../sdk/testing/index.js";
import { tempDir, textOf } from "./harness.js";

const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} };

describe("tools in the agent loop", () => {
  it("runs one reply's calls, serializing the edits of one file and reporting bad arguments to the model", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "notes.txt"), "alpha\nbeta\n");
    const scripted = createScriptedProvider({
      turns: [
        {
          toolCalls: [
            { name: "edit", arguments: { path: "notes.txt", oldText: "alpha", newText: "ALPHA" } },
            { name: "edit", arguments: { path: "notes.txt", edits: JSON.stringify([{ oldText: "beta", newText: "BETA" }]) } },
            { name: "read", arguments: { path: "notes.txt", offset: "nope" } },
            { name: "bash", arguments: { command: "echo from-bash" } },
          ],
        },
        { text: "done" },
      ],
    });
    const { session } = await boot({ cwd, plugins: [scriptedProviderPlugin(scripted), toolsPlugin()], log: quiet });
    await session.setModel(scriptedModel());
    await session.prompt("edit the notes");

    const results = session.messages.filter((message): message is ToolResultMessage => message.role === "toolResult");
    expect(results.map((result) => [result.toolName, result.isError, textOf(result.content)])).toEqual([
      ["edit", false, "Successfully replaced 1 block(s) in notes.txt."],
      ["edit", false, "Successfully replaced 1 block(s) in notes.txt."],
      ["read", true, expect.stringContaining('Validation failed for tool "read":\n  - offset: expected number, received string')],
      ["bash", false, "from-bash\n"],
    ]);
    expect(await readFile(join(cwd, "notes.txt"), "utf-8")).toBe("ALPHA\nBETA\n");
    expect(results[0]!.details).toMatchObject({ firstChangedLine: 1 });
  });
});
