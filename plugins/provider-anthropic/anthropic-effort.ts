// Effort as conversation markers, as pi 1.6.0 sends it to models with `compat.supportsMidConvoEffort`: the request's
// own `output_config.effort` stays fixed so a level change keeps the cached prompt, and an empty system message
// carrying `output_config` sets the level instead, one before each earlier reply of the same provider (the level
// that reply was asked at) and one at the end (the level of this request). Thinking blocks are bound to the prefix
// they were made after, so one whose prefix changed is dropped by the server instead of failing the request.
import type { AssistantMessage, Model } from "../../kernel/index.js";
import type { WireEffortMarker, WireThinking } from "./anthropic-wire.js";

export const MID_CONVERSATION_OUTPUT_CONFIG_BETA = "mid-conversation-output-config-2026-07-01";
export const THINKING_BINDING_CONTROLS_BETA = "thinking-binding-controls-2026-08-01";

/**
 * The request-level effort of such a model. "low", because an organization may cap the effort and refuse any request
 * that names a level above its cap.
 */
export const FIXED_REQUEST_EFFORT = "low";

/** The level a marker sets when the request names none (thinking on a token budget, or a level the model lacks). */
export const DEFAULT_MARKED_EFFORT = "high";

const ANTHROPIC_EFFORTS = new Set(["low", "medium", "high", "xhigh", "max"]);

export function managesEffort(model: Model): boolean {
  return model.compat?.supportsMidConvoEffort === true;
}

export function boundAdaptiveThinking(): WireThinking {
  return { type: "adaptive", display: "summarized", block_binding: { prefix_mismatch_behavior: "drop_block" } };
}

export function effortMarker(effort: string): WireEffortMarker {
  return { role: "system", content: [], output_config: { effort } };
}

/** The level an earlier reply was asked at, when it came through this API from the provider the request goes to. */
export function replayedEffort(reply: AssistantMessage, model: Model): string | undefined {
  const level = reply.providerThinkingLevel;
  if (reply.api !== "anthropic-messages" || reply.provider !== model.provider || level === undefined) return undefined;
  return ANTHROPIC_EFFORTS.has(level) ? level : undefined;
}
