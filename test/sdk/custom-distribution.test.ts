import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { boot } from "pith/kernel";
import { createScriptedProvider, scriptedModel, scriptedProviderPlugin } from "pith/testing";
import wordCount from "../../docs/examples/word-count-plugin.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "pith-dist-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("a custom distribution: the kernel plus a chosen plugin set", () => {
  it("runs the documented word-count tool plugin end to end", async () => {
    await writeFile(join(dir, "notes.txt"), "one two three\nfour");
    const scripted = createScriptedProvider({
      turns: [{ toolCalls: [{ name: "word_count", arguments: { path: "notes.txt" } }] }, { text: "4 words" }],
    });
    const { session } = await boot({ cwd: dir, plugins: [scriptedProviderPlugin(scripted), wordCount] });
    await session.setModel(scriptedModel());
    await session.prompt("count the words in notes.txt");

    const result = session.messages.find((m) => (m as { role: string }).role === "toolResult") as { content: { text: string }[]; details: unknown };
    expect(result.content[0]!.text).toBe("notes.txt: 4 words");
    expect(result.details).toEqual({ words: 4 });
    expect(scripted.requests[0]!.tools.map((tool) => tool.name)).toEqual(["word_count"]);
  });

  it("blocks the documented gate case: a path outside the project", async () => {
    const scripted = createScriptedProvider({
      turns: [{ toolCalls: [{ name: "word_count", arguments: { path: "../secrets.txt" } }] }, { text: "blocked" }],
    });
    const { session } = await boot({ cwd: dir, plugins: [scriptedProviderPlugin(scripted), wordCount] });
    await session.setModel(scriptedModel());
    await session.prompt("count");
    const result = session.messages.find((m) => (m as { role: string }).role === "toolResult") as { content: { text: string }[]; isError: boolean };
    expect(result).toMatchObject({ isError: true, content: [{ text: "word_count only reads files inside the project" }] });
  });
});
