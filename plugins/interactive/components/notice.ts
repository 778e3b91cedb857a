// One line of news in the chat: a dim status, a yellow warning or a red error, after a blank line; a `cost` line is
// in the warning colour without the "Warning:" label (what a summary billed).
import { PaddedText } from "../extensions/output-pad.js";
import type { Usage } from "../../../kernel/index.js";
import type { Theme } from "../theme/theme.js";
import { formatTokens } from "./footer.js";
import { CACHE_LIFETIME_MS, type CacheMiss } from "../../session-services/cache-misses.js";

export type NoticeKind = "status" | "info" | "warning" | "error" | "cost";

export class Notice extends PaddedText {
  constructor(
    readonly kind: NoticeKind,
    message: string,
    private readonly theme: Theme,
  ) {
    super(noticeText(kind, message, theme));
  }

  /** says something else in the same place (a running total) */
  setMessage(message: string): void {
    this.setText(noticeText(this.kind, message, this.theme));
  }
}

function noticeText(kind: NoticeKind, message: string, theme: Theme): string {
  const body =
    kind === "error"
      ? theme.fg("error", `Error: ${message}`)
      : kind === "warning"
        ? theme.fg("warning", `Warning: ${message}`)
        : kind === "cost"
          ? theme.fg("warning", message)
          : kind === "info"
            ? message
            : theme.fg("dim", message);
  return `\n${body}`;
}

/** pi's billing line of a summary: its tokens, and its dollars from one cent up */
export function billedText(kind: "compaction" | "branch_summary", usage: Usage): string {
  const tokens = usage.input + usage.output + usage.cacheRead + usage.cacheWrite;
  const cost = usage.cost.total >= 0.01 ? ` (~$${usage.cost.total.toFixed(2)})` : "";
  return `${kind === "compaction" ? "Compaction" : "Branch summary"}: ${formatTokens(tokens)} tokens billed${cost}`;
}

/**
 * pi's notice of a reply that paid for a cache miss, for a miss worth telling (20,000 tokens or ten cents); what
 * explains it when something does: a model switch, or an idle gap past the cache's lifetime.
 */
export function cacheMissText(miss: CacheMiss): string | undefined {
  if (miss.missedTokens < 20_000 && miss.missedCost < 0.1) return undefined;
  const cost = miss.missedCost >= 0.01 ? ` (~$${miss.missedCost.toFixed(2)})` : "";
  const label = miss.modelChanged ? "Cache miss after model switch" : miss.idleMs >= CACHE_LIFETIME_MS ? `Cache miss after ${Math.round(miss.idleMs / 60_000)}m idle` : "Cache miss";
  return `${label}: ${formatTokens(miss.missedTokens)} tokens re-billed${cost}`;
}
