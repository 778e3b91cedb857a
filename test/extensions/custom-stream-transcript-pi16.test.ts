// An extension's own `streamSimple` gets the conversation in pi 1.6.0's transcript form: its system messages where
// they stand, the first with the prompt and tools, a later one with what changed, so a stream function of its own can
// send them as its API takes them. A stored session continued with one more tool (`-c --tools +grep`), in pith and
// in pi 1.6.0 side by side: the roles and each system message's section names and tools must be the same (the
// prompts' texts are each program's own).
// @long-running: runs pi 1.6.0 on the Node 22 binary
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { NODE22, PI16_CLI, runPiCli } from "../support/pi-node22.js";
import { rawProviderExtension } from "./raw-provider-extension.js";

const EXTENSION = rawProviderExtension(`
const names = (list) => list?.map((item) => item.name);
function streamSimple(model, context) {
  const shape = context.messages.map((message) =>
    message.role === "system"
      ? { role: "system", sections: Object.keys(message.sections ?? {}), added: names(message.toolsAdded), removed: names(message.toolsRemoved) }
      : { role: message.role },
  );
  log({ systemPrompt: context.systemPrompt, tools: names(context.tools), shape });
  const events = createAssistantMessageEventStream();
  const message = reply(model, "ok");
  queueMicrotask(() => {
    events.push({ type: "start", partial: { ...message, content: [] } });
    events.push({ type: "done", reason: "stop", message });
    events.end();
  });
  return events;
}`);

const worlds: CliWorld[] = [];
beforeEach(async () => worlds.push(await createCliWorld(), await createCliWorld()));
afterEach(async () => Promise.all(worlds.splice(0).map((world) => world.close())));

async function seen(world: CliWorld, run: (args: string[]) => Promise<{ code: number | null }>) {
  const extension = join(world.home, "raw.mjs");
  await writeFile(extension, EXTENSION);
  world.env.SEEN = join(world.home, "seen.jsonl");
  const common = ["-ne", "-e", extension, "--model", "raw-demo/raw-one", "-p"];
  expect((await run([...common, "--tools", "read,bash", "Hello"])).code).toBe(0);
  expect((await run([...common, "-c", "--tools", "+grep", "More"])).code).toBe(0);
  return (await readFile(world.env.SEEN, "utf8")).trim().split("\n").map((line) => JSON.parse(line) as { systemPrompt?: string; tools?: string[]; shape: unknown[] });
}

it.skipIf(!existsSync(NODE22) || !existsSync(PI16_CLI))("a custom streamSimple gets the system messages where they stand, as in pi 1.6.0", async () => {
  const [pithWorld, piWorld] = worlds as [CliWorld, CliWorld];
  const pith = await seen(pithWorld, (args) => pithWorld.run(args));
  const pi = await seen(piWorld, (args) => runPiCli(piWorld, args));
  expect(pi[1]!.shape).toEqual([
    { role: "system", sections: expect.any(Array), added: ["read", "bash"] },
    { role: "user" },
    { role: "assistant" },
    { role: "system", sections: expect.any(Array), added: ["grep"] },
    { role: "user" },
  ]);
  expect(pith).toEqual(pi);
}, 120_000);
