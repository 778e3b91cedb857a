// pi's resources_discover, as a hook of the kernel's table that the extensions plugin owns and fires after every
// session_start: any plugin (a pi extension through its handler) adds skill, prompt and theme paths. The skill
// and prompt paths replace the ones given before and join the skills and prompt-templates plugins' resources; the
// system prompt is built again. Theme paths are kept for `discoveredResources()`; pith has no themes to apply.
import { basename, dirname } from "node:path";
import { isTapped, type HookSignature } from "../../../kernel/index.js";
import type { ExtensionResourcePath } from "../../../lib/resources/options.js";
import type { ExtensionRuntime } from "../runtime.js";
import type { ResourcesDiscoverResult } from "../contract/types.js";

export interface ResourcesDiscoverState {
  cwd: string;
  reason: "startup" | "reload";
  skillPaths: ExtensionResourcePath[];
  promptPaths: ExtensionResourcePath[];
  themePaths: string[];
}

declare module "../../../kernel/index.js" {
  interface HookSignatures {
    /** waterfall · after session_start · add paths to `skillPaths`, `promptPaths`, `themePaths` */
    resources_discover: HookSignature<ResourcesDiscoverState, ResourcesDiscoverState>;
  }
}

/** Adds a pi result's paths, named after the extension file that gave them (pi's `extension:<file name>`). */
export function contribute(state: ResourcesDiscoverState, extensionPath: string, result: ResourcesDiscoverResult): ResourcesDiscoverState {
  const origin = contributor(extensionPath);
  return {
    ...state,
    skillPaths: [...state.skillPaths, ...paths(result.skillPaths).map((path) => ({ path, ...origin }))],
    promptPaths: [...state.promptPaths, ...paths(result.promptPaths).map((path) => ({ path, ...origin }))],
    themePaths: [...state.themePaths, ...paths(result.themePaths)],
  };
}

export async function discoverResources(runtime: ExtensionRuntime, reason: "startup" | "reload"): Promise<void> {
  const hook = runtime.context.hooksOf("extensions").resources_discover;
  const empty: ResourcesDiscoverState = { cwd: runtime.cwd, reason, skillPaths: [], promptPaths: [], themePaths: [] };
  const found = isTapped(hook) ? await hook.promise(empty) : empty;
  runtime.discovered.skillPaths = found.skillPaths.map((entry) => entry.path);
  runtime.discovered.promptPaths = found.promptPaths.map((entry) => entry.path);
  runtime.discovered.themePaths = [...found.themePaths];
  // Paths an unloaded instance gave are taken back even when the new ones give none.
  const contributes = found.skillPaths.length > 0 || found.promptPaths.length > 0;
  const changed = contributes || runtime.contributedResources;
  runtime.contributedResources = contributes;
  if (!changed) return;
  await Promise.all([
    runtime.context.tryUse("skills")?.setExtensionPaths(found.skillPaths),
    runtime.context.tryUse("promptTemplates")?.setExtensionPaths(found.promptPaths),
  ]);
  await runtime.session.refreshSystemPrompt();
}

const paths = (list: unknown): string[] => (Array.isArray(list) ? list.filter((entry): entry is string => typeof entry === "string") : []);

function contributor(extensionPath: string): Omit<ExtensionResourcePath, "path"> {
  if (extensionPath.startsWith("<")) return { source: `extension:${extensionPath.replace(/[<>]/g, "")}` };
  return { source: `extension:${basename(extensionPath).replace(/\.(ts|js)$/, "")}`, baseDir: dirname(extensionPath) };
}
