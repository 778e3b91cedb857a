// What a stored session opened again records at its start, beside pi 1.6.0 (on the Node 22 binary): the model given
// with `--model` is used but not recorded (the session's next resume takes it from the reply it answered), and a
// thinking level is recorded only when it differs from the one the session recorded.
// @long-running: runs pi 1.6.0 on the Node 22 binary
import { existsSync } from "node:fs";
import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { createCliWorld, writeMockModels } from "../cli/cli-harness.js";
import { NODE22, PI16_CLI, runPiCli } from "../support/pi-node22.js";

const model = (id: string) => ({ id, reasoning: true, contextWindow: 200000, maxTokens: 8192 });

/** each entry of the session file after three runs: a new session, then opened with another model, then with another level */
async function recordsOf(program: "pi" | "pith"): Promise<string[]> {
  const world = await createCliWorld();
  try {
    await writeMockModels(world, [model("mock-model"), model("other-model")]);
    world.mock.enqueue({ text: "one" }, { text: "two" }, { text: "three" });
    const run = (args: string[]) => (program === "pi" ? runPiCli(world, args) : world.run(args));
    const folder = join(world.home, "sessions");
    const first = await run(["--session-dir", folder, "--model", "mock/mock-model", "--thinking", "medium", "-p", "first"]);
    expect(first.code, first.stderr).toBe(0);
    const file = join(folder, (await readdir(folder))[0]!);
    for (const args of [["--model", "mock/other-model"], ["--thinking", "high"]]) {
      const again = await run(["--session-dir", folder, "--session", file, ...args, "-p", "again"]);
      expect(again.code, again.stderr).toBe(0);
    }
    const entries = (await readFile(file, "utf8")).split("\n").filter(Boolean).map((line) => JSON.parse(line) as Record<string, any>);
    return entries.map((entry) =>
      [entry.type, entry.provider, entry.modelId, entry.thinkingLevel, entry.message?.role, entry.message?.model].filter((part) => part !== undefined).join(" "),
    );
  } finally {
    await world.close();
  }
}

it.skipIf(!existsSync(NODE22) || !existsSync(PI16_CLI))(
  "--session with --model records no model_change, and --thinking records the level only when it changes, as pi 1.6.0",
  async () => {
    const pi = await recordsOf("pi");
    const pith = await recordsOf("pith");
    expect(pith).toEqual(pi);
    expect(pith).toEqual([
      "session",
      "model_change mock mock-model",
      "thinking_level_change medium",
      "message system",
      "message user",
      "message assistant mock-model",
      "message user",
      "message assistant other-model",
      "thinking_level_change high",
      "message user",
      "message assistant other-model",
    ]);
  },
  120_000,
);
