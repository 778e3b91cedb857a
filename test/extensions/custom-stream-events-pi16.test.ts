// An extension's own `streamSimple` gets pi-ai's observers in its options, as pi 1.6.0 hands them: one that calls
// `onProviderStreamEvent` fires `provider_stream_event` for its raw events, in pith as in pi (print mode, side by side).
// @long-running: runs pi 1.6.0 on the Node 22 binary
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { NODE22, PI16_CLI, runPiCli } from "../support/pi-node22.js";
import { rawProviderExtension } from "./raw-provider-extension.js";

const EXTENSION = rawProviderExtension(
  `function streamSimple(model, _context, options) {
    const events = createAssistantMessageEventStream();
    const message = reply(model, "raw done");
    (async () => {
      log({ observers: ["onPayload", "onResponse", "onProviderStreamEvent"].filter((name) => typeof options?.[name] === "function") });
      await options?.onProviderStreamEvent?.({ type: "raw-start", n: 1 }, model);
      events.push({ type: "start", partial: { ...message, content: [] } });
      await options?.onProviderStreamEvent?.({ type: "raw-end", n: 2 }, model);
      events.push({ type: "done", reason: "stop", message });
      events.end();
    })();
    return events;
  }`,
  `pi.on("provider_stream_event", (event) => log({ event: event.type, provider: event.provider, api: event.api, model: event.model, data: event.data }));`,
);

const worlds: CliWorld[] = [];
beforeEach(async () => worlds.push(await createCliWorld(), await createCliWorld()));
afterEach(async () => Promise.all(worlds.splice(0).map((world) => world.close())));

async function seen(world: CliWorld, run: (args: string[]) => Promise<{ stdout: string }>) {
  const extension = join(world.home, "raw.mjs");
  await writeFile(extension, EXTENSION);
  world.env.SEEN = join(world.home, "seen.jsonl");
  const { stdout } = await run(["-ne", "-e", extension, "--model", "raw-demo/raw-one", "--no-session", "-p", "hi"]);
  const lines = (await readFile(world.env.SEEN, "utf8")).trim().split("\n").map((line) => JSON.parse(line) as unknown);
  return { stdout: stdout.trim(), lines };
}

it.skipIf(!existsSync(NODE22) || !existsSync(PI16_CLI))("a custom streamSimple's onProviderStreamEvent fires provider_stream_event, as in pi 1.6.0", async () => {
  const [pithWorld, piWorld] = worlds as [CliWorld, CliWorld];
  const pith = await seen(pithWorld, (args) => pithWorld.run(args));
  const pi = await seen(piWorld, (args) => runPiCli(piWorld, args));
  expect(pi.stdout).toBe("raw done");
  expect(pi.lines).toContainEqual({ event: "provider_stream_event", provider: "raw-demo", api: "raw-api", model: "raw-one", data: { type: "raw-start", n: 1 } });
  expect(pith).toEqual(pi);
}, 120_000);
