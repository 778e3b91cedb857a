// The parts of a Chat Completions request body pith sends, including the fields OpenAI-compatible servers
// add (reasoning_content, reasoning_details, cache_control, enable_thinking ...).

export interface CacheControl {
  type: "ephemeral";
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
  | { role: "user"; content: string | (ChatTextPart | ChatImagePart)[] }
  | ChatAssistantMessage
  | { role: "tool"; content: string; tool_call_id: string; name?: string };

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
  reasoning?: { effort: string };
  thinking?: { type: "enabled" | "disabled" };
  enable_thinking?: boolean;
  chat_template_kwargs?: Record<string, unknown>;
  prompt_cache_key?: string;
  provider?: Record<string, unknown>;
}
