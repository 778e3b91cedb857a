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
];

let world: World;
let piResults: unknown[];

beforeAll(async () => {
  world = await createWorld();
  const table = JSON.stringify(`${PI16_PACKAGE}/dist/core/extensions/virtual-modules.js`);
  const output = await runOnNode22(
    `const { VIRTUAL_MODULES } = await import(${table});
     const cases = ${JSON.stringify(CASES)};
     process.stdout.write(JSON.stringify(cases.map(([module, name, args]) => VIRTUAL_MODULES[module][name](...args) ?? null)));`,
  );
  piResults = JSON.parse(output) as unknown[];
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
