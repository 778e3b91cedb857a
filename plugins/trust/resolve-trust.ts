// Decides whether a project's own resources may load, in pi 1.6.0's order: a command-line decision
// (`--approve`/`--no-approve`, pith's `--trust`); a project without gated resources is trusted unless a saved
// decision says no; `project_trust` handlers (the first that decides owns it); the nearest saved decision
// (trust.json, then pith's older `trustedProjects` list); the global `defaultProjectTrust`, whose "ask" asks the
// user when there is a way to, and otherwise declines.
import { errorMessage } from "../../kernel/index.js";
import type { ProjectTrustDecision, ProjectTrustEvent } from "./trust-hook.js";
import { canonicalPath } from "../../lib/resources/finding/paths.js";
import { findGatedResources } from "./gated-resources.js";
import { trustChoices, trustPromptTitle, type TrustChoice } from "./trust-choices.js";
import type { TrustStore, TrustUpdate } from "./trust-store.js";

export type DefaultProjectTrust = "ask" | "always" | "never";

/** Where a decision came from; only "default" and "no-prompt" are decisions the user never made. */
export type TrustSource = "command-line" | "no-gated-resources" | "handler" | "saved" | "legacy" | "default" | "prompt" | "no-prompt";

export interface ProjectTrustState {
  /** the canonical project folder */
  cwd: string;
  trusted: boolean;
  source: TrustSource;
  /** the gated resources the project has (`.pi/settings.json`, `.agents/skills`, ...) */
  gated: readonly string[];
  /** the folder whose saved entry decided (the project or a parent) */
  savedPath?: string;
  /** trust.json could not be read or written: the decision was made without it */
  problems: string[];
}

/** Asks the user; undefined when dismissed. The choices and title are pi's. */
export type TrustPrompt = (request: { cwd: string; title: string; choices: TrustChoice[] }) => Promise<TrustChoice | undefined>;

export interface ResolveTrustOptions {
  cwd: string;
  store: TrustStore;
  /** a decision given on the command line for this process */
  override?: boolean;
  /** pith's `--trust`: the command-line "yes" is saved too */
  rememberOverride?: boolean;
  defaultProjectTrust: DefaultProjectTrust;
  /** pith's older list of trusted folders (the global `trustedProjects` setting) */
  legacyTrusted?: readonly string[];
  /** runs the `project_trust` handlers; undefined when none decided */
  askHandlers?: (event: Pick<ProjectTrustEvent, "cwd">) => Promise<ProjectTrustDecision | undefined>;
  prompt?: TrustPrompt;
  homeDir?: string;
  signal?: AbortSignal;
}

export async function resolveProjectTrust(options: ResolveTrustOptions): Promise<ProjectTrustState> {
  const cwd = await canonicalPath(options.cwd);
  const gated = await findGatedResources(cwd, options.homeDir);
  const problems: string[] = [];
  const state = (trusted: boolean, source: TrustSource, savedPath?: string): ProjectTrustState => ({ cwd, trusted, source, gated, problems, ...(savedPath ? { savedPath } : {}) });
  // a trust.json pith cannot use costs the saved decisions, never the run: the problem is reported
  const save = (updates: TrustUpdate[]) => options.store.save(updates, options.signal).catch((error: unknown) => void problems.push(`project trust was not saved: ${errorMessage(error)}`));
  const saved = () =>
    savedDecision(options, cwd).catch((error: unknown) => {
      problems.push(`saved project trust decisions are not used: ${errorMessage(error)}`);
      return undefined;
    });

  if (options.override !== undefined) {
    if (options.override && options.rememberOverride) await save([{ path: cwd, decision: true }]);
    return state(options.override, "command-line");
  }
  if (gated.length === 0) {
    const found = await saved();
    return found ? state(found.trusted, found.source, found.path) : state(true, "no-gated-resources");
  }
  const handled = await options.askHandlers?.({ cwd });
  if (handled) {
    if (handled.remember) await save([{ path: cwd, decision: handled.trusted }]);
    return state(handled.trusted, "handler");
  }
  const found = await saved();
  if (found) return state(found.trusted, found.source, found.path);
  if (options.defaultProjectTrust === "always") return state(true, "default");
  if (options.defaultProjectTrust === "never") return state(false, "default");
  if (!options.prompt) return state(false, "no-prompt");
  const chosen = await options.prompt({ cwd, title: trustPromptTitle(cwd), choices: trustChoices(cwd, { sessionOnly: true }) });
  if (!chosen) return state(false, "prompt");
  if (chosen.updates.length > 0) await save(chosen.updates);
  return state(chosen.trusted, "prompt");
}

async function savedDecision(options: ResolveTrustOptions, cwd: string): Promise<{ trusted: boolean; source: "saved" | "legacy"; path: string } | undefined> {
  const legacy = new Set(await Promise.all((options.legacyTrusted ?? []).map((listed) => canonicalPath(listed))));
  const entry = await options.store.nearest(cwd, legacy);
  return entry && { trusted: entry.trusted, source: entry.legacy ? "legacy" : "saved", path: entry.path };
}
