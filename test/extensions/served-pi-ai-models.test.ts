// pi-ai 1.6.0's `StreamingJsonParser` and `withClientIdentity` as pith serves them. The parser reads documents cut
// into pieces of several sizes: each piece's changes and the snapshot after it must be pi's. The identity wrapper
// forwards a Models-shaped object's members and merges its identity into each request's options as pi's does.
import { describeServedScripts } from "./served-scripts.js";

const DOCUMENTS = [
  `{"path": "src/a.ts", "edits": [{"old": "x\\ny", "new": "z\\u00e9\\"q\\""}, {"line": 12, "all": true, "none": null}], "n": -1.5e3}`,
  `[1, "two", [3, [4, {"five": false}]], {}, [], "end"]`,
  `  {"text": "trailing   ", "tab":"a\\tb", "emoji": "\\ud83d\\ude00", "big": 123456789, "neg": -0.25, "exp": 2E-2}  `,
  `"just a string with \\\\ and \\/"`,
  `{"a": {"b": {"c": {"d": [true, false, null]}}}, "z": "last"}`,
  `42`,
  `{"k": tru`,
];

const SCRIPTS: Array<[label: string, source: string]> = [
  ["StreamingJsonParser reports pi's changes and snapshots piece by piece", `(m) => {
    const runs = [];
    for (const document of ${JSON.stringify(DOCUMENTS)}) {
      for (const size of [1, 3, 7, 1000]) {
        const parser = new m.StreamingJsonParser();
        const steps = [{ before: parser.snapshot() ?? "undefined" }];
        for (let at = 0; at < document.length; at += size) {
          const changes = parser.append(document.slice(at, at + size));
          steps.push({ piece: document.slice(at, at + size), changes, snapshot: parser.snapshot() ?? "undefined" });
        }
        runs.push({ size, steps });
      }
    }
    const parser = new m.StreamingJsonParser();
    parser.append('{"a": [1, 2');
    const first = parser.snapshot();
    const again = parser.snapshot();
    parser.append(" ");
    const unchanged = parser.snapshot();
    parser.append("]}");
    return { runs, same: first === again && again === unchanged, after: parser.snapshot(), frozen: first };
  }`],
  ["withClientIdentity forwards a Models object and merges its identity into requests", `async (m) => {
    const calls = [];
    const record = (name) => (...args) => { calls.push([name, ...args.map((arg) => arg === undefined ? "undefined" : arg)]); return name + " result"; };
    const names = ["getProviders", "getProvider", "getModels", "getModel", "getModelsOfType", "getModelOfType", "getAllModels", "refresh", "checkAuth", "getAvailable", "getAvailableOfType", "getAllAvailable", "login", "logout",
      "stream", "complete", "streamSimple", "completeSimple", "streamDeferred", "fetchDeferred", "cancelDeferred", "generateImages", "classify"];
    const models = Object.fromEntries(names.map((name) => [name, record(name)]));
    models.getAuth = function (id) { calls.push(["getAuth", id, this === models]); return "auth"; };
    const identity = { userAgent: "acme/1", attribution: { name: "acme", url: "https://acme.dev" } };
    const wrapped = m.withClientIdentity(models, identity);
    const results = [];
    results.push(wrapped.getModels("p"), wrapped.getModel("p", "m"), wrapped.getAuth("p"), wrapped.refresh({ force: true }));
    results.push(wrapped.stream({ id: "m" }, { messages: [] }));
    results.push(wrapped.complete({ id: "m" }, { messages: [] }, { identity: { version: "9" }, temperature: 1 }));
    results.push(wrapped.classify({ id: "c" }, {}, { identity: { userAgent: "other" } }));
    results.push(wrapped.fetchDeferred({ id: "m" }, { id: "h" }, { signal: null }));
    const mutable = m.withClientIdentity({ ...models, setProvider: record("setProvider"), deleteProvider: record("deleteProvider"), clearProviders: record("clearProviders") }, { version: "2" });
    results.push(mutable.setProvider({ id: "x" }), mutable.deleteProvider("x"), mutable.clearProviders(), mutable.streamSimple({ id: "m" }, {}, undefined));
    const partly = m.withClientIdentity({ ...models, setProvider: record("setProvider") }, {});
    return { keys: Object.keys(wrapped), mutableKeys: Object.keys(mutable), partlyKeys: Object.keys(partly), results, calls };
  }`],
];

