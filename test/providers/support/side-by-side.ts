// The cases and the conversation of the side-by-side request test (pi16-request-bodies.test.ts): which catalogue
// models it sends, where each API lives on the mock server, and the conversation pith and pi 1.6.0 both send.
import type { Message, ToolSpec } from "../../../kernel/index.js";
import { builtInModelsOf, catalogueIndex } from "../../../plugins/models/catalogue.js";
import { PIXEL_PNG } from "./models.js";

export interface SideBySideCase {
  provider: string;
  id: string;
  api: string;
  level: "off" | "minimal" | "low" | "medium" | "high" | "xhigh";
}

/** Where the mock server answers each API (see test/support/mock-llm/README.md). */
export function mockBaseUrl(api: string, mockUrl: string): string {
  switch (api) {
    case "openai-completions":
    case "openai-responses":
      return `${mockUrl}/v1`;
    case "azure-openai-responses":
      return `${mockUrl}/openai/v1`;
    case "openai-codex-responses":
      return `${mockUrl}/backend-api`;
    case "google-generative-ai":
      return `${mockUrl}/v1beta`;
    case "mistral-conversations":
      return `${mockUrl}/mistral`;
    case "pi-messages":
      return `${mockUrl}/radius/v1`;
    default:
      return mockUrl;
  }
}

const LEVELS = ["minimal", "low", "medium", "high", "xhigh"] as const;

/**
 * Every built-in provider's default model, its first reasoning and first non-reasoning model (by id), each reasoning
 * one at a thinking level taken in turn, so that the levels, the providers' compat flags and every API are covered.
 */
export function sideBySideCases(): SideBySideCase[] {
  const cases: SideBySideCase[] = [];
  const { providers, defaultModels } = catalogueIndex();
  for (const provider of Object.keys(providers)) {
    const models = builtInModelsOf(provider).sort((a, b) => a.id.localeCompare(b.id));
    const picked = new Set([defaultModels[provider], models.find((model) => model.reasoning)?.id, models.find((model) => !model.reasoning)?.id]);
    for (const model of models) {
      if (!picked.has(model.id)) continue;
      const level = model.reasoning ? LEVELS[cases.length % LEVELS.length]! : "off";
      cases.push({ provider, id: model.id, api: model.api, level });
    }
  }
  return cases;
}

/** Tool-call ids in each API's own shape, as a prior turn of that API would have stored them. */
function toolCallId(api: string): string {
  if (api === "mistral-conversations") return "Ab3dE6gH9";
  if (api.includes("responses")) return "call_prior1|fc_prior1";
  if (api === "anthropic-messages" || api === "bedrock-converse-stream") return "toolu_prior1";
  return "call_prior1";
}

/** A user turn with an image, a prior assistant turn of the same model with a tool call, its result, a new question. */
export function sideBySideConversation(target: SideBySideCase): { systemPrompt: string; messages: Message[]; tools: ToolSpec[] } {
  const id = toolCallId(target.api);
  const usage = { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, totalTokens: 15, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
  return {
    systemPrompt: "You are a test assistant.",
    tools: [
      { name: "read", description: "Read a file", parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] } },
      { name: "bash", description: "Run a command", parameters: { type: "object", properties: { command: { type: "string" }, timeout: { type: "number" } }, required: ["command"] } },
    ],
    messages: [
      { role: "user", content: [{ type: "text", text: "What is in a.ts? Here is a picture." }, { type: "image", data: PIXEL_PNG, mimeType: "image/png" }], timestamp: 1 },
      {
        role: "assistant",
        content: [
          { type: "text", text: "I will read it." },
          { type: "toolCall", id, name: "read", arguments: { path: "a.ts" } },
        ],
        api: target.api,
        provider: target.provider,
        model: target.id,
        usage,
        stopReason: "toolUse",
        timestamp: 2,
      },
      { role: "toolResult", toolCallId: id, toolName: "read", content: [{ type: "text", text: "export const a = 1;" }], isError: false, timestamp: 3 },
      { role: "user", content: "Thanks. Now list the folder.", timestamp: 4 },
    ],
  };
}
