// What the extensions need from the session's lifecycle: when it started (model and thinking changes are news
// only after that), the running turn's signal for `ctx.signal`, resources_discover after session_start (its
// skill and prompt paths join the skills and prompt-templates plugins' resources), the compaction hooks once
// that plugin is there, and the host the shims reach the session through. Tapped once per session, when the
// first extension loads (at start-up, or on a later reload).
import { basename, dirname } from "node:path";
import type { ExtensionResourcePath } from "../../../lib/resources/options.js";
import { isTapped } from "../../../kernel/index.js";
import { collect } from "./dispatch.js";
import { bindCompaction } from "./hook-bridge.js";
import { installExtensionHost } from "../host.js";
import type { ExtensionRuntime } from "../runtime.js";
import type { ResourcesDiscoverResult } from "../types.js";

export function watchSession(runtime: ExtensionRuntime): void {
  if (runtime.records.length === 0 || runtime.watching) return;
  runtime.watching = true;
  const { context } = runtime;
  context.on(
    "session_start",
    () => {
      runtime.started = true;
    },
    { stage: -1000 },
  );
  context.on("before_prompt", ({ signal }) => {
    runtime.currentSignal = signal;
  });
  context.on("agent_settled", () => {
    runtime.currentSignal = undefined;
  });
  context.on(
    "session_start",
    async (event) => {
      bindCompaction(runtime);
      await discoverResources(runtime, event.reason === "reload" ? "reload" : "startup");
    },
    { stage: 1000 },
  );
  installHost(runtime);
}

/**
 * pi's resources_discover: every handler's skill and prompt paths (named after the extension that gave them)
 * replace the ones extensions gave before, and the system prompt is built again. Theme paths are accepted and
 * kept for `discoveredResources()`; pith has no themes to apply them to.
 */
async function discoverResources(runtime: ExtensionRuntime, reason: "startup" | "reload"): Promise<void> {
  for (const list of Object.values(runtime.discovered)) list.length = 0;
  const skills: ExtensionResourcePath[] = [];
  const prompts: ExtensionResourcePath[] = [];
  const results = await collect<ResourcesDiscoverResult>(runtime, "resources_discover", { type: "resources_discover", cwd: runtime.cwd, reason });
  for (const { record, result } of results) {
    const origin = contributor(record.source.path);
    for (const path of paths(result.skillPaths)) skills.push({ path, ...origin });
    for (const path of paths(result.promptPaths)) prompts.push({ path, ...origin });
    runtime.discovered.skillPaths.push(...paths(result.skillPaths));
    runtime.discovered.promptPaths.push(...paths(result.promptPaths));
    runtime.discovered.themePaths.push(...paths(result.themePaths));
  }
  // Paths an unloaded instance gave are taken back even when the new ones give none.
  const changed = skills.length > 0 || prompts.length > 0 || runtime.contributedResources;
  runtime.contributedResources = skills.length > 0 || prompts.length > 0;
  if (!changed) return;
  await Promise.all([
    runtime.context.tryUse("skills")?.setExtensionPaths(skills),
    runtime.context.tryUse("promptTemplates")?.setExtensionPaths(prompts),
  ]);
  await runtime.session.refreshSystemPrompt();
}

const paths = (list: unknown): string[] => (Array.isArray(list) ? list.filter((entry): entry is string => typeof entry === "string") : []);

/** pi's label for resources an extension contributed: `extension:<file name>`, based in the extension's folder. */
function contributor(extensionPath: string): Omit<ExtensionResourcePath, "path"> {
  if (extensionPath.startsWith("<")) return { source: `extension:${extensionPath.replace(/[<>]/g, "")}` };
  return { source: `extension:${basename(extensionPath).replace(/\.(ts|js)$/, "")}`, baseDir: dirname(extensionPath) };
}

function installHost(runtime: ExtensionRuntime): void {
  const { session, context } = runtime;
  const release = installExtensionHost({
    cwd: session.cwd,
    agentDir: runtime.options.agentDir,
    models: () => runtime.models()?.all() ?? [],
    provider: (api) => session.registry.providers.get(api),
    registerProvider: (provider) => context.registerProvider(provider),
    resolveAuth: (model, signal) =>
      isTapped(session.hooks.resolve_auth) ? session.hooks.resolve_auth.promise({ model, signal: signal ?? new AbortController().signal }) : Promise.resolve(undefined),
  });
  // the session ends: the host goes, and the instances go stale, as pi's do when their session is disposed
  context.on(
    "session_shutdown",
    () => {
      release();
      runtime.retire();
    },
    { stage: 1000 },
  );
}
