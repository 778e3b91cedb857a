// models.json `compat`: every field of pi 1.6.0 is accepted and type-checked, and the JSON Schema pith ships lists
// them all (checked against pi's own schemas/models.schema.json).
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { ModelRegistry } from "../../plugins/models/index.js";
import { renderModelsJsonSchema } from "../../plugins/models/config-files/models-json-schema-file.js";
import { agentDir } from "./fixtures.js";

const repository = new URL("../../", import.meta.url);
const readJson = async (path: string) => JSON.parse(await readFile(new URL(path, repository), "utf8")) as Record<string, any>;

/** A value of each pi 1.6.0 compat field, as a models.json written for pi may hold it. */
const EVERY_FIELD = {
  supportsStore: false,
  supportsDeveloperRole: false,
  supportsReasoningEffort: true,
  supportsUsageInStreaming: true,
  supportsFinishReason: false,
  maxTokensField: "max_tokens",
  requiresToolResultName: true,
  requiresAssistantAfterToolResult: false,
  requiresNonNullAssistantContent: true,
  requiresToolsWithToolHistory: true,
  requiresThinkingAsText: false,
  requiresReasoningContentOnAssistantMessages: false,
  thinkingFormat: "chat-template",
  chatTemplateKwargs: { enable_thinking: { $var: "thinking.enabled" }, budget: { $var: "thinking.budget", omitWhenOff: true }, mode: "x", n: 2, off: null },
  chatTemplateArgs: { enable_thinking: { $var: "thinking.effort" } },
  openRouterRouting: { only: ["anthropic"], sort: { by: "price" } },
  vercelGatewayRouting: { only: ["bedrock"], order: ["anthropic"] },
  zaiToolStream: false,
  thinkingTokenBudgetField: "thinking_budget_tokens",
  supportsThinkingTokenBudget: false,
  supportsOpenAIGrammarTools: true,
  supportsMidConvoSystemMessages: true,
  supportsMidConvoToolAdditions: true,
  supportsStrictMode: true,
  cacheControlFormat: "anthropic",
  sendSessionAffinityHeaders: true,
  sessionAffinityFormat: "openai-nosession",
  promptCacheKeyMode: "enabled",
  supportsLongCacheRetention: false,
  vllmPriority: -5,
  supportsAdditionalTools: true,
  supportsToolSearch: true,
  supportsExplicitPromptCacheMode: true,
  supportsMidConvoEffort: true,
  supportsMaxOutputTokens: false,
  supportsEagerToolInputStreaming: false,
  supportsCacheControlOnTools: false,
  supportsTemperature: false,
  forceAdaptiveThinking: true,
  allowEmptySignature: true,
  supportsStrictTools: true,
  supportsMidConvoToolChanges: true,
  supportsMessageThreads: false,
  allowedFallbackModels: [{ provider: "anthropic", model: "claude-opus-4-8", cost: { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25 } }],
  imageInput: "state-image-urls",
  sendImageOptInHeader: true,
};

function registry(compat: Record<string, unknown>, where: "provider" | "model" | "override") {
  const provider: Record<string, unknown> =
    where === "override"
      ? { modelOverrides: { "claude-opus-4-7": { compat } } }
      : { baseUrl: "http://127.0.0.1:9/v1", api: "openai-completions", apiKey: "k", models: [{ id: "m", ...(where === "model" ? { compat } : {}) }] };
  if (where === "provider") provider.compat = compat;
  const name = where === "override" ? "anthropic" : "local";
  return new ModelRegistry({ agentDir: agentDir({ models: { providers: { [name]: provider } } }), env: {} });
}

describe("models.json compat", () => {
  it("knows every compat field of pi 1.6.0's models.schema.json, and the test sets each", async () => {
    const pi = await readJson("node_modules/@earendil-works/pi-coding-agent/schemas/models.schema.json");
    const piFields = Object.keys(pi.$defs.ProviderCompat.properties).sort();
    const ours = JSON.parse(renderModelsJsonSchema()) as Record<string, any>;
    expect(piFields.length).toBeGreaterThan(45);
    expect(Object.keys(ours.$defs.ModelCompat.properties).sort()).toEqual(piFields);
    expect(Object.keys(EVERY_FIELD).sort()).toEqual(piFields);
  });

  it("accepts every field with a valid value, on a provider, a model and a model override", () => {
    for (const where of ["provider", "model", "override"] as const) {
      const r = registry(EVERY_FIELD, where);
      expect(r.errors.map((error) => error.message)).toEqual([]);
      const model = where === "override" ? r.find("anthropic", "claude-opus-4-7") : r.find("local", "m");
      expect(model?.compat).toMatchObject(EVERY_FIELD);
    }
  });

  it("names a compat field of the wrong type, and keeps fields pi does not know", () => {
    const bad = registry({ vllmPriority: "high", sessionAffinityFormat: "nginx", allowedFallbackModels: [{ provider: "anthropic" }] }, "model");
    const message = bad.errors[0]?.message ?? "";
    expect(message).toContain("models[0].compat.vllmPriority: must be a number");
    expect(message).toContain('models[0].compat.sessionAffinityFormat: must be one of "openai", "openai-nosession", "openrouter"');
    expect(message).toContain("models[0].compat.allowedFallbackModels[0].model: is required");
    const loose = registry({ someGatewayFlag: 1 }, "model");
    expect(loose.errors).toEqual([]);
    expect(loose.find("local", "m")?.compat).toEqual({ someGatewayFlag: 1 });
  });

  it("ships schemas/models.schema.json as generated (node_modules/.bin/jiti plugins/models/config-files/generate-schema.ts)", async () => {
    const committed = await readFile(new URL("schemas/models.schema.json", repository), "utf8");
    expect(committed).toBe(renderModelsJsonSchema());
  });
});
