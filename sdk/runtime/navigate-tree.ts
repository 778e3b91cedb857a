// Moving within the session tree (pi's navigateTree): the leaf goes to another entry of the same session,
// optionally leaving a summary of the branch it left behind (the compaction service writes it).
import type { AgentSession } from "../../kernel/agent-session.js";
import { PithError } from "../../kernel/errors.js";
import { messageText } from "../../kernel/messages.js";
import { SUMMARY_ABORTED } from "../../plugins/compaction/summary-call.js";
import type { SessionEntry } from "../../plugins/sessions/index.js";
import { stopRun } from "./session-moves.js";
import { requireService } from "./services.js";

export interface NavigateTreeOptions {
  /** summarise the branch being left and keep the summary at the new position (needs a model) */
  summarize?: boolean;
  /** a focus for the summary */
  customInstructions?: string;
  /** `customInstructions` replace pith's summary instructions */
  replaceInstructions?: boolean;
  /** a label for the target entry (for the summary entry, when one is written) */
  label?: string;
  /** cancels the summary */
  signal?: AbortSignal;
}

export interface NavigateTreeResult {
  cancelled: boolean;
  /** the summary was aborted: nothing changed */
  aborted?: boolean;
  /** the target was a user message: the leaf is now its parent and this is its text, to edit and send again */
  editorText?: string;
  /** the branch summary entry written */
  summaryEntryId?: string;
}

export async function navigateTree(agent: AgentSession, targetId: string, options: NavigateTreeOptions = {}): Promise<NavigateTreeResult> {
  const sessions = requireService(agent, "sessions", "navigate the session tree");
  const manager = sessions.manager;
  const oldLeafId = manager.getLeafId();
  if (targetId === oldLeafId) return { cancelled: false };
  const target = manager.getEntry(targetId);
  if (!target) throw new PithError("SESSION_ENTRY_NOT_FOUND", `Cannot navigate to entry ${targetId}: it is not in this session.`);
  await stopRun(agent);

  const editorText = editableText(target);
  const newLeafId = editorText === undefined ? target.id : target.parentId;
  let summaryEntryId: string | undefined;
  if (options.summarize) {
    const compaction = requireService(agent, "compaction", "summarise the branch being left");
    let summary;
    try {
      summary = await compaction.summarizeBranch({
        targetId,
        fromId: oldLeafId,
        customInstructions: options.customInstructions,
        replaceInstructions: options.replaceInstructions,
        signal: options.signal,
      });
    } catch (error) {
      if (error instanceof PithError && error.code === SUMMARY_ABORTED) return { cancelled: true, aborted: true };
      throw error;
    }
    if (summary) summaryEntryId = manager.appendBranchSummary(newLeafId, summary.summary, summary.details);
  }
  sessions.navigate(summaryEntryId ?? newLeafId);
  if (options.label) manager.setLabel(summaryEntryId ?? targetId, options.label);

  const result: NavigateTreeResult = { cancelled: false };
  if (editorText !== undefined) result.editorText = editorText;
  if (summaryEntryId !== undefined) result.summaryEntryId = summaryEntryId;
  return result;
}

/** A user's own message (or a plugin's user-role message) is re-opened for editing rather than kept. */
function editableText(entry: SessionEntry): string | undefined {
  if (entry.type === "message" && entry.message.role === "user") return messageText(entry.message);
  if (entry.type === "custom_message") return messageText({ role: "user", content: entry.content, timestamp: 0 });
  return undefined;
}
