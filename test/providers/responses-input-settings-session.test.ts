// A GPT-6.x session continued at another thinking level: the stored reply keeps the level its request carried
// (`providerThinkingLevel`, as pi 1.6.0 stores it), so the continued request puts it back before that reply and
// appends the new level, as pi's would, and its tools stay in the leading `additional_tools` item.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";

let world: CliWorld;
beforeEach(async () => {
  world = await createCliWorld("openai-responses");
  const model = {
    id: "gpt-6.2-sol",
    reasoning: true,
    contextWindow: 200000,
    maxTokens: 8192,
    compat: { supportsMidConvoSystemMessages: true, supportsAdditionalTools: true, supportsMidConvoEffort: true },
  };
  await writeFile(
    join(world.agentDir, "models.json"),
    JSON.stringify({ providers: { mock: { baseUrl: `${world.mock.url}/v1`, api: "openai-responses", apiKey: "sk-test", models: [model] } } }),
  );
});
afterEach(async () => {
  await world.close();
});

type Item = { type?: string; role?: string; reasoning?: { effort: string }; content?: unknown };

async function storedReplies(): Promise<Record<string, unknown>[]> {
  const root = join(world.agentDir, "sessions");
  const [folder] = await readdir(root);
  const [file] = (await readdir(join(root, folder!))).filter((name) => name.endsWith(".jsonl"));
  const entries = (await readFile(join(root, folder!, file!), "utf8")).trim().split("\n").map((line) => JSON.parse(line) as { message?: Record<string, unknown> });
  return entries.flatMap((entry) => (entry.message?.role === "assistant" ? [entry.message] : []));
}

it("a continued session at another level sends the stored reply's level before it and the new level last", async () => {
  world.mock.enqueue({ text: "first answer" }, { text: "second answer" });
  expect((await world.run(["-p", "--model", "mock/gpt-6.2-sol", "--thinking", "high", "first question"])).code).toBe(0);
  expect((await storedReplies()).map((reply) => reply.providerThinkingLevel)).toEqual(["high"]);

  expect((await world.run(["-p", "-c", "--thinking", "low", "second question"])).code).toBe(0);
  const [first, second] = world.mock.requests.map((request) => request.body as { input: Item[]; tools?: unknown; reasoning?: unknown });
  const shape = (input: Item[]) => input.map((item) => item.type === "configuration_update" ? `configuration_update:${item.reasoning!.effort}` : (item.type ?? item.role));
  expect(shape(first!.input)).toEqual(["additional_tools", "developer", "user", "configuration_update:high"]);
  expect(shape(second!.input)).toEqual(["additional_tools", "developer", "user", "configuration_update:high", "message", "user", "configuration_update:low"]);
  // the first request's input is the second's prefix: the cached part survives the level change
  expect(second!.input.slice(0, first!.input.length)).toEqual(first!.input);
  for (const body of [first!, second!]) {
    expect(body.tools).toBeUndefined();
    expect(body.reasoning).toEqual({ effort: "medium", summary: "auto" });
  }
  expect((await storedReplies()).map((reply) => reply.providerThinkingLevel)).toEqual(["high", "low"]);
});
