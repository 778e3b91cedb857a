// Turns a plugin into registrations: builds its context, runs its setup (within a time limit), and times both
// steps. Everything a context taps or registers is remembered, so a scope (a pi extension) undoes it at once.
import type { AgentSession } from "./agent-session.js";
import type { CommandDefinition } from "./command.js";
import type { Disposer, Logger, PithPlugin, ScopedPluginContext, ServiceName, PithServices, TapOptions, HookHandler } from "./plugin.js";
import { HOOK_CATALOGUE, type HookName } from "./hooks.js";
import type { ProviderApi } from "./provider.js";
import type { ToolDefinition } from "./tool.js";
import { PithError, errorMessage } from "./errors.js";
import { tapRemovably } from "./untap.js";
import { nowMs } from "./stopwatch.js";
import { timePart, type TimingNode } from "./timing.js";

export interface PluginTiming {
  name: string;
  /** time to import the plugin's module (0 for plugins passed as objects) */
  importMs: number;
  setupMs: number;
  /** the parts of its setup the plugin timed (`context.time`): extension files, package resolution ... */
  parts: TimingNode[];
}

interface ContextOptions {
  /** the plugin whose load-order place the taps keep (a scope's parent) */
  placeOf: string;
  /** where `context.time` records */
  parts: TimingNode[];
  /** restarts the setup limit's count */
  progress?: () => void;
}

export function createPluginContext(session: AgentSession, name: string, log: Logger, options: ContextOptions = { placeOf: name, parts: [] }): ScopedPluginContext {
  const { registry } = session;
  const undo: Disposer[] = [];
  let disposed = false;
  const remember = (disposer: Disposer): Disposer => {
    if (disposed) {
      disposer();
      throw new PithError("PLUGIN_SCOPE_DISPOSED", `${name} registered something after its scope was disposed; it was undone.`, { plugin: name });
    }
    const once: Disposer = () => {
      const index = undo.indexOf(once);
      if (index !== -1) undo.splice(index, 1);
      disposer();
    };
    undo.push(once);
    return once;
  };
  // taps made after the plugins loaded later than this one keep this one's place: before theirs
  const later = () => {
    const index = registry.plugins.indexOf(options.placeOf);
    return index === -1 ? [] : registry.plugins.slice(index + 1);
  };
  const context: ScopedPluginContext = {
    name,
    cwd: session.cwd,
    hooks: session.hooks,
    registry,
    log,
    session,
    on<K extends HookName>(hook: K, handler: HookHandler<K>, tap: TapOptions = {}) {
      const target = session.hookTable.get(hook) as unknown as {
        tapPromise(options: object, fn: (...args: unknown[]) => Promise<unknown>): void;
        tap(options: object, fn: (...args: unknown[]) => unknown): void;
      };
      // `before` is the kernel's placement, not tapable's (see TapPlacement in untap.ts)
      const tapOptions = { name, stage: tap.stage, tools: tap.tools };
      const before = [...(tap.before === undefined ? [] : typeof tap.before === "string" ? [tap.before] : tap.before), ...later()];
      const call = handler as unknown as (...args: unknown[]) => unknown;
      const sync = HOOK_CATALOGUE[hook].kind === "sync";
      return remember(
        tapRemovably(target, () => (sync ? target.tap(tapOptions, call) : target.tapPromise(tapOptions, async (...args) => call(...args))), { before }),
      );
    },
    hooksOf: (owner) => session.hookTable.of(owner),
    registerProvider(provider: ProviderApi) {
      registry.providers.set(provider.api, provider, name);
      return remember(() => void registry.providers.remove(provider.api, name));
    },
    getProvider(api: string) {
      return registry.providers.get(api);
    },
    registerTool<TArgs, TDetails>(tool: ToolDefinition<TArgs, TDetails>, toolOptions: { active?: boolean } = {}) {
      // The kernel validates arguments against the tool's own schema before execute sees them.
      registry.tools.set(tool.name, tool as unknown as ToolDefinition, name);
      session.activateTool(tool.name, toolOptions.active !== false);
      return remember(() => void registry.tools.remove(tool.name, name));
    },
    registerCommand(command: CommandDefinition) {
      registry.commands.set(command.name, { ...command, source: command.source ?? name }, name);
      return remember(() => void registry.commands.remove(command.name, name));
    },
    provide<K extends ServiceName>(service: K, value: PithServices[K]) {
      registry.services.set(service, value, name);
      return remember(() => void registry.services.remove(service, name));
    },
    use<K extends ServiceName>(service: K): PithServices[K] {
      if (!registry.services.has(service)) {
        throw new PithError("PLUGIN_SERVICE_MISSING", `${name} needs the "${service}" service, but no loaded plugin provides it. Load the plugin that provides it before ${name}.`, { plugin: name });
      }
      return registry.services.get(service) as PithServices[K];
    },
    tryUse: <K extends ServiceName>(service: K) => registry.services.get(service) as PithServices[K] | undefined,
    emit(event) {
      session.emit(event);
    },
    report(error: unknown, hook?: string) {
      // a PithError that already names its plugin (a hook failure, an extension's) was worded for the user
      if (error instanceof PithError && error.plugin && hook === undefined) return session.report(error);
      const message = errorMessage(error);
      const code = error instanceof PithError ? error.code : "PLUGIN_PROBLEM";
      session.report(new PithError(code, hook ? `${name} failed in ${hook}: ${message}` : `${name}: ${message}`, { cause: error, plugin: name, hook }));
    },
    scope(scopeName = name) {
      const scoped = createPluginContext(session, scopeName, log, { ...options });
      remember(() => scoped.dispose());
      return scoped;
    },
    time: (label, work) => timePart(options.parts, label, work).finally(() => options.progress?.()),
    progress: () => options.progress?.(),
    dispose() {
      disposed = true;
      for (const step of [...undo].reverse()) step();
    },
  };
  return context;
}

