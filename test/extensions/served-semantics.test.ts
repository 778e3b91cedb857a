// The helpers pith serves under pi's names give pi 1.6.0's results: each case is called in pi (its served module
// under Node 22, in a child process) and in pith (the served module as an extension file sees it), and the JSON of
// the two results must be equal.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExtensionModuleLoader } from "../../plugins/extensions/loading/module-loader.js";
import { PI16_PACKAGE, runOnNode22 } from "../support/pi-node22.js";
import { createWorld, type World } from "./harness.js";

type Case = [module: string, name: string, args: unknown[]];

const system = (content: string, extra: Record<string, unknown> = {}) => ({ role: "system", content, timestamp: 1, ...extra });
const tool = (name: string, description = name) => ({ name, description, parameters: { type: "object", properties: {} } });
const transcript = [
  system("base", { toolsAdded: [tool("read"), tool("bash")], sections: { rules: "<rules>a</rules>" } }),
  { role: "user", content: "hi", timestamp: 2 },
  system("more", { toolsRemoved: [{ name: "bash" }], toolsAdded: [tool("read", "changed")], sections: { rules: null, env: "<env/>" } }),
];
const model = { cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75, tiers: [{ inputTokensAbove: 200000, input: 6, output: 22.5, cacheRead: 0.6, cacheWrite: 7.5 }] } };
const usage = (input: number) => ({ input, output: 1000, cacheRead: 500, cacheWrite: 200, cacheWrite1h: 50, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } });
const AI = "@earendil-works/pi-ai";
// tool-argument coercion: pith's TypeBox-based check must coerce exactly as pi's validator does
const argumentsTool = {
  name: "t",
  parameters: {
    type: "object",
    required: ["name"],
    properties: {
      name: { type: "string" },
      count: { type: "number" },
      whole: { type: "integer" },
      flag: { type: "boolean" },
      paths: { type: "array", items: { type: "string" } },
      limit: { type: "number" },
      either: { anyOf: [{ type: "string" }, { type: "number" }] },
      mode: { enum: [1, 2] },
      edits: { type: "array", items: { type: "object", properties: { line: { type: "integer" }, all: { type: "boolean" } } } },
      maybe: { type: ["integer", "null"] },
    },
  },
};
const callWith = (args: Record<string, unknown>) => [argumentsTool, { name: "t", arguments: args }];
const AGENT = "@earendil-works/pi-coding-agent";
const acme = { name: "acme", url: "https://acme.dev", categories: ["cli-agent", "tools"] };

