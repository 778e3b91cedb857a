// The shape of models.json, checked provider by provider so one bad entry does not hide the others.
import { z } from "zod";

const positive = z.number({ error: "must be a number" }).positive({ error: "must be a positive number" });
const nonEmpty = z.string({ error: "must be a string" }).min(1, { error: "must not be empty" });
const httpUrl = nonEmpty.regex(/^https?:\/\//i, { error: 'must start with "http://" or "https://"' });
const headers = z.record(z.string(), z.string({ error: "header values must be strings" }));
const inputKinds = z.array(z.enum(["text", "image"], { error: 'must be "text" or "image"' }));

const thinkingValue = z.string().nullable().optional();
const thinkingLevelMap = z.object({
  off: thinkingValue,
  minimal: thinkingValue,
  low: thinkingValue,
  medium: thinkingValue,
  high: thinkingValue,
  xhigh: thinkingValue,
});

const cost = z.object({
  input: z.number().optional(),
  output: z.number().optional(),
  cacheRead: z.number().optional(),
  cacheWrite: z.number().optional(),
});

/** Known compat fields are type-checked; the rest pass through for provider plugins to read. */
const compat = z.looseObject({
  supportsStore: z.boolean().optional(),
  supportsDeveloperRole: z.boolean().optional(),
  supportsReasoningEffort: z.boolean().optional(),
  supportsUsageInStreaming: z.boolean().optional(),
  maxTokensField: z.enum(["max_completion_tokens", "max_tokens"]).optional(),
  requiresToolResultName: z.boolean().optional(),
  requiresAssistantAfterToolResult: z.boolean().optional(),
  requiresThinkingAsText: z.boolean().optional(),
  requiresReasoningContentOnAssistantMessages: z.boolean().optional(),
  thinkingFormat: z.enum(["openai", "openrouter", "deepseek", "zai", "qwen", "qwen-chat-template"]).optional(),
  cacheControlFormat: z.literal("anthropic").optional(),
  supportsStrictMode: z.boolean().optional(),
  supportsLongCacheRetention: z.boolean().optional(),
  sendSessionIdHeader: z.boolean().optional(),
  supportsEagerToolInputStreaming: z.boolean().optional(),
  openRouterRouting: z.record(z.string(), z.unknown()).optional(),
  vercelGatewayRouting: z.record(z.string(), z.unknown()).optional(),
});

const modelDefinition = z.object({
  id: nonEmpty,
  name: nonEmpty.optional(),
  api: nonEmpty.optional(),
  baseUrl: httpUrl.optional(),
  reasoning: z.boolean().optional(),
  thinkingLevelMap: thinkingLevelMap.optional(),
  input: inputKinds.optional(),
  cost: cost.optional(),
  contextWindow: positive.optional(),
  maxTokens: positive.optional(),
  headers: headers.optional(),
  compat: compat.optional(),
});

const modelOverride = modelDefinition.omit({ id: true, api: true, baseUrl: true });

export const providerConfigSchema = z.object({
  name: nonEmpty.optional(),
  baseUrl: httpUrl.optional(),
  api: nonEmpty.optional(),
  apiKey: nonEmpty.optional(),
  headers: headers.optional(),
  authHeader: z.boolean().optional(),
  compat: compat.optional(),
  models: z.array(modelDefinition).optional(),
  modelOverrides: z.record(z.string(), modelOverride).optional(),
});

export type ProviderConfig = z.infer<typeof providerConfigSchema>;
export type ModelDefinition = z.infer<typeof modelDefinition>;
export type ModelOverride = z.infer<typeof modelOverride>;
export type ModelCompat = z.infer<typeof compat>;

/** `models[0].contextWindow`-style path of a zod issue. */
export function issuePath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

export function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const missing = issue.code === "invalid_type" && issue.input === undefined;
    const message = missing ? "is required" : issue.message;
    const path = issuePath(issue.path);
    return path ? `${path}: ${message}` : message;
  });
}