/** How long a plugin's setup may go without progress before the boot fails naming it (`boot({setupTimeoutMs})`). */
export const DEFAULT_SETUP_TIMEOUT_MS = 60_000;

/** Runs one plugin's setup; a failure (or a setup that never finishes) names the plugin and leaves the others unaffected. */
export async function applyPlugin(session: AgentSession, plugin: PithPlugin, log: Logger, timeoutMs = DEFAULT_SETUP_TIMEOUT_MS): Promise<Omit<PluginTiming, "importMs">> {
  const started = nowMs();
  session.registry.plugins.push(plugin.name);
  const parts: TimingNode[] = [];
  try {
    await withinTime((progress) => plugin.setup(createPluginContext(session, plugin.name, log, { placeOf: plugin.name, parts, progress })), plugin.name, timeoutMs);
  } catch (error) {
    if (error instanceof PithError && error.plugin) throw error;
    // A PithError already tells the user what to do ("Session file x is being written by process 12"); the
    // plugin's name is kept on the error, not put in front of that message. Anything else is a bug to report.
    const message = error instanceof PithError ? error.message : `plugin ${plugin.name} failed during setup: ${errorMessage(error)}`;
    throw new PithError(error instanceof PithError ? error.code : "PLUGIN_SETUP_FAILED", message, {
      cause: error,
      plugin: plugin.name,
      hook: "setup",
    });
  }
  return { name: plugin.name, setupMs: nowMs() - started, parts };
}

/** Runs `work`, failing once it has gone `timeoutMs` without reporting progress (it may take longer in all). */
function withinTime<T>(work: (progress: () => void) => T | Promise<T>, plugin: string, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let settled = false;
  return new Promise<T>((resolve, reject) => {
    const arm = () => {
      clearTimeout(timer);
      if (settled) return;
      timer = setTimeout(() => {
        const message = `plugin ${plugin} made no progress in its setup for ${timeoutMs / 1000} s; a setup must resolve (start long work in the background, or on first use).`;
        reject(new PithError("PLUGIN_SETUP_TIMEOUT", message, { plugin, hook: "setup" }));
      }, timeoutMs);
      timer.unref();
    };
    arm();
    Promise.resolve()
      .then(() => work(arm))
      .then(resolve, reject)
      .finally(() => {
        settled = true;
        clearTimeout(timer);
      });
  });
}