const CASES: Case[] = [
  [AI, "getCurrentSystemPrompt", [transcript]],
  [AI, "getCurrentTools", [transcript]],
  [AI, "getCurrentSystemMessage", [transcript]],
  [AI, "collapseSystemMessages", [{ messages: transcript }]],
  [AI, "getInitialSystemMessage", [transcript]],
  [AI, "withoutInitialSystemMessage", [transcript]],
  [AI, "renderSystemMessageUpdate", [transcript[2]]],
  [AI, "getSystemMessageText", [transcript[0]]],
  [AI, "normalizeContext", [{ systemPrompt: "p", tools: [tool("read")], messages: [transcript[1]] }]],
  [AI, "normalizeContext", [{ systemPrompt: "", messages: [transcript[1]] }]],
  [AI, "createInitialSystemMessage", ["", []]],
  [AI, "getToolStateChanges", [[tool("read"), tool("bash")], [tool("read", "new"), tool("ls")]]],
  [AI, "getDeclaredTools", [transcript]],
  [AI, "hasToolRedefinitions", [transcript]],
  [AI, "hasNonAdditiveToolChanges", [transcript]],
  [AI, "resolveTranscriptTools", [transcript, "additions"]],
  [AI, "resolveTranscriptTools", [transcript, "none"]],
  [AI, "resolveTranscriptTools", [transcript, "changes"]],
  [AI, "contentText", [[{ type: "text", text: "a" }, { type: "image", data: "", mimeType: "image/png" }, { type: "text", text: "b" }], " "]],
  [AI, "calculateCost", [model, usage(1000)]],
  [AI, "calculateCost", [model, usage(250000)]],
  [AI, "getModelType", [{ api: "anthropic-messages" }]],
  [AI, "hasApi", [{ api: "openai-responses" }, "openai-responses"]],
  [AI, "retryDelayMs", [{ baseDelayMs: 2000 }, 3]],
  [AI, "retryDelayMs", [{ baseDelayMs: 2000, maxAgentDelayMs: 5000 }, 5]],
  [AI, "isRecoverableLength", [{ stopReason: "length", usage: { output: 10 } }, 100]],
  [AI, "getEnvApiKey", ["anthropic", { ANTHROPIC_API_KEY: "k" }]],
  [AI, "parseToolCallArguments", ['{"path":"a"}']],
  [AI, "parseToolCallArguments", [""]],
  [AI, "formatThrownValue", ["text"]],
  [AI, "validateToolArguments", callWith({ name: 5, count: "5", whole: "2.5", flag: "true", paths: "a.ts", either: 5, mode: "2" })],
  [AI, "validateToolArguments", callWith({ name: null, limit: null, either: true, flag: 0, edits: { line: "3", all: null } })],
  [AI, "validateToolCall", [[argumentsTool], { name: "t", arguments: { name: "x", count: " 2.5 ", whole: 1.5, paths: ["a", 1], maybe: "7" } }]],
  [AI, "clampThinkingLevel", [{ reasoning: true, thinkingLevelMap: {} }, "xhigh"]],
  [AI, "clampThinkingLevel", [{ reasoning: true, thinkingLevelMap: { xhigh: "xhigh" } }, "max"]],
  [AI, "clampThinkingLevel", [{ reasoning: true, thinkingLevelMap: { high: null, xhigh: null, max: "max" } }, "high"]],
  [AI, "getSupportedThinkingLevels", [{ reasoning: true, thinkingLevelMap: { minimal: null, xhigh: "xhigh", max: "max" } }]],
  [AI, "getSupportedThinkingLevels", [{ reasoning: true, thinkingLevelMap: { max: null } }]],
  [AI, "modelsAreEqual", [{ provider: "a", id: "b" }, { provider: "a", id: "b" }]],
  [AGENT, "formatReadLineRange", [5, 10]],
  [AGENT, "getLanguageFromPath", ["src/view.tsx"]],
  [AGENT, "getLanguageFromPath", ["Makefile"]],
  [AGENT, "getLanguageFromPath", ["notes.unknown"]],
  [AGENT, "formatReadLineRange", [null, 3]],

  [AGENT, "formatReadLineRange", ["x", 3]],
  [AGENT, "calculateContextTokens", [{ input: 1, output: 2, cacheRead: 3, cacheWrite: 4 }]],
  [AGENT, "shouldCompact", [190000, 200000, { enabled: true, reserveTokens: 16384 }]],
  [AGENT, "getLastAssistantUsage", [[{ type: "message", message: { role: "assistant", stopReason: "stop", usage: { input: 5, output: 1, cacheRead: 0, cacheWrite: 0 } } }, { type: "message", message: { role: "assistant", stopReason: "error", usage: { input: 9, output: 9, cacheRead: 0, cacheWrite: 0 } } }]]],
  [AGENT, "parseFrontmatter", ["---\nname: x\ntags: [a, b]\n---\n\nbody\n"]],
  [AGENT, "parseFrontmatter", ["no front matter"]],
  [AGENT, "stripFrontmatter", ["---\ndescription: y\n---\ntext"]],
  [AGENT, "createSyntheticSourceInfo", ["/p", { source: "sdk" }]],
  [AGENT, "isToolCallEventType", ["bash", { toolName: "bash" }]],
  [AGENT, "truncateLine", ["x".repeat(600)]],
  [AGENT, "formatSize", [123456]],
  // any JSON value, complete or cut off, as pi-ai reads it
  [AI, "parseStreamingJson", ["null"]],
  [AI, "parseStreamingJson", ["42"]],
  [AI, "parseStreamingJson", ["[1, 2"]],
  [AI, "parseStreamingJson", ["\"abc"]],
  [AI, "parseStreamingJson", ["\"ab\\\\"]],
  [AI, "parseStreamingJson", ["[1, {\"a\": 2"]],
  [AI, "parseStreamingJson", ["tru"]],
  [AI, "parseStreamingJson", ["{\"a\": [1, 2"]],
  [AI, "parseStreamingJson", ["   "]],
  [AI, "parseStreamingJson", ["{\"a\":1}x"]],
  [AI, "parseStreamingJson", ["{\"a\": \"b\", \"c"]],
  [AI, "parseStreamingJson", ["{\"a\": nu"]],
  [AI, "parseStreamingJson", ["{\"n\": -"]],
  [AI, "parseStreamingJson", ["{\"n\": 1.5e"]],
  [AI, "parseStreamingJson", ["[true, fal"]],
  [AI, "parseStreamingJson", ["{\"s\": \"x\\ny"]],
  [AI, "parseStreamingJson", ["NaN"]],
  [AI, "parseStreamingJson", ["-Inf"]],
  [AI, "parseStreamingJson", ["{\"a\": 1,"]],
  [AI, "parseStreamingJson", ["garbage"]],
  [AI, "parseStreamingJson", ["{\"k\": \"v\""]],
  [AI, "parseStreamingJson", ["\"done\""]],
  [AI, "parseStreamingJson", ["[]"]],
  [AI, "repairJson", ['{"path":"C:\\dir\\new","text":"a\nb\tc","ok":"\\u00e9\\n"}']],
  [AI, "parseJsonWithRepair", ['{"path":"C:\\dir","text":"a\nb"}']],
  [AI, "parseToolCallArguments", ['{"command":"echo a\necho b"}']],
  [AI, "mergeClientIdentity", [{ userAgent: "short" }, null, { version: "2.0.0", attribution: null }]],
  [AI, "getClientVersion", [{ version: "3.1.4" }]],
  [AI, "formatUserAgent", [{ userAgent: { custom: "acme/1" } }]],
  [AI, "getAttributionHeaders", [{ provider: "openrouter", baseUrl: "https://openrouter.ai/api/v1" }, { attribution: acme }]],
  [AI, "getAttributionHeaders", [{ provider: "x", baseUrl: "https://integrate.api.nvidia.com/v1" }, { attribution: acme }]],
  [AI, "getAttributionHeaders", [{ provider: "opencode-go", baseUrl: "https://example.com" }, { attribution: acme }]],
  [AI, "getAttributionHeaders", [{ provider: "openrouter", baseUrl: "https://openrouter.ai/api/v1" }, {}]],
  [AI, "getOpenCodeSessionHeaders", [{ provider: "x", baseUrl: "https://opencode.ai/zen/v1" }, "s-1"]],
  [AI, "getOpenCodeSessionHeaders", [{ provider: "x", baseUrl: "https://example.com" }, "s-1"]],
  [AI, "getIdentityHeaders", [{ provider: "openrouter", baseUrl: "https://openrouter.ai/api/v1" }, { userAgent: { custom: "ua" }, attribution: acme }]],
  [AI, "getCacheWarmingDelayMs", [300_000]],
  [AI, "getCacheWarmingDelayMs", [60_000]],
  [AI, "getCacheWarmingDelayMs", [10_000]],
  [AI, "evaluateCacheWarming", [model, 100_000, "streaming"]],
  [AI, "evaluateCacheWarming", [model, 100_000, "idle"]],
  [AI, "evaluateCacheWarming", [model, 250_000, "streaming"]],
  [AI, "evaluateCacheWarming", [{ cost: { input: 1, output: 2, cacheRead: 0, cacheWrite: 0 } }, 50_000, "idle"]],
  [AI, "getPromptCacheTtlMs", [{ promptCache: { short: 300, long: 3600 } }, { cacheRetention: "long" }]],
  [AI, "getPromptCacheTtlMs", [{ promptCache: { short: 300, long: 3600 } }, undefined]],
  [AI, "getPromptCacheTtlMs", [{ promptCache: { short: 300 } }, { cacheRetention: "none" }]],
  [AI, "isCacheWarmingReplayable", [{ api: "openai-responses", id: "gpt" }, { reasoning: "high" }]],
  [AI, "isCacheWarmingReplayable", [{ api: "anthropic-messages", id: "claude-3-7-sonnet-20250219", reasoning: true }, { reasoning: "high" }]],
  [AI, "isCacheWarmingReplayable", [{ api: "anthropic-messages", id: "claude-3-7-sonnet-20250219", reasoning: true, compat: { forceAdaptiveThinking: true } }, { reasoning: "high" }]],
  [AI, "isCacheWarmingReplayable", [{ api: "anthropic-messages", id: "claude-3-7-sonnet-20250219", reasoning: true }, {}]],
  [AI, "getImageProviders", []],
  [AI, "fauxAssistantMessage", ["hello", { timestamp: 5 }]],
  [AI, "fauxAssistantMessage", [[{ type: "thinking", thinking: "t" }, { type: "toolCall", id: "c", name: "read", arguments: {} }], { stopReason: "toolUse", responseId: "r", errorMessage: undefined, timestamp: 6 }]],
  [AI, "getImageModel", ["openrouter", "black-forest-labs/flux.2-pro"]],
  [AI, "getImageModel", ["openrouter", "no-such-model"]],
  [`${AI}/providers/all`, "getBuiltinImageModel", ["openrouter", "google/gemini-2.5-flash-image"]],
  [`${AI}/providers/all`, "getBuiltinClassifierModels", ["typesafe"]],
];

