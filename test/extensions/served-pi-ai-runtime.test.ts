// pi-ai 1.6.0's runtime names pith serves: the faux provider, the API and image registries, lazy streams,
// `createProvider` and per-session resource cleanup. Each script runs against pi's served module (Node 22) and
// pith's (an extension file), and the JSON of the two results must be equal; in a session, pith's -p answers with
// the faux replies as pi's does, and the API registry holds the session's provider plugins.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { NODE22, PI16_CLI, runPiCli } from "../support/pi-node22.js";
import { createWorld, messagesOf, startSession, type World } from "./harness.js";
import { describeServedScripts } from "./served-scripts.js";

const FIXTURE = fileURLToPath(new URL("./fixtures/faux-provider.ts", import.meta.url));

// timestamps, durations and random ids differ between runs; everything else must match
// (whether a reply is timed depends on its script's timestamp falling in the stream's millisecond)
const PLAIN = `(value) => JSON.parse(JSON.stringify(value, (key, item) =>
  key === "durationMs" ? undefined : key === "timestamp" || key === "checkedAt" ? 0 : typeof item === "string" ? item.replace(/(deferred|faux):\\d+:\\w+/g, "$1:id") : item))`;
const drain = `async (stream) => { const events = []; for await (const event of stream) events.push(event); return { events, result: await stream.result() }; }`;

