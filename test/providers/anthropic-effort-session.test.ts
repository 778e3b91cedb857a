// A stored session with a model whose effort travels as markers (`compat.supportsMidConvoEffort`), through the real
// CLI: the reply records the level it was asked at in the session file, and the next run, at another level, replays
// the reply's thinking after a marker of that level and ends with a marker of its own, as pi 1.6.0 sends them.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCliWorld, writeMockModels, type CliWorld } from "../cli/cli-harness.js";

let world: CliWorld;
const MODEL = ["--model", "mock/effort-model"];

beforeAll(async () => {
  world = await createCliWorld();
  await writeMockModels(world, [
    { id: "effort-model", reasoning: true, contextWindow: 200_000, maxTokens: 8192, compat: { forceAdaptiveThinking: true, supportsMidConvoEffort: true } },
  ]);
});

afterAll(async () => {
  await world.close();
});

async function storedMessages(): Promise<Array<Record<string, unknown>>> {
  const folder = join(world.agentDir, "sessions");
  const [projectFolder] = await readdir(folder);
  const [file] = (await readdir(join(folder, projectFolder!))).filter((name) => name.endsWith(".jsonl"));
  const lines = (await readFile(join(folder, projectFolder!, file!), "utf8")).trim().split("\n");
  return lines.map((line) => JSON.parse(line) as { type: string; message?: Record<string, unknown> }).flatMap((entry) => (entry.message ? [entry.message] : []));
}

const marker = (effort: string) => ({ role: "system", content: [], output_config: { effort } });

describe("a stored session with managed effort", () => {
  it("keeps each reply's level and replays it, with the reply's thinking, when the session goes on at another level", async () => {
    world.mock.enqueue({ thinking: "Think first.", thinkingSignature: "sig-stored", text: "Hi." }, { text: "More." });
    expect((await world.run(["-p", ...MODEL, "--thinking", "medium", "Hello"])).code).toBe(0);
    const reply = (await storedMessages()).find((message) => message.role === "assistant");
    expect(reply).toMatchObject({ providerThinkingLevel: "medium", thinkingLevel: "medium" });

    expect((await world.run(["-p", ...MODEL, "--thinking", "high", "-c", "More"])).code).toBe(0);
    const body = world.mock.requests[1]!.body;
    expect(body.output_config).toEqual({ effort: "low" });
    expect(body.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "Hello" }] },
      marker("medium"),
      { role: "assistant", content: [{ type: "thinking", thinking: "Think first.", signature: "sig-stored" }, { type: "text", text: "Hi." }] },
      { role: "user", content: [{ type: "text", text: "More", cache_control: { type: "ephemeral" } }] },
      marker("high"),
    ]);
  });
});