// helpers with functions, classes or promises: the same script runs against each side's served module
const SCRIPTS: Array<[module: string, label: string, source: string]> = [
  // null, not undefined, when no entry is a compaction (the cases' JSON cannot tell the two apart)
  [AGENT, "getLatestCompactionEntry", `async (m) => [
    m.getLatestCompactionEntry([{ type: "message", id: "a" }]) === null,
    m.getLatestCompactionEntry([{ type: "compaction", id: "c1" }, { type: "message", id: "a" }, { type: "compaction", id: "c2" }]),
  ]`],
  [AI, "envApiKeyAuth", `async (m) => {
    const auth = m.envApiKeyAuth("Acme key", ["A_KEY", "B_KEY"]);
    const signal = new AbortController().signal;
    return [auth.name,
      await auth.resolve({ ctx: { env: async (name) => (name === "B_KEY" ? "from-b" : undefined) }, signal }),
      await auth.resolve({ ctx: { env: async () => "env" }, credential: { key: "stored", env: { X: "1" } }, signal }),
      (await auth.resolve({ ctx: { env: async () => undefined }, signal })) ?? null,
      await auth.login({ signal, prompt: async (request) => request.type + ":" + request.message })];
  }`],
  [AI, "lazyOAuth", `async (m) => {
    let loads = 0;
    const flow = m.lazyOAuth({ name: "Acme", isSubscription: true, load: async () => { loads++; return { login: async (i) => "login " + i, refresh: async (c) => ({ ...c, fresh: true }), toAuth: async (c) => ({ apiKey: c.token }) }; } });
    return [flow.name, flow.isSubscription, flow.loginLabel ?? null, loads, await flow.login("x"), await flow.refresh({ token: "t" }), await flow.toAuth({ token: "t" }), loads];
  }`],
  [AI, "getCacheWarmingRequestOptions", `(m) => {
    const controller = new AbortController();
    const options = m.getCacheWarmingRequestOptions({ maxTokens: 1000, temperature: 0.5, maxRetries: 3 }, controller.signal);
    return [options.signal === controller.signal, { ...options, signal: null }];
  }`],
  [AI, "extractDiagnosticError", `(m) => {
    const info = m.extractDiagnosticError(Object.assign(new TypeError("bad input"), { code: "E_BAD" }));
    return [{ ...info, stack: typeof info.stack }, m.extractDiagnosticError(42), m.extractDiagnosticError(Object.assign(new Error(""), { code: {} }))].map((i) => ({ ...i, stack: typeof i.stack }));
  }`],
  [AI, "createAssistantMessageDiagnostic", `(m) => {
    const message = {};
    const diagnostic = m.createAssistantMessageDiagnostic("retry", "oops", { attempt: 1 });
    m.appendAssistantMessageDiagnostic(message, diagnostic);
    m.appendAssistantMessageDiagnostic(message, diagnostic);
    return [typeof diagnostic.timestamp, { ...diagnostic, timestamp: 0 }, message.diagnostics.length];
  }`],
  [AI, "getImageModels", `(m) => [m.getImageModels("openrouter").length, m.getImageModels("openrouter").map((model) => model.id).sort(), m.getImageModels("anthropic")]`],
  [AI, "retryAssistantCall", `async (m) => {
    const reply = (stopReason, errorMessage) => ({ role: "assistant", content: [], stopReason, errorMessage, usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } }, api: "openai-completions", provider: "p", model: "m", timestamp: 1 });
    const runWith = async (replies, policy, signal) => {
      const log = [];
      const callbacks = {
        onRetryScheduled: (...args) => { log.push(["scheduled", ...args]); },
        onRetryAttemptStart: () => { log.push(["start"]); },
        onRetryFinished: (...args) => { log.push(["finished", ...args]); },
      };
      const final = await m.retryAssistantCall(async () => replies.shift(), policy, signal, callbacks);
      return [final.stopReason, final.errorMessage ?? null, log, replies.length];
    };
    const policy = { enabled: true, maxRetries: 2, baseDelayMs: 1 };
    const aborted = new AbortController();
    aborted.abort();
    return [
      await runWith([reply("error", "429 Too Many Requests: rate limit exceeded"), reply("error", "503 Service Unavailable: overloaded"), reply("stop")], policy),
      await runWith([reply("error", "429 rate limit exceeded"), reply("error", "429 rate limit exceeded"), reply("error", "429 rate limit exceeded"), reply("stop")], policy),
      await runWith([reply("error", "401 invalid x-api-key"), reply("stop")], policy),
      await runWith([reply("error", "429 rate limit exceeded"), reply("stop")], { ...policy, enabled: false }),
      await runWith([reply("error", "429 rate limit exceeded"), reply("stop")], policy, aborted.signal),
      await runWith([reply("error", "429 rate limit exceeded"), reply("aborted")], policy),
    ];
  }`],
  // pi-ai's image registry is process-wide, in pith as in pi: an api another test file registers in the same worker
  // (served-pi-ai-runtime's acme-images) would answer here, so the api asked for is one no test registers
  [AI, "generateImages", `async (m) => {
    try { await m.generateImages({ api: "never-registered-images", provider: "acme", id: "i" }, { input: [] }, {}); return "resolved"; }
    catch (error) { return error.message; }
  }`],
  [AI, "generateImagesOpenRouter", `async (m) => {
    const result = await m.generateImagesOpenRouter(m.getImageModel("openrouter", "black-forest-labs/flux.2-pro"), { input: [{ type: "text", text: "a fox" }] }, {});
    return { ...result, timestamp: typeof result.timestamp };
  }`],
];