const SCRIPTS: Array<[label: string, source: string]> = [
  ["createFauxCore streams scripted replies with pi-ai's usage estimate", `async (m) => {
    const core = m.createFauxCore({ api: "faux-x", provider: "acme", tokenSize: { min: 1, max: 1 }, models: [{ id: "m1", contextWindow: 1000 }, { id: "m2", name: "Two", reasoning: true, input: ["text"] }] });
    core.setResponses([
      m.fauxAssistantMessage([m.fauxThinking("think about it"), m.fauxText("hello world, this is faux"), m.fauxToolCall("read", { path: "a.txt", lines: [1, 2] }, { id: "c1" })], { stopReason: "toolUse" }),
    ]);
    core.appendResponses([(context, options, state, model) => m.fauxAssistantMessage("seen " + context.messages.length + " messages by " + model.id + " at call " + state.callCount + " in " + options.sessionId)]);
    const system = { role: "system", content: "You are terse.", toolsAdded: [{ name: "read", description: "Read a file", parameters: { type: "object" } }], timestamp: 1 };
    const user = { role: "user", content: [{ type: "text", text: "hi" }, { type: "image", mimeType: "image/png", data: "AAAA" }], timestamp: 2 };
    const first = await drain(core.streamSimple(core.getModel(), { messages: [system, user] }, { sessionId: "s1" }));
    const reply = first.result;
    const tool = { role: "toolResult", toolCallId: "c1", toolName: "read", content: [{ type: "text", text: "file text" }], isError: false, timestamp: 3 };
    const second = await drain(core.stream(core.getModel("m2"), { messages: [system, user, reply, tool] }, { sessionId: "s1" }));
    const third = await drain(core.stream(core.getModel(), { messages: [user] }));
    return plain({ models: core.models, api: core.api, provider: core.provider, missing: core.getModel("none") ?? null, first, second, third, state: core.state, pending: core.getPendingResponseCount() });
  }`],
  ["createFauxCore parks deferred replies, fetches and cancels them", `async (m) => {
    const core = m.createFauxCore({ api: "faux-d", tokenSize: { min: 2, max: 2 }, deferred: { pendingFetches: 1, pollAfterMs: 50 } });
    core.setResponses([m.fauxAssistantMessage("later"), m.fauxAssistantMessage("never")]);
    const model = core.getModel();
    const parked = await drain(core.stream(model, { messages: [{ role: "user", content: "go", timestamp: 1 }] }, { deferred: true, sessionId: "d" }));
    const handle = parked.result.deferred;
    const waiting = await drain(core.fetchDeferred(model, handle));
    const ready = await drain(core.fetchDeferred(model, handle));
    const other = (await core.stream(model, { messages: [] }, { deferred: true }).result()).deferred;
    await core.cancelDeferred(model, other);
    const cancelled = await core.fetchDeferred(model, other).result();
    const unknown = await core.fetchDeferred(model, { ...handle, id: "nope" }).result();
    return plain({ parked, waiting, ready, cancelled, unknown, state: core.state });
  }`],
  ["a faux reply stops at an abort", `async (m) => {
    const core = m.createFauxCore({ api: "faux-a" });
    core.setResponses([m.fauxAssistantMessage("one"), m.fauxAssistantMessage("two")]);
    const controller = new AbortController();
    controller.abort();
    const aborted = await drain(core.stream(core.getModel(), { messages: [] }, { signal: controller.signal }));
    const failing = m.createFauxCore({ api: "faux-f" });
    failing.setResponses([() => { throw new Error("script broke"); }, { role: "assistant", content: [], stopReason: "pending" }]);
    return plain({ aborted, thrown: await drain(failing.stream(failing.getModel(), { messages: [] })), pending: await drain(failing.stream(failing.getModel(), { messages: [] })) });
  }`],
  ["lazyStream and lazyApi", `async (m) => {
    const model = { id: "lz", api: "lazy-api", provider: "lazy" };
    const seen = [];
    const failed = await drain(m.lazyStream(model, async () => { throw new Error("no module"); }, { onEvent: (event) => seen.push(event.type), onResult: (result) => seen.push("result " + result.stopReason) }));
    const core = m.createFauxCore({ api: "lazy-api", tokenSize: { min: 5, max: 5 } });
    core.setResponses([m.fauxAssistantMessage("loaded")]);
    let loads = 0;
    const api = m.lazyApi(async () => { loads++; return core; }, { fetchDeferred: true });
    const loaded = await drain(api.streamSimple(core.getModel(), { messages: [] }));
    const withoutDeferred = m.lazyApi(async () => ({ stream: core.stream, streamSimple: core.streamSimple }), { fetchDeferred: true, cancelDeferred: true });
    const noDeferred = await withoutDeferred.fetchDeferred(core.getModel(), { id: "x" }).result();
    let cancelError;
    try { await withoutDeferred.cancelDeferred(core.getModel(), { id: "x" }); } catch (error) { cancelError = error.message; }
    return plain({ failed, seen, loaded, loads, keys: Object.keys(api).sort(), noDeferred, cancelError, plainKeys: Object.keys(m.lazyApi(async () => core)).sort() });
  }`],
  ["createProvider", `async (m) => {
    const core = m.createFauxCore({ api: "chat-a", provider: "mixed", tokenSize: { min: 9, max: 9 } });
    core.setResponses([m.fauxAssistantMessage("from a")]);
    const models = [{ id: "c1", api: "chat-a", provider: "mixed" }, { id: "c2", api: "chat-b", provider: "mixed" }, { id: "i1", type: "image", api: "img-a", provider: "mixed" }, { id: "k1", type: "classifier", api: "cls-a", provider: "mixed" }];
    const provider = m.createProvider({
      id: "mixed", auth: { apiKey: { name: "k", resolve: async () => ({ auth: {} }) } }, models,
      api: { "chat-a": core },
      images: { "img-a": { generateImages: async (model) => ({ made: model.id }) } },
      fetchModels: async () => [{ id: "c1", api: "chat-a", provider: "mixed", name: "fetched" }, { id: "n1", api: "chat-a", provider: "mixed" }, { id: "odd", type: "video", api: "v", provider: "mixed" }],
    });
    const published = [];
    const publish = async (publication) => { published.push(publication.persist === undefined ? "update" : publication.persist); publication.update?.(); return true; };
    const before = { chat: provider.getModels().map((model) => model.id), all: provider.getAllModels().map((model) => model.id) };
    await provider.refreshModels({ stored: { models: [{ id: "s1", api: "chat-a", provider: "mixed" }, { id: "x", api: "chat-a", provider: "other" }] }, publish, allowNetwork: false, signal: new AbortController().signal });
    const restored = provider.getModels().map((model) => model.id);
    await provider.refreshModels({ publish, allowNetwork: true, signal: new AbortController().signal });
    let required;
    try { m.createProvider({ id: "empty", auth: {}, models: [], api: {} }); } catch (error) { required = error.message; }
    return plain({
      name: provider.name, keys: Object.keys(provider).sort(), before, restored, after: provider.getAllModels(), published,
      streamed: (await provider.streamSimple(models[0], { messages: [] }).result()).content,
      noApi: await provider.stream(models[1], { messages: [] }).result(),
      image: await provider.generateImages(models[2], { input: [] }),
      noImage: await provider.generateImages({ ...models[2], api: "img-b" }, { input: [] }),
      required,
      singleKeys: Object.keys(m.createProvider({ id: "one", auth: {}, models: [], classifiers: { c: { classify: async () => ({}) } } })).sort(),
    });
  }`],
  ["fauxProvider", `async (m) => {
    const faux = m.fauxProvider({ provider: "fp", tokenSize: { min: 3, max: 3 } });
    faux.setResponses([m.fauxAssistantMessage("provider reply")]);
    const { provider } = faux;
    return plain({
      id: provider.id, name: provider.name, keys: Object.keys(provider).sort(), authName: provider.auth.apiKey.name,
      resolved: await provider.auth.apiKey.resolve({}), models: provider.getModels(), handleKeys: Object.keys(faux).sort(),
      reply: await drain(provider.streamSimple(faux.getModel(), { messages: [{ role: "user", content: "hey", timestamp: 1 }] })),
      pending: faux.getPendingResponseCount(),
    });
  }`],
  ["the image API registry", `async (m) => {
    const builtIn = m.getImagesApiProvider("openrouter-images");
    m.registerImagesApiProvider({ api: "acme-images", generateImages: async (model, context) => ({ model: model.id, asked: context.input.length }) }, "src");
    const acme = m.getImagesApiProvider("acme-images");
    let mismatch;
    try { acme.generateImages({ api: "other", id: "i" }, { input: [] }); } catch (error) { mismatch = error.message; }
    let unknown;
    try { await m.generateImages({ api: "nobody-images", id: "i" }, { input: [] }); } catch (error) { unknown = error.message; }
    m.registerBuiltInImagesApiProviders();
    return [builtIn.api, Object.keys(builtIn).sort(), await m.generateImages({ api: "acme-images", id: "pic" }, { input: [1, 2] }), mismatch, unknown, m.getImagesApiProvider("missing") ?? null, m.getImagesApiProvider("openrouter-images") !== builtIn];
  }`],
  ["session resource cleanups", `(m) => {
    const calls = [];
    const first = m.registerSessionResourceCleanup((id) => calls.push("first " + id));
    m.registerSessionResourceCleanup((id) => { calls.push("second " + id); throw new Error("busy"); });
    const third = m.registerSessionResourceCleanup(() => { throw new Error("gone"); });
    let failure;
    try { m.cleanupSessionResources("s-1"); } catch (error) { failure = [error.name, error.message, error.errors.map((inner) => inner.message)]; }
    first();
    third();
    third();
    let second;
    try { m.cleanupSessionResources(); } catch (error) { second = error.errors.length; }
    return { calls, failure, second };
  }`],
  ["the in-memory stores and the default auth context", `async (m) => {
    const credentials = new m.InMemoryCredentialStore();
    const order = [];
    const slow = credentials.modify("p", async (current) => { await new Promise((resolve) => setTimeout(resolve, 20)); order.push("slow saw " + JSON.stringify(current ?? null)); return { type: "api_key", key: "one" }; });
    const fast = credentials.modify("p", async (current) => { order.push("fast saw " + current.key); return undefined; });
    const results = [await slow, await fast];
    const aborted = new AbortController();
    aborted.abort(new Error("stop"));
    const outcomes = [];
    for (const run of [() => credentials.read("p", { signal: aborted.signal }), () => credentials.modify("p", async () => ({ type: "x" }), { signal: aborted.signal }), () => credentials.delete("q", { signal: aborted.signal })]) {
      try { outcomes.push(await run()); } catch (error) { outcomes.push("rejected: " + error.message); }
    }
    await credentials.modify("q", async () => ({ type: "oauth", access: "a" }));
    const listed = await credentials.list();
    await credentials.delete("p");
    const models = new m.InMemoryModelsStore();
    const entry = { models: [{ id: "a", api: "x", provider: "p" }], checkedAt: 5, etag: '"e"' };
    await models.write("p", entry);
    entry.models[0].id = "changed";
    const read = await models.read("p");
    read.models[0].id = "changed too";
    const again = await models.read("p");
    await models.delete("p");
    process.env.PI_AI_TEST_BLANK = "  ";
    process.env.PI_AI_TEST_SET = "value";
    const context = m.defaultProviderAuthContext();
    return { order, results, outcomes, listed, after: await credentials.list(), again, gone: (await models.read("p")) ?? null,
      env: [await context.env("PI_AI_TEST_BLANK") ?? null, await context.env("PI_AI_TEST_SET"), await context.env("PI_AI_TEST_UNSET") ?? null],
      files: [await context.fileExists("/"), await context.fileExists("~"), await context.fileExists("/no/such/file")] };
  }`],
];

