// The parts of an Anthropic Messages request body pith sends. Kept small and independent of the SDK's types,
// which describe every server-side feature; the body is handed to the SDK as-is.
import type { StoredJsonString } from "../../lib/provider-kit/index.js";

export interface CacheControl {
  type: "ephemeral";
  /** "1h": the long retention (PI_CACHE_RETENTION=long) */
  ttl?: "1h";
}

export interface WireTextBlock {
  type: "text";
  text: string;
  cache_control?: CacheControl;
}

export interface WireImageBlock {
  type: "image";
  source: { type: "base64"; media_type: string; data: string };
  cache_control?: CacheControl;
}

export interface WireThinkingBlock {
  type: "thinking";
  thinking: string;
  signature: string;
}

export interface WireRedactedThinkingBlock {
  type: "redacted_thinking";
  data: string;
}

export interface WireToolUseBlock {
  type: "tool_use";
  id: string;
  name: string;
  input: Record<string, unknown>;
}

export interface WireToolResultBlock {
  type: "tool_result";
  tool_use_id: string;
  /** a tool output as stored in the session file is sent as it is stored */
  content?: string | StoredJsonString | (WireTextBlock | WireImageBlock)[];
  is_error?: boolean;
  cache_control?: CacheControl;
}

export type WireUserBlock = WireTextBlock | WireImageBlock | WireToolResultBlock;
export type WireAssistantBlock = WireTextBlock | WireThinkingBlock | WireRedactedThinkingBlock | WireToolUseBlock;

/** An empty system message that sets the effort of the replies after it (anthropic-effort.ts). */
export interface WireEffortMarker {
  role: "system";
  content: [];
  output_config: { effort: string };
}

/** A later system message of the conversation (anthropic-transcript.ts). */
export interface WireSystemMessage {
  role: "system";
  content: WireSystemBlock[];
}

export type WireSystemBlock =
  | WireTextBlock
  | { type: "tool_addition"; tool: { type: "tool_definition"; definition: WireTool }; cache_control?: CacheControl }
  | { type: "tool_removal"; tool: { type: "tool_reference"; name: string }; cache_control?: CacheControl };

export type WireMessage =
  | { role: "user"; content: string | WireUserBlock[] }
  | { role: "assistant"; content: WireAssistantBlock[] }
  | WireSystemMessage
  | WireEffortMarker;

export interface WireTool {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
  eager_input_streaming?: boolean;
  /** Anthropic's strict tool schema (compat.supportsStrictTools) */
  strict?: boolean;
  /** a tool declared but not loaded (the placeholder of anthropic-transcript.ts) */
  defer_loading?: boolean;
  cache_control?: CacheControl;
}

export type WireThinking =
  | { type: "enabled"; budget_tokens: number; display?: "summarized" | "omitted" }
  | { type: "adaptive"; display?: "summarized" | "omitted"; block_binding?: { prefix_mismatch_behavior: "drop_block" } }
  | { type: "disabled" };

export interface AnthropicRequestBody {
  model: string;
  messages: WireMessage[];
  max_tokens: number;
  stream: true;
  system?: WireTextBlock[];
  tools?: WireTool[];
  thinking?: WireThinking;
  output_config?: { effort: string };
  temperature?: number;
  /** models Anthropic may answer with instead, after a refusal (compat.allowedFallbackModels) */
  fallbacks?: { model: string }[];
}
