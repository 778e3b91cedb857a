// Boots a session: creates the kernel, then loads and sets up plugins strictly in the given order.
import { AgentSession, type AgentSessionOptions } from "./agent-session.js";
import { applyPlugin, type PluginTiming } from "./plugin-host.js";
import { nodeModuleLoader, resolvePluginSpec, specName, type ModuleLoader, type PluginSpec } from "./plugin-loader.js";
import { PithError, errorMessage } from "./errors.js";
import type { Logger } from "./plugin.js";
import { nowMs } from "./stopwatch.js";

export interface BootOptions extends AgentSessionOptions {
  plugins: PluginSpec[];
  log?: Logger;
  /** imports file plugins (`{path}` specs), asked for on the first one; default: Node's own import */
  loader?: () => Promise<ModuleLoader>;
  /** decides what a failing plugin does to the boot; default: fail */
  onPluginError?: (error: PithError, spec: PluginSpec) => "continue" | "fail";
}

export interface Booted {
  session: AgentSession;
  timings: PluginTiming[];
  loader: () => Promise<ModuleLoader>;
}

export async function boot(options: BootOptions): Promise<Booted> {
  const session = new AgentSession(options);
  const log = options.log ?? stderrLogger();
  let loaderPromise: Promise<ModuleLoader> | undefined;
  const loader = () => (loaderPromise ??= options.loader?.() ?? Promise.resolve(nodeModuleLoader));
  const timings = await loadPlugins(session, options.plugins, { log, loader, onPluginError: options.onPluginError });
  return { session, timings, loader };
}

export async function loadPlugins(
  session: AgentSession,
  specs: PluginSpec[],
  options: { log: Logger; loader: () => Promise<ModuleLoader>; onPluginError?: BootOptions["onPluginError"] },
): Promise<PluginTiming[]> {
  const timings: PluginTiming[] = [];
  for (const spec of specs) {
    const started = nowMs();
    try {
      const plugin = await resolvePluginSpec(spec, options.loader);
      const importMs = nowMs() - started;
      const setupMs = await applyPlugin(session, plugin, options.log);
      timings.push({ name: plugin.name, importMs, setupMs });
    } catch (error) {
      const failure =
        error instanceof PithError ? error : new PithError("PLUGIN_SETUP_FAILED", `plugin ${specName(spec)} failed: ${errorMessage(error)}`, { cause: error });
      if ((options.onPluginError?.(failure, spec) ?? "fail") === "fail") throw failure;
      session.report(failure);
    }
  }
  return timings;
}

export function formatTimings(timings: PluginTiming[]): string {
  const rows = timings.map((t) => `  ${t.name.padEnd(28)} import ${t.importMs.toFixed(1).padStart(7)} ms   setup ${t.setupMs.toFixed(1).padStart(7)} ms`);
  const total = timings.reduce((sum, t) => sum + t.importMs + t.setupMs, 0);
  return `pith boot timing (per plugin)\n${rows.join("\n")}\n  ${"total".padEnd(28)} ${total.toFixed(1)} ms\n`;
}

export function stderrLogger(prefix = "pith"): Logger {
  const write = (level: string) => (message: string) => process.stderr.write(`${prefix}: ${level}${message}\n`);
  return {
    debug: process.env.PITH_DEBUG ? write("debug: ") : () => undefined,
    info: write(""),
    warn: write("warning: "),
    error: write("error: "),
  };
}
