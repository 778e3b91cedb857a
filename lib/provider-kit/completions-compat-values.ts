// The values pi 1.6.0 allows for Chat Completions' `compat` choices: one list each, read by the models.json schema
// (which refuses others) and by the completions provider (which ignores others in compat set elsewhere).

/** How a server wants reasoning switched on and steered. */
export const THINKING_FORMATS = [
  "openai",
  "openrouter",
  "deepseek",
  "together",
  "baseten",
  "zai",
  "qwen",
  "chat-template",
  "qwen-chat-template",
  "string-thinking",
  "ant-ling",
] as const;
export type ThinkingFormat = (typeof THINKING_FORMATS)[number];

/** Which headers carry the session id: OpenAI's three, the two without `session_id`, or OpenRouter's one. */
export const SESSION_AFFINITY_FORMATS = ["openai", "openai-nosession", "openrouter"] as const;
export type SessionAffinityFormat = (typeof SESSION_AFFINITY_FORMATS)[number];

export const THINKING_TOKEN_BUDGET_FIELDS = ["thinking_token_budget", "thinking_budget", "thinking_budget_tokens"] as const;
export type ThinkingTokenBudgetField = (typeof THINKING_TOKEN_BUDGET_FIELDS)[number];

export const PROMPT_CACHE_KEY_MODES = ["auto", "enabled", "disabled"] as const;
