// pi 1.6.0's ModelRuntime and ModelRegistry as pith serves them: the same script runs with pi's own classes (under
// Node 22) and with pith's served ones (loaded as an extension file), each over its own copy of the same auth.json
// and models.json. Models, availability, auth status, resolved keys, registrations, virtual-model routing, runtime
// keys, logins and logouts must give the same answers, auth.json must end the same, and each side must read the
// folder the other wrote as it reads its own.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExtensionModuleLoader } from "../../plugins/extensions/loading/module-loader.js";
import { PI16_PACKAGE, runOnNode22 } from "../support/pi-node22.js";
import { createWorld, type World } from "./harness.js";

const AGENT = "@earendil-works/pi-coding-agent";
/** providers the script asks about: no key variable of theirs may leak in from the machine running the test */
const ASKED = ["anthropic", "openai", "google", "mistral", "local", "ext", "virt", "nowhere"];

const AUTH = { anthropic: { type: "api_key", key: "sk-ant-stored" }, openai: { type: "api_key", key: "sk-openai-stored" } };
const MODELS = {
  providers: {
    local: {
      name: "Local Box",
      baseUrl: "http://127.0.0.1:9/v1",
      api: "openai-completions",
      apiKey: "local-key",
      headers: { "x-team": "blue" },
      models: [{ id: "m1", name: "M1", contextWindow: 1000, maxTokens: 100, reasoning: true }],
    },
  },
};

