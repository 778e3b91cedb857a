// Asking the `project_trust` handlers for a folder: the payload they get (how pith runs, and dialogs that ask the
// user when there is a UI, or answer as dismissed when there is none) and the plugin that asks them through the
// project-trust plugin's hook in a kernel of its own, as start-up does before the session exists.
import { isTapped, type Logger, type PithPlugin } from "../../kernel/index.js";
import type { ProjectTrustDecision, ProjectTrustEvent, ProjectTrustHooks, ProjectTrustUI } from "./trust-hook.js";

/** Dialogs for a process without a UI: each answers as if the user dismissed it; notes go to the log. */
export function dialoglessUI(log?: Logger): ProjectTrustUI {
  return {
    select: async () => undefined,
    confirm: async () => false,
    input: async () => undefined,
    notify: (message, type = "info") => (type === "error" ? log?.error(message) : type === "warning" ? log?.warn(message) : log?.info(message)),
  };
}

export function trustEvent(cwd: string, how: { mode: string; ui?: ProjectTrustUI; log?: Logger }): ProjectTrustEvent {
  return { cwd, mode: how.mode, hasUI: how.ui !== undefined, ui: how.ui ?? dialoglessUI(how.log) };
}

/** Asks the handlers of `hooks`; undefined when none listens or none decided. */
export async function askTrustHandlers(hooks: ProjectTrustHooks, event: ProjectTrustEvent): Promise<ProjectTrustDecision | undefined> {
  if (!isTapped(hooks.project_trust)) return undefined;
  return hooks.project_trust.promise(event);
}

/** A stand-in owner of the hook for a kernel that only asks: it provides nothing, and `ask` fires the hook. */
export function trustAskerPlugin(): { plugin: PithPlugin; ask(event: ProjectTrustEvent): Promise<ProjectTrustDecision | undefined> } {
  let hooks: ProjectTrustHooks | undefined;
  return {
    plugin: { name: "project-trust", setup: (context) => void (hooks = context.hooksOf("project-trust")) },
    ask: async (event) => (hooks ? askTrustHandlers(hooks, event) : undefined),
  };
}
