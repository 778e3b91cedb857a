// pi 1.6's `pi.registerProvider(provider)` with a whole pi-ai `Provider` object (fixtures/native-provider.ts, its
// own auth and stream): its models are listed and selectable, its stream answers the request with the model as the
// provider listed it and the key its auth resolved, `getRegisteredNativeProvider` hands the object back, and
// `unregisterProvider` takes it away; without a key its auth can find, its models are not available. The same extension runs in pi 1.6.0 (Node 22) for the CLI comparison.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { NODE22, PI16_CLI, runPiCli } from "../support/pi-node22.js";
import { createWorld, messagesOf, startSession, type World } from "./harness.js";

const FIXTURE = fileURLToPath(new URL("./fixtures/native-provider.ts", import.meta.url));
type Seen = { api?: string; apiKey?: string; lastUser?: string }[];
const state = globalThis as { __nativeSeen?: Seen; __nativeProbe?: { same: boolean; other: unknown; listed: string[] }; __nativeSelected?: boolean };

describe("registerProvider(provider) in a session", () => {
  let world: World;
  beforeAll(async () => (world = await createWorld()));
  afterAll(() => world.close());

  it("lists the provider's models, serves them through its stream and auth, and hands the object back", async () => {
    process.env.NATIVE_DEMO_KEY = "native-key-1";
    try {
      const started = await startSession(world, { paths: [FIXTURE] });
      expect(messagesOf(started.problems)).toEqual([]);
      await started.session.prompt("/native-probe");
      expect(state.__nativeProbe).toEqual({ same: true, other: undefined, listed: ["native-demo/native-one"] });
      await started.session.prompt("/native-use");
      expect(state.__nativeSelected).toBe(true);
      await started.session.prompt("hello");
      const last = started.session.messages.at(-1) as { role: string; content: { text?: string }[] };
      // the model's own header reaches its stream, as pi's getAuth merges it
      expect(last.content[0]?.text).toMatch(/^native answer to hello \(level \w+, model header native-one\)$/);
      expect(state.__nativeSeen!.at(-1)).toEqual({ api: "native-demo-api", apiKey: "native-key-1", lastUser: "hello" });
      await started.session.prompt("/native-off");
      await started.session.prompt("/native-probe");
      expect(state.__nativeProbe).toEqual({ same: false, other: undefined, listed: [] });
      await started.session.dispose();
    } finally {
      delete process.env.NATIVE_DEMO_KEY;
    }
  });

  it("a blank key variable counts as unset, as pi-ai's auth context reads the environment: the model is not available", async () => {
    process.env.NATIVE_DEMO_KEY = "   ";
    try {
      const started = await startSession(world, { paths: [FIXTURE] });
      await started.session.prompt("/native-available");
      expect((globalThis as { __nativeAvailable?: string[] }).__nativeAvailable).toEqual([]);
      await started.session.dispose();
      process.env.NATIVE_DEMO_KEY = "native-key-3";
      const keyed = await startSession(world, { paths: [FIXTURE] });
      await keyed.session.prompt("/native-available");
      expect((globalThis as { __nativeAvailable?: string[] }).__nativeAvailable).toEqual(["native-demo/native-one"]);
      await keyed.session.dispose();
    } finally {
      delete process.env.NATIVE_DEMO_KEY;
    }
  });

  it("a provider object the models service refuses is reported, and getRegisteredNativeProvider does not answer it", async () => {
    const path = await world.write(
      "ext/refused.ts",
      `export default function (pi: any) {
         const provider = { id: "nowhere", name: "Nowhere", auth: {}, getModels: () => [{ id: "m", api: "x" }], streamSimple: () => undefined };
         pi.registerProvider(provider);
         pi.registerCommand("refused-probe", { handler: async (_args: string, ctx: any) => {
           (globalThis as any).__refused = ctx.modelRegistry.getRegisteredNativeProvider("nowhere") ?? "none";
         } });
       }`,
    );
    const started = await startSession(world, { paths: [path] });
    expect(messagesOf(started.problems)).toEqual([expect.stringMatching(/refused\.ts failed in registerProvider\("nowhere"\): .*no "baseUrl"/s)]);
    await started.session.prompt("/refused-probe");
    expect((globalThis as { __refused?: unknown }).__refused).toBe("none");
    await started.session.dispose();
  });
});

describe.skipIf(!existsSync(NODE22) || !existsSync(PI16_CLI))("registerProvider(provider) from the CLI, beside pi 1.6.0", () => {
  let world: CliWorld;
  beforeEach(async () => (world = await createCliWorld()));
  afterEach(() => world.close());

  it("--list-models lists the provider's model and -p is answered by its stream (the model's thinking levels and headers honoured), in pith as in pi", { timeout: 120_000 }, async () => {
    const env = { NATIVE_DEMO_KEY: "native-key-2" };
    const list = ["-ne", "-e", FIXTURE, "--list-models", "native"];
    // xhigh exists only through the model's thinkingLevelMap
    const ask = ["-ne", "-e", FIXTURE, "--model", "native-demo/native-one", "--thinking", "xhigh", "--no-session", "-p", "hi there"];
    const pithList = await world.run(list, { env });
    const piList = await runPiCli({ ...world, env: { ...world.env, ...env } }, list);
    expect(pithList.stdout).toMatch(/native-demo\s+native-one/);
    expect(piList.stdout).toMatch(/native-demo\s+native-one/);
    const pith = await world.run(ask, { env });
    const pi = await runPiCli({ ...world, env: { ...world.env, ...env } }, ask);
    expect(pi.stdout.trim()).toBe("native answer to hi there (level xhigh, model header native-one)");
    expect(pith.stdout.trim()).toBe(pi.stdout.trim());
  });

  it("a provider whose own auth finds no key is not configured: --list-models lists none of its models, in pith as in pi", { timeout: 120_000 }, async () => {
    const list = ["-ne", "-e", FIXTURE, "--list-models", "native"];
    const pith = await world.run(list);
    const pi = await runPiCli(world, list);
    expect(pi.stdout).toBe('No models matching "native"\n');
    expect(pith.stdout).toBe(pi.stdout);
  });
});
