// `project_trust`, the hook the project-trust plugin fires (owner "project-trust" in the kernel's hook table)
// before a project's own resources load for a folder it has not decided yet: its payload, typed here by
// declaration merging. Any plugin taps it with `context.on("project_trust", ...)`, loaded before this one or after.
import type { HookSignature, OwnedHooks } from "../../kernel/index.js";

/** Asked before a project's own resources load: may they? (pi's `project_trust`) */
export interface ProjectTrustEvent {
  /** the project folder */
  cwd: string;
  /** how pith runs: "tui" | "rpc" | "json" | "print" | "sdk" */
  mode: string;
  /** whether `ui` can ask the user */
  hasUI: boolean;
  /** dialogs a handler may use to ask the user; without a UI they answer as if dismissed */
  ui: ProjectTrustUI;
}

export interface ProjectTrustUI {
  select(title: string, options: string[]): Promise<string | undefined>;
  confirm(title: string, message: string): Promise<boolean>;
  input(title: string, placeholder?: string): Promise<string | undefined>;
  notify(message: string, type?: "info" | "warning" | "error"): void;
}

/** A handler's decision; a handler without one returns undefined and the next one is asked. */
export interface ProjectTrustDecision {
  trusted: boolean;
  /** save the decision in trust.json for later runs; otherwise it holds for this process only */
  remember?: boolean;
}

declare module "../../kernel/index.js" {
  interface HookSignatures {
    /** series bail · the first handler that decides owns the decision */
    project_trust: HookSignature<ProjectTrustEvent, ProjectTrustDecision | undefined>;
  }
}

export type ProjectTrustHooks = OwnedHooks<"project-trust">;
