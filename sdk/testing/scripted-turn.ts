// What a test scripts for one model response of the scripted provider.
import type { StreamRequest } from "../../kernel/index.js";

export interface ScriptedToolCall {
  /** default: "scripted_call_<n>", numbered per provider */
  id?: string;
  name: string;
  /** an object is streamed as its JSON; a string is streamed as-is, so malformed JSON can be scripted too */
  arguments: Record<string, unknown> | string;
}

export interface ScriptedError {
  message: string;
  status?: number;
  retryAfterMs?: number;
  /** the provider's own error type, e.g. "overloaded_error" */
  errorType?: string;
}

/**
 * One response. Content streams in the order thinking, text, tool calls. An `error` turn without content fails
 * like an HTTP error (no `start` event); with content it fails after streaming it, like a dropped stream.
 */
export interface ScriptedTurn {
  /** an array streams as one text block, one `text_delta` per element */
  text?: string | string[];
  thinking?: string;
  toolCalls?: ScriptedToolCall[];
  usage?: { input?: number; output?: number; cacheRead?: number; cacheWrite?: number };
  /** default: "toolUse" when there are tool calls, else "stop" */
  stopReason?: "stop" | "length" | "toolUse";
  error?: ScriptedError;
  /** pause before every event after `start` (abortable), to leave room for steering or aborting mid-stream */
  delayMs?: number;
}

/** A turn, or a function that builds it from the request it answers. */
export type ScriptedStep = ScriptedTurn | ((request: StreamRequest) => ScriptedTurn);
