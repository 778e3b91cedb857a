// pi-ai 1.6.0's stand-alone helpers for extensions: ids, cost, model kinds, keys from the environment, tool
// failure classification, the faux-message builders. Each is backed by what pith itself uses.
import { randomUUID } from "node:crypto";
import { zeroUsage } from "./zero-usage.js";
import { type AssistantMessage, type Model, type ModelCost } from "../../../../kernel/index.js";
import { PITH_ATTRIBUTION } from "../../../../lib/provider-kit/client-identity.js";
import { priceUsage } from "../../../../lib/provider-kit/pricing.js";
import { isContextOverflow as overflowed } from "../../../compaction/tokens/context-overflow.js";
import { knownProvider } from "../../../models/known-providers.js";
import { OVERFLOW_TEXTS } from "../../../../lib/provider-kit/context-overflow.js";
import { classifyFailure, failureFacts } from "../../../retry/retry-rules.js";
import { uuidv7 as sessionUuid } from "../../../sessions/format/uuid-v7.js";

export const PI_AI_VERSION = "1.6.0";
export const DEFAULT_MAX_AGENT_RETRY_DELAY_MS = 60_000;

/** The identity pith declares to providers that ask for one (pi-ai's `PI_ATTRIBUTION` shape). */
export const PI_ATTRIBUTION = PITH_ATTRIBUTION;

/** pith records no pi-ai telemetry spans or metrics; its schema says so. */
export const AI_TELEMETRY_SCHEMA = Object.freeze({ version: 1, spans: Object.freeze({}), metrics: Object.freeze({}) });

export const ANTHROPIC_API_KEY_ENV = "ANTHROPIC_API_KEY";
export const ANTHROPIC_AUTH_TOKEN_ENV = "ANTHROPIC_AUTH_TOKEN";
export const ANTHROPIC_OAUTH_TOKEN_ENV = "ANTHROPIC_OAUTH_TOKEN";
export const ANTHROPIC_FEDERATION_RULE_ID_ENV = "ANTHROPIC_FEDERATION_RULE_ID";
export const ANTHROPIC_IDENTITY_TOKEN_FILE_ENV = "ANTHROPIC_IDENTITY_TOKEN_FILE";
export const ANTHROPIC_ORGANIZATION_ID_ENV = "ANTHROPIC_ORGANIZATION_ID";
export const ANTHROPIC_SERVICE_ACCOUNT_ID_ENV = "ANTHROPIC_SERVICE_ACCOUNT_ID";
export const ANTHROPIC_WORKSPACE_ID_ENV = "ANTHROPIC_WORKSPACE_ID";

const MAX_UUID_TIMESTAMP = 2 ** 48 - 1;

/** A time-ordered UUID (version 7); `timestampMs` fixes its time part. */
export function uuidv7(timestampMs?: number): string {
  if (timestampMs !== undefined && (!Number.isInteger(timestampMs) || timestampMs < 0 || timestampMs > MAX_UUID_TIMESTAMP)) {
    throw new RangeError(`UUIDv7 timestamp must be an integer between 0 and ${MAX_UUID_TIMESTAMP}`);
  }
  return sessionUuid(timestampMs);
}

type PricedUsage = Parameters<typeof priceUsage>[1];

/** Prices `usage` from the model's rates (the highest tier the prompt size reaches), writes and returns its cost. */
export function calculateCost(model: { cost: ModelCost }, usage: PricedUsage): PricedUsage["cost"] {
  return priceUsage(model.cost, usage);
}

type AnyModel = { type?: string; api?: string };
/** `chat`, `image` or `classifier`; models without a type are chat models. */
export const getModelType = (model: AnyModel): string => model.type ?? "chat";
export const isModelType = (model: AnyModel, type: string): boolean => getModelType(model) === type;
export const hasApi = (model: AnyModel, api: string): boolean => isModelType(model, "chat") && model.api === api;

const envVarsOf = (provider: string): readonly string[] | undefined => knownProvider(provider)?.envVars;

