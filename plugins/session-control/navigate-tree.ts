// Moving within the session tree (pi's navigateTree): the leaf goes to another entry of the same session,
// optionally leaving a summary of the branch it left behind. Plugins are asked first (session_before_tree:
// cancel, bring their own summary, change the instructions or the label) and told after (session_tree).
import { isTapped, messageText, PithError } from "../../kernel/index.js";
import { SUMMARY_ABORTED } from "../compaction/summary/summary-call.js";
import type { SessionEntry } from "../sessions/index.js";
import { requireService } from "./require-service.js";
import { stopRun, type MoveHost } from "./session-moves.js";
import type { TreePreparation } from "./move-hooks.js";

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

export async function navigateTree(host: MoveHost, targetId: string, options: NavigateTreeOptions = {}): Promise<NavigateTreeResult> {
  const sessions = requireService(host.use, "sessions", "navigate the session tree");
  const manager = sessions.manager;
  const oldLeafId = manager.getLeafId();
  if (targetId === oldLeafId) return { cancelled: false };
  const target = manager.getEntry(targetId);
  if (!target) throw new PithError("SESSION_ENTRY_NOT_FOUND", `Cannot navigate to entry ${targetId}: it is not in this session.`);
  const signal = options.signal ?? new AbortController().signal;
  const preparation: TreePreparation = {
    targetId,
    oldLeafId,
    userWantsSummary: options.summarize === true,
    customInstructions: options.customInstructions,
    replaceInstructions: options.replaceInstructions,
    label: options.label,
  };
  const decision = isTapped(host.hooks.session_before_tree) ? await host.hooks.session_before_tree.promise({ preparation, signal }) : undefined;
  if (decision?.cancel) return { cancelled: true };
  await stopRun(host.agent);

  const editorText = editableText(target);
  const newLeafId = editorText === undefined ? target.id : target.parentId;
  let summaryEntryId: string | undefined;
  const fromExtension = decision?.summary !== undefined;
  if (decision?.summary) {
    summaryEntryId = manager.appendBranchSummary(newLeafId, decision.summary.summary, decision.summary.details, true, decision.summary.usage);
  } else if (options.summarize) {
    const compaction = requireService(host.use, "compaction", "summarise the branch being left");
    let summary;
    try {
      summary = await compaction.summarizeBranch({
        targetId,
        fromId: oldLeafId,
        customInstructions: decision?.customInstructions ?? options.customInstructions,
        replaceInstructions: decision?.replaceInstructions ?? options.replaceInstructions,
        signal,
      });
    } catch (error) {
      if (error instanceof PithError && error.code === SUMMARY_ABORTED) return { cancelled: true, aborted: true };
      throw error;
    }
    if (summary) summaryEntryId = manager.appendBranchSummary(newLeafId, summary.summary, summary.details, undefined, summary.usage);
  }
  sessions.navigate(summaryEntryId ?? newLeafId);
  // read before labelling: a label is an entry of its own
  const movedLeafId = manager.getLeafId();
  const label = decision?.label ?? options.label;
  if (label) manager.setLabel(summaryEntryId ?? targetId, label);
  if (isTapped(host.hooks.session_tree)) {
    await host.hooks.session_tree.promise({
      newLeafId: movedLeafId,
      oldLeafId,
      ...(summaryEntryId ? { summaryEntry: manager.getEntry(summaryEntryId) } : {}),
      fromExtension,
    });
  }

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