const PRELUDE = `
  const pick = (model) => model && { id: model.id, provider: model.provider, api: model.api, baseUrl: model.baseUrl, contextWindow: model.contextWindow, maxTokens: model.maxTokens, name: model.name };
  const settle = async (work) => { try { return await work(); } catch { return "threw"; } };
  const asked = ${JSON.stringify(ASKED)};
  const state = async (rt, reg) => ({
    configured: asked.map((p) => rt.hasConfiguredAuth(p)),
    status: asked.map((p) => rt.getProviderAuthStatus(p)),
    oauth: asked.map((p) => rt.isUsingOAuth(p)),
    keys: await Promise.all(asked.map((p) => reg.getApiKeyForProvider(p).then((key) => key ?? null))),
    available: [...new Set(reg.getAvailable().map((m) => m.provider))].filter((p) => asked.includes(p)).sort(),
    credentials: (await rt.listCredentials()).filter((c) => asked.includes(c.providerId)).sort((a, b) => a.providerId.localeCompare(b.providerId)),
    names: asked.map((p) => reg.getProviderDisplayName(p)),
  });
  const scenario = async (m, dir) => {
    const rt = await m.ModelRuntime.create({ authPath: dir + "/auth.json", modelsPath: dir + "/models.json" });
    const reg = new m.ModelRegistry(rt);
    const m1 = rt.getModel("local", "m1");
    const start = {
      m1: pick(m1), local: rt.getModels("local").map((m) => m.id), find: pick(reg.find("local", "m1")), missing: reg.find("local", "nope") ?? null,
      ofType: rt.getModelsOfType("chat", "local").map((m) => m.id), error: rt.getError() ?? null,
      request: await reg.getApiKeyAndHeaders(m1),
      providerAuth: await settle(async () => { const found = await reg.getProviderAuth("anthropic"); return found && { apiKey: found.auth.apiKey, source: found.source }; }),
      check: await rt.checkAuth("openai"), noCheck: (await rt.checkAuth("nowhere")) ?? null,
      compat: rt.getCompatibilityRequestConfig(m1), subscription: rt.isUsingSubscription("anthropic"),
      providers: rt.getProviders().map((p) => p.id).filter((id) => asked.includes(id)).sort(),
      provider: (({ id, name, baseUrl }) => ({ id, name, baseUrl }))(rt.getProvider("local")),
      allModels: rt.getAllModels("local").map((m) => m.id), allAvailable: (await rt.getAllAvailable("local")).map((m) => m.id),
      snapshot: rt.getAvailableSnapshot().filter((m) => m.provider === "local").map((m) => m.id),
      override: await settle(async () => { const found = await rt.getAuth("anthropic", { apiKey: "sk-override" }); return found && { apiKey: found.auth.apiKey, source: found.source ?? null }; }),
      state: await state(rt, reg),
    };
    await rt.setRuntimeApiKey("google", "g-runtime");
    const runtimeKey = await state(rt, reg);
    await rt.removeRuntimeApiKey("google");
    reg.registerProvider("ext", { name: "Ext", baseUrl: "http://127.0.0.1:9/ext", api: "openai-completions", apiKey: "ext-key", models: [{ id: "e1", name: "E1", contextWindow: 500, maxTokens: 50 }] });
    const registered = { e1: pick(reg.find("ext", "e1")), ids: [...reg.getRegisteredProviderIds()], config: Object.keys(reg.getRegisteredProviderConfig("ext")).sort(), status: reg.getProviderAuthStatus("ext") };
    reg.registerProvider("ext", { baseUrl: "http://127.0.0.1:9/moved" });
    const merged = { e1: pick(reg.find("ext", "e1")), config: reg.getRegisteredProviderConfig("ext").apiKey };
    const noConfig = await settle(async () => reg.registerProvider("ext2"));
    reg.unregisterProvider("ext");
    const unregistered = [reg.find("ext", "e1") ?? null, [...reg.getRegisteredProviderIds()]];
    reg.registerVirtualModel({ provider: "virt", id: "auto", name: "Auto", route: (request) => ({ model: rt.getModel("local", "m1"), thinkingLevel: request.reason === "direct" ? "high" : "low" }) });
    const auto = rt.getModel("virt", "auto");
    const routed = await rt.resolveModel(auto, [], { reason: "direct", thinkingLevel: "minimal" });
    const virtual = { auto: auto && { id: auto.id, provider: auto.provider, name: auto.name }, physical: rt.getPhysicalModel("virt", "auto") ?? null, routed: { model: routed.model.id, level: routed.thinkingLevel }, configured: rt.hasConfiguredAuth("virt") };
    const conflict = await settle(async () => reg.registerVirtualModel({ provider: "local", id: "m1", name: "x", route: () => undefined }));
    reg.unregisterVirtualModel("virt", "auto");
    await rt.logout("anthropic");
    const loggedOut = await state(rt, reg);
    const prompts = [];
    const interaction = { prompt: async (prompt) => { prompts.push(prompt.type); return "sk-typed"; }, notify() {} };
    const credential = await settle(() => rt.login("mistral", "api_key", interaction));
    const loggedIn = { credential, prompts, configured: rt.hasConfiguredAuth("mistral"), key: await reg.getApiKeyForProvider("mistral") };
    return { start, runtimeKey, registered, merged, noConfig, unregistered, virtual, conflict, gone: rt.getModel("virt", "auto") ?? null, loggedOut, loggedIn };
  };
  const reread = async (m, dir) => {
    const rt = await m.ModelRuntime.create({ authPath: dir + "/auth.json", modelsPath: dir + "/models.json" });
    return state(rt, new m.ModelRegistry(rt));
  };
  const broken = async (m, dir) => {
    const rt = await m.ModelRuntime.create({ authPath: dir + "/auth.json", modelsPath: dir + "/broken.json" });
    const none = await m.ModelRuntime.create({ authPath: dir + "/auth.json", modelsPath: null });
    return { error: typeof rt.getError(), builtIn: rt.getModels("anthropic").length > 0, withoutModelsJson: none.getModel("local", "m1") ?? null, noneError: none.getError() ?? null };
  };
`;