describeServedScripts("pi-ai's runtime names give pi 1.6.0's results", {
  modules: ["@earendil-works/pi-ai"],
  preamble: `const plain = ${PLAIN}; const drain = ${drain};`,
  scripts: SCRIPTS,
});

describe("pi-ai's API registry in a session", () => {
  let world: World;
  beforeAll(async () => (world = await createWorld()));
  afterAll(() => world.close());

  it("lists the session's providers, serves a registered faux API, and gives pith's provider back when the registration goes", async () => {
    const path = await world.write(
      "ext/registry.ts",
      `import * as ai from "@earendil-works/pi-ai";
       const seen: unknown[] = [];
       (globalThis as any).__registrySeen = seen;
       export default function (pi: any) {
         // the scripted provider the harness's model uses, replaced by a faux one for a while
         const faux = ai.registerFauxProvider({ api: "scripted" });
         faux.setResponses([ai.fauxAssistantMessage("faux answers"), ai.fauxAssistantMessage("faux again")]);
         pi.registerCommand("registry", { handler: async (args: string) => {
           const apis = ai.getApiProviders().map((provider) => provider.api);
           let mismatch: string | undefined;
           try { ai.getApiProvider("scripted")!.stream({ api: "other" } as any, { messages: [] }); } catch (error) { mismatch = (error as Error).message; }
           if (args === "unregister") faux.unregister();
           if (args === "reset") ai.resetApiProviders();
           if (args === "more") ai.registerApiProvider({ api: "extra", stream: (() => undefined) as any, streamSimple: (() => undefined) as any }, "mine");
           if (args === "less") ai.unregisterApiProviders("mine");
           ai.registerBuiltInApiProviders();
           seen.push({ args, scripted: apis.includes("scripted"), extra: apis.includes("extra"), mismatch, pending: faux.getPendingResponseCount() });
         } });
       }`,
    );
    const started = await startSession(world, { paths: [path], turns: [{ text: "pith's scripted answer" }] });
    // pith reports a replaced provider, whoever replaces it
    expect(messagesOf(started.problems)).toEqual(['provider api "scripted" from extensions replaces the one from scripted-provider:scripted']);
    const seen = (globalThis as { __registrySeen?: unknown[] }).__registrySeen!;
    const lastText = () => (started.session.messages.at(-1) as { content: { text?: string }[] }).content[0]?.text;
    await started.session.prompt("hello");
    expect(lastText()).toBe("faux answers");
    for (const step of ["more", "less", "more", "reset"]) await started.session.prompt(`/registry ${step}`);
    await started.session.prompt("hello again");
    expect(lastText()).toBe("pith's scripted answer");
    const mismatch = "Mismatched api: other expected scripted";
    expect(seen).toEqual([
      { args: "more", scripted: true, extra: false, mismatch, pending: 1 },
      { args: "less", scripted: true, extra: true, mismatch, pending: 1 },
      { args: "more", scripted: true, extra: false, mismatch, pending: 1 },
      { args: "reset", scripted: true, extra: true, mismatch, pending: 1 },
    ]);
    const afterReset = started.session.messages.length;
    await started.session.prompt("/registry unregister");
    expect(started.session.messages.length).toBe(afterReset);
    await started.session.dispose();
  });

  it("is reset by a reload, as pi's reload resets it: a command's registration is gone, a factory's is made again", async () => {
    const path = await world.write(
      "ext/reset-on-reload.ts",
      `import * as ai from "@earendil-works/pi-ai";
       const seen: unknown[] = ((globalThis as any).__reloadSeen ??= []);
       export default function (pi: any) {
         ai.registerApiProvider({ api: "at-load", stream: (() => undefined) as any }, "factory");
         pi.registerCommand("apis", { handler: async (args: string, ctx: any) => {
           if (args === "add") ai.registerApiProvider({ api: "by-command", stream: (() => undefined) as any }, "command");
           if (args === "reload") return void (await ctx.reload());
           seen.push(ai.getApiProviders().map((provider) => provider.api).filter((api) => api === "at-load" || api === "by-command"));
         } });
       }`,
    );
    const started = await startSession(world, { paths: [path] });
    for (const step of ["add", "list", "reload", "list"]) await started.session.prompt(`/apis ${step}`);
    expect((globalThis as { __reloadSeen?: unknown[] }).__reloadSeen).toEqual([["at-load", "by-command"], ["at-load", "by-command"], ["at-load"]]);
    await started.session.dispose();
  });
});

