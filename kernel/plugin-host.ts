// Turns a plugin into registrations: builds its context, runs its setup, and times both steps.
import type { AgentSession } from "./agent-session.js";
import type { CommandDefinition, Logger, PithPlugin, PluginContext, ServiceName, PithServices, TapOptions, HookHandler } from "./plugin.js";
import type { HookName } from "./hooks.js";
import type { ProviderApi } from "./provider.js";
import type { ToolDefinition } from "./tool.js";
import { PithError, errorMessage } from "./errors.js";
import { tapRemovably } from "./untap.js";
import { nowMs } from "./stopwatch.js";

export interface PluginTiming {
  name: string;
  /** time to import the plugin's module (0 for plugins passed as objects) */
  importMs: number;
  setupMs: number;
}

export function createPluginContext(session: AgentSession, name: string, log: Logger): PluginContext {
  const { registry } = session;
  return {
    name,
    cwd: session.cwd,
    hooks: session.hooks,
    log,
    session,
    on<K extends HookName>(hook: K, handler: HookHandler<K>, options: TapOptions = {}) {
      const target = session.hooks[hook] as unknown as {
        tapPromise(options: object, fn: (...args: unknown[]) => Promise<unknown>): void;
        tap(options: object, fn: (...args: unknown[]) => unknown): void;
      };
      if (!target) throw new PithError("UNKNOWN_HOOK", `${name} tried to tap "${String(hook)}", which is not a kernel hook.`, { plugin: name });
      // `before` is the kernel's placement, not tapable's (see TapPlacement in untap.ts)
      const tapOptions = { name, stage: options.stage, tools: options.tools };
      const before = options.before === undefined ? [] : typeof options.before === "string" ? [options.before] : options.before;
      const call = handler as unknown as (...args: unknown[]) => unknown;
      return tapRemovably(
        target,
        () => {
          if (hook === "event_emitted") target.tap(tapOptions, call);
          else target.tapPromise(tapOptions, async (...args) => call(...args));
        },
        { before },
      );
    },
    registerProvider(provider: ProviderApi) {
      registry.providers.set(provider.api, provider, name);
    },
    getProvider(api: string) {
      return registry.providers.get(api);
    },
    registerTool<TArgs, TDetails>(tool: ToolDefinition<TArgs, TDetails>, options: { active?: boolean } = {}) {
      // The kernel validates arguments against the tool's own schema before execute sees them.
      registry.tools.set(tool.name, tool as unknown as ToolDefinition, name);
      session.activateTool(tool.name, options.active !== false);
    },
    registerCommand(command: CommandDefinition) {
      registry.commands.set(command.name, { ...command, source: command.source ?? name }, name);
    },
    provide<K extends ServiceName>(service: K, value: PithServices[K]) {
      const previous = registry.services.get(service);
      if (previous && previous.owner !== name) {
        session.report(new PithError("REGISTRATION_CONFLICT", `service "${service}" from ${name} replaces the one from ${previous.owner}`, { plugin: name }));
      }
      registry.services.set(service, { value, owner: name });
    },
    use<K extends ServiceName>(service: K): PithServices[K] {
      const entry = registry.services.get(service);
      if (!entry) {
        throw new PithError("PLUGIN_SERVICE_MISSING", `${name} needs the "${service}" service, but no loaded plugin provides it. Load the plugin that provides it before ${name}.`, { plugin: name });
      }
      return entry.value as PithServices[K];
    },
    tryUse<K extends ServiceName>(service: K): PithServices[K] | undefined {
      return registry.services.get(service)?.value as PithServices[K] | undefined;
    },
    emit(event) {
      session.emit(event);
    },
    report(error: unknown, hook?: string) {
      const message = errorMessage(error);
      const code = error instanceof PithError ? error.code : "PLUGIN_PROBLEM";
      session.report(new PithError(code, hook ? `${name} failed in ${hook}: ${message}` : `${name}: ${message}`, { cause: error, plugin: name, hook }));
    },
  };
}

/** Runs one plugin's setup; a failure names the plugin and leaves the others unaffected. */
export async function applyPlugin(session: AgentSession, plugin: PithPlugin, log: Logger): Promise<number> {
  const started = nowMs();
  session.registry.plugins.push(plugin.name);
  try {
    await plugin.setup(createPluginContext(session, plugin.name, log));
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
  return nowMs() - started;
}
