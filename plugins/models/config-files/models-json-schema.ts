// The shape of models.json, checked provider by provider so one bad entry does not hide the others.
// zod/mini, not full zod: models.json is read at every start, and full zod costs far more to load.
import * as z from "zod/mini";
import { en } from "zod/locales";
import { PROMPT_CACHE_KEY_MODES, SESSION_AFFINITY_FORMATS, THINKING_FORMATS, THINKING_TOKEN_BUDGET_FIELDS } from "../../../lib/provider-kit/completions-compat-values.js";

/** The schemas, made on first use: a start without a models.json never builds them. */
function buildSchemas() {
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

  /** a long-context price (pi 1.6.0): the highest tier the prompt exceeds prices the whole request */
  const costTier = z.object({ inputTokensAbove: z.number(), input: z.number(), output: z.number(), cacheRead: z.number(), cacheWrite: z.number() });

  const cost = z.object({
    input: z.optional(z.number()),
    output: z.optional(z.number()),
    cacheRead: z.optional(z.number()),
    cacheWrite: z.optional(z.number()),
    tiers: z.optional(z.array(costTier)),
  });

  /** seconds a prompt cache entry lives per retention tier (pi 1.6.0); a tier left out is never warmed */
  const promptCache = z.object({ short: z.optional(positive), long: z.optional(positive) });

  const optionalBoolean = z.optional(z.boolean());
  const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
    z.optional(z.enum(values, { error: `must be one of ${values.map((value) => `"${value}"`).join(", ")}` }));

  /** A chat template value: plain, or one pith fills in from the thinking level (pi 1.6.0). */
  const chatTemplateValue = z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.looseObject({
      $var: z.enum(["thinking.enabled", "thinking.effort", "thinking.budget"]),
      omitWhenOff: optionalBoolean,
    }),
  ]);
  const chatTemplateValues = z.optional(z.record(z.string(), chatTemplateValue));

  const fallbackModel = z.looseObject({
    provider: nonEmpty,
    model: nonEmpty,
    cost: z.object({ input: z.number(), output: z.number(), cacheRead: z.number(), cacheWrite: z.number() }),
  });

  /**
   * Every compat field of pi 1.6.0 (one set for all APIs, as pi's models.schema.json), type-checked; fields pi does
   * not know pass through for provider plugins to read. Which fields an API honours: docs/providers.md.
   */
  const compatSchema = z.looseObject({
    // openai-completions
    supportsStore: optionalBoolean,
    supportsDeveloperRole: optionalBoolean,
    supportsReasoningEffort: optionalBoolean,
    supportsUsageInStreaming: optionalBoolean,
    supportsFinishReason: optionalBoolean,
    maxTokensField: oneOf(["max_completion_tokens", "max_tokens"]),
    requiresToolResultName: optionalBoolean,
    requiresAssistantAfterToolResult: optionalBoolean,
    requiresNonNullAssistantContent: optionalBoolean,
    requiresToolsWithToolHistory: optionalBoolean,
    requiresThinkingAsText: optionalBoolean,
    requiresReasoningContentOnAssistantMessages: optionalBoolean,
    thinkingFormat: oneOf(THINKING_FORMATS),
    chatTemplateKwargs: chatTemplateValues,
    chatTemplateArgs: chatTemplateValues,
    openRouterRouting: z.optional(z.record(z.string(), z.unknown())),
    vercelGatewayRouting: z.optional(z.looseObject({ only: z.optional(z.array(z.string())), order: z.optional(z.array(z.string())) })),
    zaiToolStream: optionalBoolean,
    thinkingTokenBudgetField: oneOf(THINKING_TOKEN_BUDGET_FIELDS),
    supportsThinkingTokenBudget: optionalBoolean,
    supportsOpenAIGrammarTools: optionalBoolean,
    supportsMidConvoSystemMessages: optionalBoolean,
    supportsMidConvoToolAdditions: optionalBoolean,
    supportsStrictMode: optionalBoolean,
    cacheControlFormat: oneOf(["anthropic"]),
    sendSessionAffinityHeaders: optionalBoolean,
    sessionAffinityFormat: oneOf(SESSION_AFFINITY_FORMATS),
    promptCacheKeyMode: oneOf(PROMPT_CACHE_KEY_MODES),
    supportsLongCacheRetention: optionalBoolean,
    vllmPriority: z.optional(z.number({ error: "must be a number" })),
    // openai-responses (and Azure, Codex)
    supportsAdditionalTools: optionalBoolean,
    supportsToolSearch: optionalBoolean,
    supportsExplicitPromptCacheMode: optionalBoolean,
    supportsMidConvoEffort: optionalBoolean,
    supportsMaxOutputTokens: optionalBoolean,
    // anthropic-messages
    supportsEagerToolInputStreaming: optionalBoolean,
    supportsCacheControlOnTools: optionalBoolean,
    supportsTemperature: optionalBoolean,
    forceAdaptiveThinking: optionalBoolean,
    allowEmptySignature: optionalBoolean,
    supportsStrictTools: optionalBoolean,
    supportsMidConvoToolChanges: optionalBoolean,
    supportsMessageThreads: optionalBoolean,
    allowedFallbackModels: z.optional(z.array(fallbackModel)),
    // System One classifiers (pith has none; accepted so a file written for pi loads)
    imageInput: oneOf(["assets", "images", "state-image-urls"]),
    sendImageOptInHeader: optionalBoolean,
  });

  const modelDefinitionSchema = z.object({
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
    compat: z.optional(compatSchema),
  });

  const modelOverride = z.omit(modelDefinitionSchema, { id: true, api: true, baseUrl: true });

  const providerConfigSchema = z.object({
    name: z.optional(nonEmpty),
    baseUrl: z.optional(httpUrl),
    api: z.optional(nonEmpty),
    apiKey: z.optional(nonEmpty),
    headers: z.optional(headers),
    authHeader: z.optional(z.boolean()),
    compat: z.optional(compatSchema),
    models: z.optional(z.array(modelDefinitionSchema)),
    modelOverrides: z.optional(z.record(z.string(), modelOverride)),
  });

    return { compatSchema, modelDefinitionSchema, modelOverride, providerConfigSchema };
}

type Schemas = ReturnType<typeof buildSchemas>;
let schemas: Schemas | undefined;
export const modelsJsonSchemas = (): Schemas => (schemas ??= buildSchemas());

export type ProviderConfig = z.infer<Schemas["providerConfigSchema"]>;
export type ModelDefinition = z.infer<Schemas["modelDefinitionSchema"]>;
export type ModelOverride = z.infer<Schemas["modelOverride"]>;
export type ModelCompat = z.infer<Schemas["compatSchema"]>;

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
let englishMessages: ReturnType<typeof en>["localeError"] | undefined;

/** safeParse with full zod's English messages, keeping the input on each issue (see describeIssues). */
export function safeParseReported<S extends z.ZodMiniType>(schema: S, value: unknown) {
  return schema.safeParse(value, { reportInput: true, error: (englishMessages ??= en().localeError) });
}

export function describeIssues(error: z.core.$ZodError): string[] {
  return error.issues.map((issue) => {
    const missing = issue.code === "invalid_type" && issue.input === undefined;
    const message = missing ? "is required" : issue.message;
    const path = issuePath(issue.path);
    return path ? `${path}: ${message}` : message;
  });
}
