// `--list-models [search]`: the models with a key, as an aligned table like pi's.
import type { Model } from "../../../kernel/index.js";

const COLUMNS = ["provider", "model", "context", "max-out", "thinking", "images"] as const;

export const NO_MODELS_MESSAGE =
  "No models available. Set a provider's API key (e.g. ANTHROPIC_API_KEY or OPENAI_API_KEY), add it to auth.json, " +
  "or add a provider to models.json (see docs/providers.md).";

/** The table text (no trailing newline), or a one-line message when there is nothing to list. */
export function formatModelList(models: readonly Model[], search?: string): string {
  if (models.length === 0) return NO_MODELS_MESSAGE;
  const shown = search
    ? models.filter((model) => fuzzyMatchesAll(search, `${model.provider} ${model.id}`))
    : [...models];
  if (shown.length === 0) return `No models matching "${search}"`;
  shown.sort((a, b) => a.provider.localeCompare(b.provider) || a.id.localeCompare(b.id));
  const rows = shown.map((model) => [
    model.provider,
    model.id,
    formatTokenCount(model.contextWindow),
    formatTokenCount(model.maxTokens),
    model.reasoning ? "yes" : "no",
    model.input.includes("image") ? "yes" : "no",
  ]);
  const table = [[...COLUMNS], ...rows];
  const widths = COLUMNS.map((_, column) => Math.max(...table.map((row) => row[column].length)));
  return table.map((row) => row.map((cell, column) => cell.padEnd(widths[column])).join("  ")).join("\n");
}

/** 200000 → "200K", 1000000 → "1M", 1047576 → "1.0M". */
export function formatTokenCount(count: number): string {
  if (count >= 1_000_000) return scaled(count / 1_000_000, "M");
  if (count >= 1_000) return scaled(count / 1_000, "K");
  return String(count);
}

function scaled(value: number, unit: string): string {
  return Number.isInteger(value) ? `${value}${unit}` : `${value.toFixed(1)}${unit}`;
}

/**
 * Every whitespace-separated token must occur in `text` as a subsequence of characters (case-insensitive);
 * `gpt5`/`5gpt` style tokens also match with letters and digits swapped, as in pi's picker.
 */
export function fuzzyMatchesAll(query: string, text: string): boolean {
  const haystack = text.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((token) => isSubsequence(token, haystack) || isSubsequence(swapLettersAndDigits(token), haystack));
}

function isSubsequence(needle: string, haystack: string): boolean {
  if (!needle) return false;
  let at = 0;
  for (const ch of haystack) {
    if (ch === needle[at]) at++;
    if (at === needle.length) return true;
  }
  return false;
}

function swapLettersAndDigits(token: string): string {
  const lettersFirst = /^([a-z]+)(\d+)$/.exec(token);
  if (lettersFirst) return lettersFirst[2] + lettersFirst[1];
  const digitsFirst = /^(\d+)([a-z]+)$/.exec(token);
  return digitsFirst ? digitsFirst[2] + digitsFirst[1] : "";
}
