// pi 1.6.0's checks on a context edit an extension appends: the target adds content the model reads and lies on
// the current branch, and a text replacement of a reply or tool result becomes a text block, as pi stores it.
import { PithError } from "../../../../kernel/index.js";
import type { ContextEditEntry, SessionEntry } from "../../../sessions/index.js";

type Replacement = ContextEditEntry["replacement"];

const invalid = (message: string) => new PithError("SESSION_CONTEXT_EDIT_INVALID", message);

export function checkContextEdit(
  session: { getEntry(id: string): SessionEntry | undefined; getBranch(): SessionEntry[] },
  targetId: string,
  replacement: Replacement,
): Replacement {
  const content = (replacement as { content?: unknown } | null)?.content;
  if (replacement !== null && (typeof replacement !== "object" || (typeof content !== "string" && !Array.isArray(content)))) {
    throw invalid("A context edit's replacement is null or { content } with string or array content.");
  }
  const target = session.getEntry(targetId);
  if (!target) throw new PithError("SESSION_ENTRY_NOT_FOUND", `Entry ${targetId} not found.`);
  if (!session.getBranch().some((entry) => entry.id === targetId)) throw invalid(`Entry ${targetId} is not on the active branch.`);
  const role = target.type === "message" ? target.message.role : target.type === "custom_message" ? "custom" : undefined;
  if (role !== "user" && role !== "assistant" && role !== "toolResult" && role !== "custom") {
    throw invalid(`Entry ${targetId} does not contribute editable model content.`);
  }
  if (replacement !== null && (role === "assistant" || role === "toolResult") && typeof content === "string") {
    return { content: [{ type: "text", text: content }] };
  }
  return replacement;
}
