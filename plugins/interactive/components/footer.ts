// The footer: where you are (cwd, git branch, session name), what the session has cost (tokens, cache, money,
// context use), which model thinks how hard, and the status texts extensions set.
import { truncateToWidth, visibleWidth, type Component } from "@earendil-works/pi-tui";
import type { SessionStatsReport } from "../../session-services/session-info.js";
import type { Theme } from "../theme/theme.js";
import { homePath } from "./home-path.js";

export interface FooterData {
  cwd: string;
  home: string | undefined;
  gitBranch(): string | undefined;
  /** `listener` runs after a checkout changed the branch; the returned function removes it */
  onBranchChange(listener: () => void): () => void;
  sessionName(): string | undefined;
  stats(): SessionStatsReport;
  /** the newest reply's cache reads in percent of its prompt (pi's `CH`) */
  latestCacheHitRate(): number | undefined;
  autoCompaction(): boolean;
  /** "model-id", or undefined when no model is chosen */
  model(): { id: string; provider: string; reasoning: boolean } | undefined;
  /** the model is not known yet (a first frame drawn before the session): nothing is shown in its place */
  modelPending?(): boolean;
  /** more than one provider has models: the provider is shown too */
  manyProviders(): boolean;
  /** the model's requests are paid by a plan (a subscription sign-in): the cost gets "(sub)" */
  usingSubscription?(): boolean;
  thinkingLevel(): string;
  /** under a virtual selection, the physical model (id) and level the latest response came from */
  routed?(): { id: string; thinkingLevel?: string } | undefined;
  statuses(): ReadonlyMap<string, string>;
}

/** 999, 1.2k, 123k, 1.2M, 12M */
export function formatTokens(count: number): string {
  if (count < 1000) return String(count);
  if (count < 10_000) return `${(count / 1000).toFixed(1)}k`;
  if (count < 1_000_000) return `${Math.round(count / 1000)}k`;
  if (count < 10_000_000) return `${(count / 1_000_000).toFixed(1)}M`;
  return `${Math.round(count / 1_000_000)}M`;
}

export class Footer implements Component {
  constructor(
    private readonly data: FooterData,
    private theme: Theme,
  ) {}

  setTheme(theme: Theme): void {
    this.theme = theme;
  }

  invalidate(): void {}

  render(width: number): string[] {
    const dim = (text: string) => this.theme.fg("dim", text);
    const lines = [truncateToWidth(dim(this.location()), width)];
    const left = this.usage();
    const right = this.modelText();
    const gap = width - visibleWidth(left) - visibleWidth(right);
    // too narrow for both on one line: each gets its own
    if (gap >= 2) lines.push(truncateToWidth(left + " ".repeat(gap) + dim(right), width));
    else lines.push(truncateToWidth(left, width), truncateToWidth(dim(right), width));
    const statuses = [...this.data.statuses().entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([, text]) => text.replace(/\s*\n\s*/g, " "));
    if (statuses.length > 0) lines.push(truncateToWidth(statuses.join(" "), width));
    return lines;
  }

  private location(): string {
    const { cwd, home } = this.data;
    let text = homePath(cwd, home);
    const branch = this.data.gitBranch();
    if (branch) text += ` (${branch})`;
    const name = this.data.sessionName();
    if (name) text += ` • ${name}`;
    return text;
  }

  private usage(): string {
    const stats = this.data.stats();
    const { input, output, cacheRead, cacheWrite } = stats.tokens;
    const parts: string[] = [];
    if (input) parts.push(`↑${formatTokens(input)}`);
    if (output) parts.push(`↓${formatTokens(output)}`);
    if (cacheRead) parts.push(`R${formatTokens(cacheRead)}`);
    if (cacheWrite) parts.push(`W${formatTokens(cacheWrite)}`);
    const hitRate = this.data.latestCacheHitRate();
    if ((cacheRead || cacheWrite) && hitRate !== undefined) parts.push(`CH${hitRate.toFixed(1)}%`);
    // a plan's requests cost nothing more: "(sub)" says the dollars are what they would have cost
    const plan = this.data.usingSubscription?.() === true;
    if (stats.cost || plan) parts.push(`$${stats.cost.toFixed(3)}${plan ? " (sub)" : ""}`);
    const usage = stats.contextUsage;
    const auto = this.data.autoCompaction() ? " (auto)" : "";
    let text = this.theme.fg("dim", parts.join(" "));
    if (usage) {
      // unknown right after a compaction: "?/200k", as pi shows it
      const percent = usage.percent === null ? "?" : `${usage.percent.toFixed(1)}%`;
      const context = `${percent}/${formatTokens(usage.contextWindow)}${auto}`;
      const token = usage.percent !== null && usage.percent > 90 ? "error" : usage.percent !== null && usage.percent > 70 ? "warning" : "dim";
      text += (parts.length > 0 ? " " : "") + this.theme.fg(token, context);
    }
    return text;
  }

  private modelText(): string {
    const model = this.data.model();
    if (!model) return this.data.modelPending?.() ? "" : "no model";
    let text = model.id;
    if (model.reasoning) {
      const level = this.data.thinkingLevel();
      text += level === "off" ? " • thinking off" : ` • ${level}`;
    }
    const routed = this.data.routed?.();
    if (routed) text += ` → ${routed.id}${routed.thinkingLevel ? ` • ${routed.thinkingLevel}` : ""}`;
    return this.data.manyProviders() ? `(${model.provider}) ${text}` : text;
  }
}
