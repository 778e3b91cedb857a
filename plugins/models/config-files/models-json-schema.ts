// The shape of models.json, checked provider by provider so one bad entry does not hide the others.
// zod/mini, not full zod: models.json is read at every start, and full zod costs far more to load.
import * as z from "zod/mini";
import { en } from "zod/locales";

const positive = z.number({ error: "must be a number" }).check(z.positive({ error: "must be a positive number" }));
const nonEmpty = z.string({ error: "must be a string" }).check(z.minLength(1, { error: "must not be empty" }));
const httpUrl = nonEmpty.check(z.regex(/^https?:\/\//i, { error: 'must start with "http://" or "https://"' }));
const headers = z.record(z.string(), z.string({ error: "header values must be strings" }));
const inputKinds = z.array(z.enum(["text", "image"], { error: 'must be "text" or "image"' }));

const thinkingValue = z.optional(z.nullable(z.string()));
const thinkingLevelMap = z.object({
  off: thinkingValue,
  minimal: thinkingValue,
  low: thinkingValue,
  medium: thinkingValue,
  high: thinkingValue,
  xhigh: thinkingValue,
  max: thinkingValue,
});

const cost = z.object({
  input: z.optional(z.number()),
  output: z.optional(z.number()),
  cacheRead: z.optional(z.number()),
  cacheWrite: z.optional(z.number()),
});

/** seconds a prompt cache entry lives per retention tier (pi 1.6.0); a tier left out is never warmed */
const promptCache = z.object({ short: z.optional(positive), long: z.optional(positive) });

/** Known compat fields are type-checked; the rest pass through for provider plugins to read. */
const compat = z.looseObject({
  supportsStore: z.optional(z.boolean()),
  supportsDeveloperRole: z.optional(z.boolean()),
  supportsReasoningEffort: z.optional(z.boolean()),
  supportsUsageInStreaming: z.optional(z.boolean()),
  maxTokensField: z.optional(z.enum(["max_completion_tokens", "max_tokens"])),
  requiresToolResultName: z.optional(z.boolean()),
  requiresAssistantAfterToolResult: z.optional(z.boolean()),
  requiresThinkingAsText: z.optional(z.boolean()),
  requiresReasoningContentOnAssistantMessages: z.optional(z.boolean()),
  thinkingFormat: z.optional(z.enum(["openai", "openrouter", "deepseek", "zai", "qwen", "qwen-chat-template"])),
  cacheControlFormat: z.optional(z.literal("anthropic")),
  supportsStrictMode: z.optional(z.boolean()),
  supportsLongCacheRetention: z.optional(z.boolean()),
  sendSessionIdHeader: z.optional(z.boolean()),
  supportsEagerToolInputStreaming: z.optional(z.boolean()),
  openRouterRouting: z.optional(z.record(z.string(), z.unknown())),
  vercelGatewayRouting: z.optional(z.record(z.string(), z.unknown())),
});

const modelDefinition = z.object({
  id: nonEmpty,
  name: z.optional(nonEmpty),
  api: z.optional(nonEmpty),
  baseUrl: z.optional(httpUrl),
  reasoning: z.optional(z.boolean()),
  thinkingLevelMap: z.optional(thinkingLevelMap),
  input: z.optional(inputKinds),
  cost: z.optional(cost),
  promptCache: z.optional(promptCache),
  contextWindow: z.optional(positive),
  maxTokens: z.optional(positive),
  headers: z.optional(headers),
  compat: z.optional(compat),
});

const modelOverride = z.omit(modelDefinition, { id: true, api: true, baseUrl: true });

export const providerConfigSchema = z.object({
  name: z.optional(nonEmpty),
  baseUrl: z.optional(httpUrl),
  api: z.optional(nonEmpty),
  apiKey: z.optional(nonEmpty),
  headers: z.optional(headers),
  authHeader: z.optional(z.boolean()),
  compat: z.optional(compat),
  models: z.optional(z.array(modelDefinition)),
  modelOverrides: z.optional(z.record(z.string(), modelOverride)),
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

// zod/mini installs no messages; full zod installed these English ones globally. Passed per parse, not set
// globally, so another module's zod configuration cannot change what the user reads. Imported from
// "zod/locales" by name: `z.locales.en` would bundle every language.
const englishMessages = en().localeError;

/** safeParse with full zod's English messages, keeping the input on each issue (see describeIssues). */
export function safeParseReported<S extends z.ZodMiniType>(schema: S, value: unknown) {
  return schema.safeParse(value, { reportInput: true, error: englishMessages });
}

export function describeIssues(error: z.core.$ZodError): string[] {
  return error.issues.map((issue) => {
    const missing = issue.code === "invalid_type" && issue.input === undefined;
    const message = missing ? "is required" : issue.message;
    const path = issuePath(issue.path);
    return path ? `${path}: ${message}` : message;
  });
}
