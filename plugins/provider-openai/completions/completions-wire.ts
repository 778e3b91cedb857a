// The parts of a Chat Completions request body pith sends, including the fields OpenAI-compatible servers
// add (reasoning_content, reasoning_details, cache_control, enable_thinking ...).

export interface CacheControl {
  type: "ephemeral";
  /** "1h": the long retention (PI_CACHE_RETENTION=long) where the server has it */
  ttl?: "1h";
}

export interface ChatTextPart {
  type: "text";
  text: string;
  cache_control?: CacheControl;
}

export interface ChatImagePart {
  type: "image_url";
  image_url: { url: string };
}

export interface ChatToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

export type ChatMessage =
  | { role: "system" | "developer"; content: string | ChatTextPart[] }
  /** tools added where the conversation adds them (Kimi; compat.supportsMidConvoToolAdditions) */
  | { role: "system"; tools: ChatTool[]; content?: undefined }
  | { role: "user"; content: string | (ChatTextPart | ChatImagePart)[] }
  | ChatAssistantMessage
  /** content: text, or one part where it carries a cache breakpoint */
  | { role: "tool"; content: string | ChatTextPart[]; tool_call_id: string; name?: string };

export interface ChatAssistantMessage {
  role: "assistant";
  content: string | ChatTextPart[] | null;
  tool_calls?: ChatToolCall[];
  /** reasoning sent back under the field the server streamed it in (reasoning_content, reasoning ...) */
  [reasoningField: string]: unknown;
}

export interface ChatTool {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown>; strict?: boolean };
  cache_control?: CacheControl;
}

export interface ChatCompletionsBody {
  model: string;
  messages: ChatMessage[];
  stream: true;
  stream_options?: { include_usage: boolean };
  store?: boolean;
  max_tokens?: number;
  max_completion_tokens?: number;
  temperature?: number;
  tools?: ChatTool[];
  tool_stream?: boolean;
  reasoning_effort?: string;
  reasoning?: { effort: string } | { enabled: boolean };
  /** DeepSeek's and z.ai's switch, or a plain string (thinkingFormat "string-thinking") */
  thinking?: { type: "enabled" | "disabled"; clear_thinking?: boolean } | string;
  enable_thinking?: boolean;
  chat_template_kwargs?: Record<string, unknown>;
  chat_template_args?: Record<string, unknown>;
  thinking_token_budget?: number;
  thinking_budget?: number;
  thinking_budget_tokens?: number;
  prompt_cache_key?: string;
  prompt_cache_retention?: "24h";
  /** vLLM's scheduler priority */
  priority?: number;
  provider?: Record<string, unknown>;
  providerOptions?: { gateway: { only?: unknown; order?: unknown } };
}
