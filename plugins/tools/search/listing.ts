// grep, find and ls print one row per result, cut at 50KB, with notices in one bracket at the end.
import { DEFAULT_MAX_BYTES, formatSize, truncateHead, type TruncationResult } from "../truncate.js";

/** One bullet shared by grep, find and ls; identical text, so the system prompt lists it once. */
export const EXPLORATION_GUIDELINE =
  "Prefer the grep, find and ls tools over bash for exploring files: they are faster and respect .gitignore.";

/** `notices` come before the byte-limit notice, `laterNotices` after it (pi's order). */
export function renderListing(
  rows: readonly string[],
  notices: readonly string[],
  laterNotices: readonly string[] = [],
): { text: string; truncation?: TruncationResult } {
  const truncation = truncateHead(rows.join("\n"), { maxLines: Number.MAX_SAFE_INTEGER });
  const all = [...notices];
  if (truncation.truncated) all.push(`${formatSize(DEFAULT_MAX_BYTES)} limit reached`);
  all.push(...laterNotices);
  const text = all.length > 0 ? `${truncation.content}\n\n[${all.join(". ")}]` : truncation.content;
  return { text, truncation: truncation.truncated ? truncation : undefined };
}
