// compaction.* and branchSummary.* from settings.json, checked, and fitted to the model in use: pi's defaults
// assume a 200k window, and on a small model they would compact after every turn while keeping everything.
import type { Settings } from "../settings/schema/schema.js";
import type { CompactionBudget } from "./preparation/prepare-compaction.js";

export interface CompactionSettings extends CompactionBudget {
  /** summarise with this model id instead of the session's */
  model?: string;
  /** provider of `model`; default: the session's provider */
  provider?: string;
  /** room kept free when summarising a branch (branchSummary.reserveTokens) */
  branchReserveTokens: number;
}

export const DEFAULT_COMPACTION_SETTINGS: Readonly<CompactionSettings> = Object.freeze({
  enabled: true,
  reserveTokens: 16384,
  keepRecentTokens: 20000,
  branchReserveTokens: 16384,
});

export interface CheckedSettings {
  settings: CompactionSettings;
  /** settings that were ignored, and why */
  warnings: string[];
}

type Loose = Record<string, unknown>;

/** Overrides (plugin options) win over the file. Wrong types fall back to the default with a warning. */
export function compactionSettingsFrom(settings: Partial<Pick<Settings, "compaction" | "branchSummary">> | undefined, overrides: Partial<CompactionSettings> = {}): CheckedSettings {
  const warnings: string[] = [];
  const compaction = (settings?.compaction ?? {}) as Loose;
  const branch = (settings?.branchSummary ?? {}) as Loose;
  const defaults = DEFAULT_COMPACTION_SETTINGS;
  const result: CompactionSettings = {
    enabled: overrides.enabled ?? (typeof compaction.enabled === "boolean" ? compaction.enabled : defaults.enabled),
    reserveTokens: overrides.reserveTokens ?? count(compaction.reserveTokens, "compaction.reserveTokens", defaults.reserveTokens, warnings),
    keepRecentTokens: overrides.keepRecentTokens ?? count(compaction.keepRecentTokens, "compaction.keepRecentTokens", defaults.keepRecentTokens, warnings),
    branchReserveTokens: overrides.branchReserveTokens ?? count(branch.reserveTokens, "branchSummary.reserveTokens", defaults.branchReserveTokens, warnings),
  };
  const model = overrides.model ?? name(compaction.model, "compaction.model", warnings);
  const provider = overrides.provider ?? name(compaction.provider, "compaction.provider", warnings);
  if (model !== undefined) result.model = model;
  if (provider !== undefined) result.provider = provider;
  if (provider !== undefined && model === undefined) warnings.push("compaction.provider is set without compaction.model; it is ignored.");
  return { settings: result, warnings };
}

/** Which budget values the user chose (in a settings file or plugin options), as opposed to pith's defaults. */
export type ChosenBudget = Partial<Record<"reserveTokens" | "keepRecentTokens", boolean>>;

/**
 * The budget for a model: the reserve may take at most half the window (else a quarter is used), and the kept
 * part at most half of what remains, so that a compaction always brings the context well below the threshold.
 * A default scaled down for a small window is no news; a value the user chose gets a warning.
 */
export function budgetFor(
  settings: CompactionBudget,
  contextWindow: number,
  modelName: string,
  chosen: ChosenBudget = { reserveTokens: true, keepRecentTokens: true },
): { budget: CompactionBudget; warnings: string[] } {
  const warnings: string[] = [];
  const budget: CompactionBudget = { enabled: settings.enabled, reserveTokens: settings.reserveTokens, keepRecentTokens: settings.keepRecentTokens };
  if (contextWindow <= 0) return { budget, warnings };
  if (budget.reserveTokens > contextWindow / 2) {
    budget.reserveTokens = Math.floor(contextWindow / 4);
    if (chosen.reserveTokens) warnings.push(
      `compaction.reserveTokens (${settings.reserveTokens}) is more than half of the ${contextWindow}-token context window of ${modelName}; using ${budget.reserveTokens}.`,
    );
  }
  const room = contextWindow - budget.reserveTokens;
  if (budget.keepRecentTokens > room / 2) {
    budget.keepRecentTokens = Math.floor(room / 2);
    if (chosen.keepRecentTokens) warnings.push(
      `compaction.keepRecentTokens (${settings.keepRecentTokens}) would keep more than half of what fits before ${modelName} compacts (${room} tokens); using ${budget.keepRecentTokens}.`,
    );
  }
  return { budget, warnings };
}

function count(value: unknown, key: string, fallback: number, warnings: string[]): number {
  if (value === undefined) return fallback;
  if (typeof value === "number" && Number.isInteger(value) && value >= 0) return value;
  warnings.push(`${key} must be a whole number of tokens (0 or more), not ${JSON.stringify(value)}; using ${fallback}.`);
  return fallback;
}

function name(value: unknown, key: string, warnings: string[]): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string" && value.trim() !== "") return value.trim();
  warnings.push(`${key} must be a non-empty string, not ${JSON.stringify(value)}; it is ignored.`);
  return undefined;
}
