// Model description, the same shape as pi-ai's `Model`, so models.json entries and pi extensions fit.

export type ThinkingLevel = "off" | "minimal" | "low" | "medium" | "high" | "xhigh" | "max";

/** The levels a token budget can express; the opt-in levels above "high" take the "high" budget. */
export type BudgetThinkingLevel = Exclude<ThinkingLevel, "off" | "xhigh" | "max">;

/** Per level: the string sent to the provider, or null where the model does not support the level. */
export type ThinkingLevelMap = Partial<Record<ThinkingLevel, string | null>>;

export interface ModelCost {
  /** dollars per million tokens */
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

export interface Model {
  id: string;
  name: string;
  /** wire protocol: "anthropic-messages", "openai-completions", "openai-responses", ... */
  api: string;
  provider: string;
  baseUrl: string;
  reasoning: boolean;
  thinkingLevelMap?: ThinkingLevelMap;
  input: ("text" | "image")[];
  cost: ModelCost;
  /** seconds a prompt cache entry lives, per retention tier (PI_CACHE_RETENTION); unset: unknown, never warmed */
  promptCache?: { short?: number; long?: number };
  contextWindow: number;
  maxTokens: number;
  headers?: Record<string, string>;
  compat?: Record<string, unknown>;
}