let world: World;
let piResults: unknown[];
let piScriptResults: unknown[];

beforeAll(async () => {
  world = await createWorld();
  const table = JSON.stringify(`${PI16_PACKAGE}/dist/core/extensions/virtual-modules.js`);
  const output = await runOnNode22(
    `const { VIRTUAL_MODULES } = await import(${table});
     const cases = ${JSON.stringify(CASES)};
     const scripts = [${SCRIPTS.map(([module, , source]) => `[${JSON.stringify(module)}, ${source}]`).join(",")}];
     const scriptResults = [];
     for (const [module, run] of scripts) scriptResults.push(await run(VIRTUAL_MODULES[module]));
     process.stdout.write(JSON.stringify([cases.map(([module, name, args]) => VIRTUAL_MODULES[module][name](...args) ?? null), scriptResults]));`,
  );
  [piResults, piScriptResults] = JSON.parse(output) as [unknown[], unknown[]];
}, 180_000);
afterAll(() => world.close());

describe("served helpers give pi 1.6.0's results", () => {
  it.each(CASES.map((testCase, index) => [`${testCase[1]} #${index}`, index] as const))("%s", async (_label, index) => {
    const [module, name, args] = CASES[index]!;
    const path = await world.write(
      `ext/case-${index}.ts`,
      `import * as served from "${module}";
       export default function (args: unknown[]): unknown { return (served as any)[${JSON.stringify(name)}](...args); }`,
    );
    const call = (await createExtensionModuleLoader({ cacheDir: world.cacheDir }).load(path)) as (args: unknown[]) => unknown;
    expect(JSON.parse(JSON.stringify(call(structuredClone(args)) ?? null))).toEqual(piResults[index]);
  });
});

describe("served helpers with functions, classes or promises give pi 1.6.0's results", () => {
  it.each(SCRIPTS.map((script, index) => [script[1], index] as const))("%s", async (_label, index) => {
    const [module, , source] = SCRIPTS[index]!;
    const path = await world.write(`ext/script-${index}.ts`, `import * as served from "${module}";\nexport default async function () { const run: any = ${source}; return run(served); }`);
    const run = (await createExtensionModuleLoader({ cacheDir: world.cacheDir }).load(path)) as () => Promise<unknown>;
    expect(JSON.parse(JSON.stringify((await run()) ?? null))).toEqual(piScriptResults[index]);
  });
});