/** The key for `provider` from the environment, from its variables in order of precedence. */
export function getEnvApiKey(provider: string, env: Record<string, string | undefined> = process.env): string | undefined {
  for (const name of envVarsOf(provider) ?? []) if (env[name]) return env[name];
  return undefined;
}

/** The key variables of `provider` that are set; undefined when none is. */
export function findEnvKeys(provider: string, env: Record<string, string | undefined> = process.env): string[] | undefined {
  const set = (envVarsOf(provider) ?? []).filter((name) => !!env[name]);
  return set.length > 0 ? set : undefined;
}

export function isContextOverflow(message: AssistantMessage, contextWindow?: number): boolean {
  return overflowed(message, contextWindow ?? 0);
}

export const getOverflowPatterns = (): RegExp[] => [...OVERFLOW_TEXTS];

/** Whether a failed reply is worth sending again (rate limits, overload, network trouble). */
export function isRetryableAssistantError(message: AssistantMessage): boolean {
  const facts = failureFacts(message);
  return facts !== undefined && classifyFailure(facts).retry;
}

/** Exponential backoff: `baseDelayMs` doubled per attempt after the first, capped at `maxAgentDelayMs`. */
export function retryDelayMs(policy: { baseDelayMs: number; maxAgentDelayMs?: number }, attempt: number): number {
  const delay = policy.baseDelayMs * 2 ** Math.max(0, attempt - 1);
  return Math.min(delay, policy.maxAgentDelayMs ?? DEFAULT_MAX_AGENT_RETRY_DELAY_MS);
}

export function formatThrownValue(value: unknown): string {
  if (value instanceof Error) return value.message || value.name;
  return typeof value === "string" ? value : String(value);
}

// builders for hand-written assistant replies (tests, scripted providers)
export const fauxText = (text: string) => ({ type: "text" as const, text });
export const fauxThinking = (thinking: string) => ({ type: "thinking" as const, thinking });
export const fauxToolCall = (name: string, args: Record<string, unknown>, options: { id?: string } = {}) => ({
  type: "toolCall" as const,
  id: options.id ?? `tool_${randomUUID().slice(0, 8)}`,
  name,
  arguments: args,
});

type FauxBlock = ReturnType<typeof fauxText> | ReturnType<typeof fauxThinking> | ReturnType<typeof fauxToolCall>;
interface FauxMessageOptions {
  stopReason?: AssistantMessage["stopReason"];
  deferred?: unknown;
  errorMessage?: string;
  responseId?: string;
  timestamp?: number;
}

/** A hand-written reply of pi-ai's faux model (`faux/faux-1`, no usage), for tests and scripted providers. */
export function fauxAssistantMessage(content: string | FauxBlock | FauxBlock[], options: FauxMessageOptions = {}) {
  const { stopReason = "stop", timestamp = Date.now(), ...optional } = options;
  const blocks = typeof content === "string" ? [fauxText(content)] : Array.isArray(content) ? content : [content];
  const defined = Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined));
  return { role: "assistant" as const, content: blocks, api: "faux", provider: "faux", model: "faux-1", usage: zeroUsage(), stopReason, ...defined, timestamp };
}

export const modelsAreEqual = (a: Model | null | undefined, b: Model | null | undefined): boolean =>
  !!a && !!b && a.provider === b.provider && a.id === b.id;

/** A reply cut off by its output limit before producing `desiredMaxOutput` tokens: asking again for more may work. */
export function isRecoverableLength(message: AssistantMessage, desiredMaxOutput: number): boolean {
  return message.stopReason === "length" && desiredMaxOutput > 0 && message.usage.output < desiredMaxOutput;
}

// pi-ai's prompt-cache warming constants (pith does not warm caches; extensions may still read the figures)
export const CACHE_WARMING_IDLE_CONTINUATION_PROBABILITY = 0.15;
export const CACHE_WARMING_MAX_AGE_MS = 3_600_000;
export const CACHE_WARMING_MAX_IDLE_AGE_MS = 1_800_000;
export const CACHE_WARMING_MINIMUM_EXPECTED_SAVINGS = 0.05;
