// `ctx.modelRegistry`'s provider members answer what pi 1.6.0's do for the same extension (values observed running
// pi 1.6.0 with this extension): display names, the provider object, resolved auth with its source, the registered
// config, `refresh()`'s result; `classify` and `generateImages` answer an error result with a code, never reject.
import { afterAll, beforeAll, expect, it } from "vitest";
import { createWorld, messagesOf, startSession, type World } from "./harness.js";

let world: World;
beforeAll(async () => (world = await createWorld()));
afterAll(() => world.close());

const MODEL = { id: "m1", name: "M1", reasoning: false, input: ["text"], cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, contextWindow: 1000, maxTokens: 100 };

it("getProviderDisplayName, getProvider, getProviderAuth, getRegisteredProviderConfig, refresh, classify and generateImages", async () => {
  const path = await world.write(
    "ext/probe.ts",
    `const MODEL = ${JSON.stringify(MODEL)};
     export default function (pi: any) {
       pi.registerProvider("myprov", { name: "My Provider", baseUrl: "http://127.0.0.1:9/v1", api: "openai-completions", apiKey: "lit-key", headers: { "x-a": "b" }, models: [MODEL] });
       pi.registerProvider("noname", { baseUrl: "http://127.0.0.1:9/v1", api: "openai-completions", apiKey: "k2", models: [{ ...MODEL, id: "m2" }] });
       pi.registerCommand("probe", { handler: async (_args: string, ctx: any) => {
         const r = ctx.modelRegistry;
         const provider = r.getProvider("myprov");
         const refreshed = await r.refresh();
         (globalThis as any).__probe = {
           names: ["anthropic", "myprov", "noname", "nosuch", "openai-codex"].map((id) => r.getProviderDisplayName(id)),
           provider: { id: provider.id, name: provider.name, baseUrl: provider.baseUrl, headers: provider.headers, models: provider.getModels().map((m: any) => m.id), calls: typeof provider.streamSimple },
           nosuch: r.getProvider("nosuch"),
           authMine: await r.getProviderAuth("myprov"),
           authAnthropic: await r.getProviderAuth("anthropic"),
           authNone: await r.getProviderAuth("openai"),
           config: r.getRegisteredProviderConfig("myprov"),
           configNone: r.getRegisteredProviderConfig("anthropic"),
           refresh: { aborted: refreshed.aborted, isMap: refreshed.errors instanceof Map, size: refreshed.errors.size },
           classify: await r.classify({ provider: "typesafe", id: "jev-latest", api: "typesafe-system-one" }, { state: {}, questions: {} }),
           images: await r.generateImages({ provider: "openrouter", id: "flux", api: "openrouter-images" }, { prompt: "x" }),
         };
       } });
     }`,
  );
  const previous = process.env.ANTHROPIC_API_KEY;
  process.env.ANTHROPIC_API_KEY = "ak-1";
  try {
    const started = await startSession(world, { paths: [path] });
    await started.session.prompt("/probe");
    expect(messagesOf(started.problems)).toEqual([]);
    const probe = (globalThis as { __probe?: Record<string, any> }).__probe!;
    expect(probe.names).toEqual(["Anthropic", "My Provider", "noname", "nosuch", "OpenAI Codex"]);
    expect(probe.provider).toEqual({ id: "myprov", name: "My Provider", baseUrl: "http://127.0.0.1:9/v1", headers: { "x-a": "b" }, models: ["m1"], calls: "function" });
    expect(probe.nosuch).toBeUndefined();
    expect(probe.authMine).toEqual({ auth: { apiKey: "lit-key", headers: { "x-a": "b" } }, source: "configured API key" });
    expect(probe.authAnthropic).toEqual({ auth: { apiKey: "ak-1" }, source: "ANTHROPIC_API_KEY" });
    expect(probe.authNone).toBeUndefined();
    expect(probe.config).toMatchObject({ name: "My Provider", baseUrl: "http://127.0.0.1:9/v1", api: "openai-completions", apiKey: "lit-key", models: [{ id: "m1" }] });
    expect(probe.configNone).toBeUndefined();
    expect(probe.refresh).toEqual({ aborted: false, isMap: true, size: 0 });
    // a model object that is not a catalogue classifier (no type) is refused, as pi refuses it
    expect(probe.classify).toMatchObject({ api: "typesafe-system-one", provider: "typesafe", model: "jev-latest", answers: {}, stopReason: "error", code: "MODEL_TYPE_MISMATCH" });
    expect(probe.classify.errorMessage).toBe("Model typesafe/jev-latest is not a classifier model");
    // a model without `type: "image"` is not an image model (pi's message), never a rejection
    expect(probe.images).toMatchObject({ provider: "openrouter", model: "flux", output: [], stopReason: "error", code: "MODEL_TYPE_MISMATCH", errorMessage: "Model openrouter/flux is not an image model" });
    await started.session.dispose();
  } finally {
    if (previous === undefined) delete process.env.ANTHROPIC_API_KEY;
    else process.env.ANTHROPIC_API_KEY = previous;
  }
}, 120_000);
