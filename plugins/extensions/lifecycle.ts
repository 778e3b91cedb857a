// What the extensions need from the session's lifecycle: when it started (model and thinking changes are news
// only after that), the running turn's signal for `ctx.signal`, resources_discover after session_start, the
// compaction hooks once that plugin is there, and the host the shims reach the session through.
import { collect } from "./dispatch.js";
import { bindCompaction } from "./hook-bridge.js";
import { installExtensionHost } from "./host.js";
import type { ExtensionRuntime } from "./runtime.js";
import type { ResourcesDiscoverResult } from "./types.js";

/** The turn's signal for `ctx.signal`, resources_discover after session_start, late compaction hooks. */
export function watchSession(runtime: ExtensionRuntime): void {
  if (runtime.records.length === 0) return;
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
      if (!runtime.hasHandlers("resources_discover")) return;
      await discoverResources(runtime, event.reason === "reload" ? "reload" : "startup");
    },
    { stage: 1000 },
  );
}

/** Every handler's extra skill, prompt and theme paths are collected for the resource plugins. */
async function discoverResources(runtime: ExtensionRuntime, reason: "startup" | "reload"): Promise<void> {
  const results = await collect<ResourcesDiscoverResult>(runtime, "resources_discover", { type: "resources_discover", cwd: runtime.cwd, reason });
  const paths = (list: unknown) => (Array.isArray(list) ? list.filter((entry): entry is string => typeof entry === "string") : []);
  for (const result of results) {
    runtime.discovered.skillPaths.push(...paths(result.skillPaths));
    runtime.discovered.promptPaths.push(...paths(result.promptPaths));
    runtime.discovered.themePaths.push(...paths(result.themePaths));
  }
}

export function installHost(runtime: ExtensionRuntime): void {
  if (runtime.records.length === 0) return;
  const { session, context } = runtime;
  const release = installExtensionHost({
    cwd: session.cwd,
    agentDir: runtime.options.agentDir,
    models: () => runtime.models()?.all() ?? [],
    provider: (api) => session.registry.providers.get(api),
    registerProvider: (provider) => context.registerProvider(provider),
    resolveAuth: (model, signal) =>
      session.hooks.resolve_auth.isUsed() ? session.hooks.resolve_auth.promise({ model, signal: signal ?? new AbortController().signal }) : Promise.resolve(undefined),
  });
  context.on("session_shutdown", () => release(), { stage: 1000 });
}
