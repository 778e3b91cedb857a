// Project trust (pi 1.6.0): whether a project's own settings and resources may load. Resolved once before the
// session boots (settings, packages, skills, templates, SYSTEM.md and extensions all depend on it), then
// served as "projectTrust" for `ctx.isProjectTrusted()`, `/trust` and session moves.
import type { PluginSpec } from "../../kernel/index.js";
import type { ProjectTrustUI } from "./trust-hook.js";
import type { SettingsManager } from "../settings/index.js";
import { resolveProjectTrust, type DefaultProjectTrust, type ProjectTrustState, type ResolveTrustOptions, type TrustPrompt } from "./resolve-trust.js";
import { createTrustService, type ProjectTrustService } from "./trust-service.js";
import { TrustStore } from "./trust-store.js";

declare module "../../kernel/index.js" {
  interface PithServices {
    projectTrust: ProjectTrustService;
  }
}

export { TrustStore, trustFilePath, type TrustEntry, type TrustUpdate, type SavedTrust } from "./trust-store.js";
export { findGatedResources, findGatedResourcesSync } from "./gated-resources.js";
export { trustChoices, trustPromptTitle, type TrustChoice } from "./trust-choices.js";
export { resolveProjectTrust, type DefaultProjectTrust, type ProjectTrustState, type TrustPrompt, type TrustSource } from "./resolve-trust.js";
export { type ProjectTrustService } from "./trust-service.js";
export { askTrustHandlers, dialoglessUI, trustAskerPlugin, trustEvent } from "./trust-asker.js";
export type { ProjectTrustDecision, ProjectTrustEvent, ProjectTrustHooks, ProjectTrustUI } from "./trust-hook.js";
export { untrustedWarning, CODE_RUNNING_SETTINGS } from "./untrusted-warning.js";

/** How a process decides trust: the command line's decision, and how to ask the user. */
export interface ProjectTrustOptions {
  /** `--approve` (true) / `--no-approve` (false): this process's decision, saved nowhere */
  approve?: boolean;
  /** pith's `--trust`: approve and save the decision in trust.json */
  remember?: boolean;
  /** asks the user when `defaultProjectTrust` is "ask" and nothing else decided (interactive mode) */
  prompt?: TrustPrompt;
  /** how pith runs, told to `project_trust` handlers: "tui" | "rpc" | "json" | "print" | "sdk" */
  mode?: string;
  /** dialogs `project_trust` handlers may use (interactive mode) */
  ui?: ProjectTrustUI;
}

/** `defaultProjectTrust` counts only in the agent folder's settings, as in pi. */
export function defaultProjectTrust(settings: SettingsManager): DefaultProjectTrust {
  const value = settings.fileSettings("global").defaultProjectTrust;
  return value === "always" || value === "never" ? value : "ask";
}

export function legacyTrustedProjects(settings: SettingsManager): string[] {
  const value = settings.fileSettings("global").trustedProjects;
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : [];
}

export async function resolveStartupTrust(
  options: ProjectTrustOptions & { cwd: string; agentDir: string; settings: SettingsManager; homeDir?: string; askHandlers?: ResolveTrustOptions["askHandlers"] },
): Promise<ProjectTrustState> {
  return resolveProjectTrust({
    cwd: options.cwd,
    store: new TrustStore(options.agentDir),
    override: options.remember ? true : options.approve,
    rememberOverride: options.remember,
    defaultProjectTrust: defaultProjectTrust(options.settings),
    legacyTrusted: legacyTrustedProjects(options.settings),
    askHandlers: options.askHandlers,
    prompt: options.prompt,
    homeDir: options.homeDir,
  });
}

/** The plugin that serves the start-up decision as "projectTrust". */
export function projectTrustPlugin(
  initial: ProjectTrustState,
  options: ProjectTrustOptions & { agentDir: string; settings: SettingsManager },
): PluginSpec {
  return {
    name: "project-trust",
    setup(context) {
      context.provide(
        "projectTrust",
        createTrustService({
          store: new TrustStore(options.agentDir),
          initial,
          override: options.remember ? true : options.approve,
          defaultProjectTrust: () => defaultProjectTrust(options.settings),
          legacyTrusted: () => legacyTrustedProjects(options.settings),
          hooks: context.hooksOf("project-trust"),
          onDecided: (state) => options.settings.setProjectTrusted(state.trusted),
          mode: options.mode ?? "sdk",
          ui: options.ui,
          log: context.log,
        }),
      );
    },
  };
}
