// A resumed session brings back its model and thinking level; a new one records both at its start, as pi's
// files do (a `model_change` and a `thinking_level_change` entry before the first message).
import type { ThinkingLevel } from "../../kernel/index.js";
import { isThinkingLevel } from "../../lib/provider-kit/thinking-levels.js";
import type { SessionManager } from "../sessions/index.js";

export interface RestoredState {
  model: { provider: string; modelId: string } | undefined;
  thinkingLevel: ThinkingLevel | undefined;
}

/** What the opened session's active branch last recorded; undefined for a new, empty (or no stored) session. */
export function restoredState(manager: SessionManager | undefined): RestoredState | undefined {
  if (!manager || manager.getEntries().length === 0) return undefined;
  const settings = manager.getBranchSettings();
  return {
    model: settings.model ?? undefined,
    thinkingLevel: settings.thinkingLevelRecorded && isThinkingLevel(settings.thinkingLevel) ? settings.thinkingLevel : undefined,
  };
}

/** The thinking level is recorded when it changes; a branch without any record gets the current one. */
export function recordInitialThinkingLevel(manager: SessionManager | undefined, level: ThinkingLevel): void {
  if (!manager || manager.getBranchSettings().thinkingLevelRecorded) return;
  manager.appendThinkingLevelChange(level);
}