// a Models collection over providers built with the served createProvider, whose API records what it is sent
const COLLECTION = `async (m) => {
  const sent = [];
  const core = m.createFauxCore({ api: "acme-api", provider: "acme", tokenSize: { min: 2, max: 2 } });
  core.setResponses([m.fauxAssistantMessage("one"), m.fauxAssistantMessage("two"), m.fauxAssistantMessage("three")]);
  const recorded = (kind) => (model, context, options) => {
    sent.push({ kind, model: model.id, baseUrl: model.baseUrl ?? null, messages: context.messages.length, apiKey: options?.apiKey ?? null, headers: options?.headers ?? null, env: options?.env ?? null, identity: options?.identity ?? null, extra: options?.temperature ?? null });
    return core.stream(model, context, options);
  };
  const chat = (id, provider, extra = {}) => ({ id, name: id.toUpperCase(), api: "acme-api", provider, reasoning: false, input: ["text"], contextWindow: 1000, maxTokens: 100, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, ...extra });
  const acme = m.createProvider({ id: "acme", name: "Acme", auth: { apiKey: m.envApiKeyAuth("Acme key", ["ACME_KEY"]) }, models: [chat("a1", "acme"), chat("a2", "acme", { headers: { "X-Model": "a2", "x-team": "model" } }), { id: "k1", type: "classifier", api: "cls", provider: "acme", input: ["text"] }], api: { stream: recorded("stream"), streamSimple: recorded("simple") } });
  const beta = m.createProvider({ id: "beta", auth: { apiKey: m.envApiKeyAuth("Beta key", ["BETA_KEY"]) }, models: [chat("b1", "beta")], api: { stream: recorded("stream"), streamSimple: recorded("simple") }, filterModels: (models, credential) => credential ? models : [] });
  const broken = { id: "broken", name: "Broken", auth: { apiKey: { name: "none", resolve: async () => undefined } }, getModels: () => { throw new Error("catalogue down"); }, stream: recorded("stream"), streamSimple: recorded("simple") };
  const env = { ACME_KEY: "env-acme" };
  const credentials = new m.InMemoryCredentialStore();
  const models = m.createModels({ credentials, authContext: { env: async (name) => env[name], fileExists: async () => false }, identity: { userAgent: "acme-agent/1" } });
  for (const provider of [acme, beta, broken]) models.setProvider(provider);
  const ids = (list) => list.map((model) => model.provider + "/" + model.id);
  const out = {
    providers: models.getProviders().map((provider) => provider.id),
    all: ids(models.getModels()), acme: ids(models.getModels("acme")), none: ids(models.getModels("nobody")),
    one: models.getModel("acme", "a2")?.id ?? null, typed: ids(models.getModelsOfType("classifier")), everything: ids(models.getAllModels()),
    checks: [await models.checkAuth("acme"), await models.checkAuth("beta") ?? null, await models.checkAuth("nobody") ?? null],
    available: ids(await models.getAvailable()), allAvailable: ids(await models.getAllAvailable()),
    auth: [await models.getAuth("acme"), await models.getAuth("beta") ?? null, await models.getAuth(models.getModel("acme", "a2"))],
  };
  await credentials.modify("beta", async () => ({ type: "api_key", key: "stored-beta" }));
  out.afterLogin = ids(await models.getAvailable("beta"));
  out.replies = [
    (await models.complete(models.getModel("acme", "a1"), { systemPrompt: "be brief", messages: [{ role: "user", content: "hi", timestamp: 1 }] }, { temperature: 0.5, headers: { "X-Req": "1" }, identity: { version: "3" } })).content,
    (await models.completeSimple(models.getModel("acme", "a2"), { messages: [] }, { apiKey: "explicit", headers: { "x-model": "override" } })).content,
    (await models.completeSimple(models.getModel("beta", "b1"), { messages: [] }, { transformHeaders: (headers) => ({ ...headers, added: "yes" }) })).content,
  ];
  const failure = async (model, options) => { const reply = await models.complete(model, { messages: [] }, options); return [reply.stopReason, reply.errorMessage]; };
  out.failures = [
    await failure({ ...chat("x", "nobody") }),
    await failure({ id: "k1", type: "classifier", api: "cls", provider: "acme" }),
    await failure(chat("b1", "beta"), { apiKey: "" }),
  ];
  const noEnv = m.createModels({ authContext: { env: async () => undefined, fileExists: async () => false } });
  noEnv.setProvider(beta);
  out.unconfigured = await failure.call(null, chat("b1", "beta")).catch((error) => error.message);
  out.unconfiguredOther = await noEnv.complete(chat("b1", "beta"), { messages: [] }).then((reply) => [reply.stopReason, reply.errorMessage]);
  out.classified = await models.classify({ id: "k1", type: "classifier", api: "cls", provider: "acme", input: ["text"] }, { images: [{}] }).then((result) => ({ ...result, timestamp: typeof result.timestamp }));
  out.image = await models.generateImages(chat("a1", "acme"), { input: [] }).then((result) => ({ ...result, timestamp: typeof result.timestamp }));
  let loginError;
  try { await models.login("broken", "oauth", { prompt: async () => "" }); } catch (error) { loginError = [error.name, error.code, error.message]; }
  out.login = [await models.login("beta", "api_key", { prompt: async (request) => "typed:" + request.message }), await credentials.read("beta"), loginError];
  await models.logout("beta");
  out.loggedOut = (await credentials.read("beta")) ?? null;
  const store = new m.InMemoryModelsStore();
  await store.write("dyn", { models: [chat("stored", "dyn"), chat("alien", "other")], checkedAt: 1 });
  let fetches = 0;
  const dynamic = m.createProvider({ id: "dyn", auth: { apiKey: m.envApiKeyAuth("Dyn key", ["DYN_KEY"]) }, models: [chat("base", "dyn")], api: { stream: recorded("stream"), streamSimple: recorded("simple") },
    fetchModels: async (context) => { fetches++; return [chat("fetched-" + (context.credential?.key ?? "none"), "dyn"), { id: "v", type: "video", api: "x", provider: "dyn" }]; } });
  const refreshing = m.createModels({ modelsStore: store, authContext: { env: async (name) => (name === "DYN_KEY" ? "dyn-key" : undefined), fileExists: async () => false } });
  refreshing.setProvider(dynamic);
  refreshing.setProvider(acme);
  const offline = await refreshing.refresh({ allowNetwork: false });
  const afterOffline = ids(refreshing.getModels("dyn"));
  const online = await refreshing.refresh({ providers: ["dyn", "nobody"] });
  const aborted = new AbortController();
  aborted.abort();
  out.refresh = { offline: [offline.aborted, [...offline.errors]], afterOffline, online: [online.aborted, [...online.errors]], afterOnline: ids(refreshing.getModels("dyn")), fetches,
    stored: (await store.read("dyn")).models.map((model) => model.id), aborted: (await refreshing.refresh({ signal: aborted.signal })).aborted };
  models.deleteProvider("broken");
  out.afterDelete = models.getProviders().map((provider) => provider.id);
  models.clearProviders();
  out.cleared = models.getProviders().length;
  out.sent = sent;
  return out;
}`;