describe("pi-ai's Bedrock loader hooks in a session", () => {
  let world: World;
  beforeAll(async () => (world = await createWorld()));
  afterAll(() => world.close());

  it("serve Bedrock requests with the given module, loaded at the first request, whatever the registry's reset does", async () => {
    const path = await world.write(
      "ext/bedrock.ts",
      `import * as ai from "@earendil-works/pi-ai";
       const seen: unknown[] = [];
       (globalThis as any).__bedrockSeen = seen;
       export default function (pi: any) {
         const faux = ai.createFauxCore({ api: "bedrock-converse-stream" });
         faux.setResponses([ai.fauxAssistantMessage("from the module"), ai.fauxAssistantMessage("from the loader")]);
         ai.setBedrockProviderModule(faux);
         let loads = 0;
         pi.registerCommand("bedrock", { handler: async (args: string) => {
           if (args === "loader") ai.setBedrockProviderLoader(async () => { loads++; return faux; });
           ai.resetApiProviders();
           const model = { ...faux.getModel(), provider: "amazon-bedrock" };
           const before = loads;
           const reply = await ai.complete(model as any, { messages: [{ role: "user", content: "hi", timestamp: 1 }] }, { apiKey: "key" });
           seen.push({ text: (reply.content[0] as any)?.text ?? reply.errorMessage, loadsBefore: before, loads });
         } });
       }`,
    );
    const started = await startSession(world, { paths: [path] });
    expect(messagesOf(started.problems)).toEqual([expect.stringMatching(/provider api "bedrock-converse-stream" from extensions replaces the one from /)]);
    await started.session.prompt("/bedrock");
    await started.session.prompt("/bedrock loader");
    expect((globalThis as { __bedrockSeen?: unknown[] }).__bedrockSeen).toEqual([
      { text: "from the module", loadsBefore: 0, loads: 0 },
      { text: "from the loader", loadsBefore: 0, loads: 1 },
    ]);
    await started.session.dispose();
  });
});

