// Whether a reply failed because the conversation no longer fits the model's context window.
import { providerErrorDetails } from "../../../lib/provider-kit/assistant-builder.js";
import type { AssistantMessage } from "../../../kernel/index.js";
import { isContextOverflowText } from "../../../lib/provider-kit/context-overflow.js";

/** Cerebras answers an oversized request with a bare 400 or 413. */
const BARE_REJECTION = /^4(00|13)\s*(status code)?\s*\(no body\)/i;

/**
 * An error the provider marked as an overflow or worded as one; or a "successful" reply that shows the server
 * silently cut the input: more prompt tokens than the window holds, or a length stop with no output at all.
 */
export function isContextOverflow(message: AssistantMessage, contextWindow: number): boolean {
  if (message.stopReason === "error") {
    if (providerErrorDetails(message)?.kind === "overflow") return true;
    const text = message.errorMessage ?? "";
    if (isContextOverflowText(text) || BARE_REJECTION.test(text)) return true;
  }
  if (contextWindow <= 0 || !message.usage) return false;
  const input = message.usage.input + message.usage.cacheRead;
  if (message.stopReason === "stop" && input > contextWindow) return true;
  return message.stopReason === "length" && message.usage.output === 0 && input >= contextWindow * 0.99;
}
