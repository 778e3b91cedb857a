// Mistral's chat completions as they travel: the request body and the chunks of its server-sent event stream.
// Content may be a string or a list of chunks; thinking is a chunk of its own holding text chunks.

export interface MistralTextChunk {
  type: "text";
  text: string;
}

export interface MistralThinkingChunk {
  type: "thinking";
  thinking: MistralTextChunk[];
}

export interface MistralImageChunk {
  type: "image_url";
  image_url: string;
}

export interface MistralToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
  index: number;
}

export type MistralMessage =
  | { role: "system"; content: string }
  | { role: "user"; content: string | (MistralTextChunk | MistralImageChunk)[] }
  | { role: "assistant"; content?: (MistralTextChunk | MistralThinkingChunk)[]; tool_calls?: MistralToolCall[]; prefix: false }
  | { role: "tool"; tool_call_id: string; name: string; content: (MistralTextChunk | MistralImageChunk)[] };

export interface MistralRequestBody {
  model: string;
  stream: true;
  messages: MistralMessage[];
  tools?: { type: "function"; function: { name: string; description: string; parameters: Record<string, unknown>; strict: false } }[];
  temperature?: number;
  max_tokens?: number;
  prompt_mode?: "reasoning";
  reasoning_effort?: string;
  prompt_cache_key?: string;
}

export interface MistralUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number };
  num_cached_tokens?: number;
}

export interface MistralChunk {
  id?: string;
  model?: string;
  choices?: {
    index?: number;
    delta: {
      role?: string;
      content?: string | (MistralTextChunk | MistralThinkingChunk)[] | null;
      tool_calls?: { id?: string; index?: number; function: { name?: string; arguments?: string | Record<string, unknown> } }[] | null;
    };
    finish_reason?: string | null;
  }[];
  usage?: MistralUsage;
  /** an error sent in place of a chunk */
  object?: string;
  message?: unknown;
  type?: string;
}