describe.skipIf(!existsSync(NODE22) || !existsSync(PI16_CLI))("the faux provider from the CLI, beside pi 1.6.0", () => {
  let world: CliWorld;
  beforeAll(async () => (world = await createCliWorld()));
  afterAll(() => world.close());

  it("-p is answered by fauxProvider's and registerFauxProvider's replies, and the session's cleanup gets its id, in pith as in pi", { timeout: 120_000 }, async () => {
    for (const model of ["faux-demo/faux-a", "faux-global/g1"]) {
      const args = ["-ne", "-e", FIXTURE, "--model", model, "--no-session", "-p", "hello there"];
      const logs = { pith: join(world.home, `pith-${model.replace("/", "-")}.log`), pi: join(world.home, `pi-${model.replace("/", "-")}.log`) };
      const pith = await world.run(args, { env: { FAUX_LOG: logs.pith } });
      const pi = await runPiCli({ ...world, env: { ...world.env, FAUX_LOG: logs.pi } }, args);
      expect(pi.stdout.trim()).toMatch(/^(faux heard hello there after 2 calls; roles system,user,assistant,toolResult|global faux heard hello there)$/);
      expect(pith.stdout.trim()).toBe(pi.stdout.trim());
      expect(readFileSync(logs.pith, "utf8")).toBe(readFileSync(logs.pi, "utf8"));
      expect(readFileSync(logs.pith, "utf8")).toBe(`${JSON.stringify({ cleanup: "string", same: true })}\n`);
    }
  });
});