// the built-in providers as objects, and a collection of them
const BUILTIN = `async (m, providers) => {
  const list = providers.builtinProviders();
  const summary = list.map((provider) => ({
    id: provider.id, name: provider.name,
    chat: provider.getModels().length, all: (provider.getAllModels?.() ?? provider.getModels()).length,
    first: provider.getModels()[0]?.id ?? null, calls: typeof provider.stream + typeof provider.streamSimple,
  }));
  const radius = providers.radiusProvider({ id: "my-radius", name: "Mine" });
  const elsewhere = providers.radiusProvider({ gateway: "https://gateway.example.com" });
  const env = { OPENAI_API_KEY: "sk-test", RADIUS_API_KEY: "r-test" };
  const models = providers.builtinModels({ authContext: { env: async (name) => env[name], fileExists: async () => false } });
  const available = await models.getAvailable();
  return {
    summary,
    radius: [radius.id, radius.name, radius.getModels().map((model) => model.provider + "/" + model.id).slice(0, 3), elsewhere.getModels().length,
      providers.radiusProvider({ gateway: "radius.pi.dev/" }).getModels().length, providers.radiusProvider({ gateway: "https://radius.pi.dev" }).getModels().length],
    providers: models.getProviders().length,
    availableProviders: [...new Set(available.map((model) => model.provider))],
    auth: await models.getAuth("openai"),
    model: models.getModel("anthropic", "claude-opus-4-7")?.name ?? null,
  };
}`;

describeServedScripts("pi-ai's incremental JSON parser, identity wrapper and Models collection give pi 1.6.0's results", {
  modules: ["@earendil-works/pi-ai"],
  preamble: "",
  scripts: [...SCRIPTS, ["createModels holds providers, resolves their auth and sends each request to its provider", COLLECTION]],
});

describeServedScripts("pi-ai's built-in provider objects give pi 1.6.0's results", {
  modules: ["@earendil-works/pi-ai", "@earendil-works/pi-ai/providers/all"],
  preamble: "",
  scripts: [["builtinProviders, radiusProvider and builtinModels", BUILTIN]],
});