let world: World;
let served: Record<string, any>;
const evaluate = (body: string) => new Function("m", "input", `${PRELUDE}\nreturn (${body})(m, input);`) as (m: unknown, input: any) => Promise<any>;
const cleanEnv = Object.fromEntries(
  Object.keys(process.env)
    .filter((name) => /API_KEY|_TOKEN|GOOGLE|GEMINI|ANTHROPIC|OPENAI|MISTRAL|AWS_|VERTEX/.test(name))
    .map((name) => [name, undefined]),
);
const pi = async (body: string, input: unknown) =>
  JSON.parse(
    await runOnNode22(`const { VIRTUAL_MODULES } = await import(${JSON.stringify(`${PI16_PACKAGE}/dist/core/extensions/virtual-modules.js`)});
    const m = VIRTUAL_MODULES[${JSON.stringify(AGENT)}];
    ${PRELUDE}
    process.stdout.write(JSON.stringify(await (${body})(m, ${JSON.stringify(input)})));`, { env: { ...cleanEnv, HOME: world.root, PI_OFFLINE: "1", PI_CODING_AGENT_DIR: join(world.root, "none") } }),
  );
const pith = (body: string, input: unknown) => evaluate(body)(served, input);

async function seed(side: string): Promise<string> {
  const dir = join(world.root, side);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "auth.json"), JSON.stringify(AUTH, null, 2));
  await writeFile(join(dir, "models.json"), JSON.stringify(MODELS, null, 2));
  await writeFile(join(dir, "broken.json"), "{ nope");
  return dir;
}

let piDir: string;
let pithDir: string;
let piResult: any;
let pithResult: any;
const saved = { ...process.env };

beforeAll(async () => {
  world = await createWorld();
  for (const name of Object.keys(cleanEnv)) delete process.env[name];
  const path = await world.write("ext/served.ts", `import * as served from "${AGENT}";\nexport default served;`);
  served = (await createExtensionModuleLoader({ cacheDir: world.cacheDir }).load(path)) as Record<string, any>;
  piDir = await seed("pi");
  pithDir = await seed("pith");
  piResult = await pi(`(m, dir) => scenario(m, dir)`, piDir);
  pithResult = await pith(`(m, dir) => scenario(m, dir)`, pithDir);
}, 180_000);
afterAll(async () => {
  Object.assign(process.env, saved);
  await world.close();
});

describe("ModelRuntime and ModelRegistry served as pi 1.6.0's", () => {
  it("lists, resolves, registers and routes as pi does", () => {
    expect(pithResult.start).toEqual(piResult.start);
    expect(pithResult.start.request).toMatchObject({ ok: true, apiKey: "local-key", headers: { "x-team": "blue" } });
    expect(pithResult.runtimeKey).toEqual(piResult.runtimeKey);
    expect(pithResult.registered).toEqual(piResult.registered);
    expect(pithResult.merged).toEqual(piResult.merged);
    expect(pithResult.noConfig).toBe("threw");
    expect(pithResult.unregistered).toEqual(piResult.unregistered);
    expect(pithResult.virtual).toEqual(piResult.virtual);
    expect(pithResult.conflict).toBe("threw");
    expect(pithResult.conflict).toEqual(piResult.conflict);
    expect(pithResult.gone).toEqual(piResult.gone);
  });

  it("logs out and in as pi does: auth.json ends the same", async () => {
    expect(pithResult.loggedOut).toEqual(piResult.loggedOut);
    const auth = async (dir: string) => JSON.parse(await readFile(join(dir, "auth.json"), "utf8"));
    expect(await auth(pithDir)).toEqual(await auth(piDir));
    expect(await auth(pithDir)).toEqual({ openai: AUTH.openai, mistral: { type: "api_key", key: "sk-typed" } });
    expect(pithResult.loggedIn).toEqual(piResult.loggedIn);
  });

  it("each reads the folder the other wrote as it reads its own", async () => {
    const piReadsPi = await pi(`(m, dir) => reread(m, dir)`, piDir);
    expect(await pi(`(m, dir) => reread(m, dir)`, pithDir)).toEqual(piReadsPi);
    expect(await pith(`(m, dir) => reread(m, dir)`, piDir)).toEqual(piReadsPi);
  });

  it("reports a broken models.json and keeps built-in models; modelsPath null reads none", async () => {
    expect(await pith(`(m, dir) => broken(m, dir)`, pithDir)).toEqual(await pi(`(m, dir) => broken(m, dir)`, piDir));
  });
});
