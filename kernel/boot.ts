// Boots a session: creates the kernel, then loads and sets up plugins strictly in the given order.
import { AgentSession, type AgentSessionOptions } from "./agent-session.js";
import { applyPlugin, DEFAULT_SETUP_TIMEOUT_MS, type PluginTiming } from "./plugin-host.js";
import { resolvePluginSpec, type PluginSpec } from "./plugin-loader.js";
import { PithError, errorMessage } from "./errors.js";
import type { Logger } from "./plugin.js";
import { nowMs } from "./stopwatch.js";

export interface BootOptions extends AgentSessionOptions {
  plugins: PluginSpec[];
  log?: Logger;
  /** decides what a failing plugin does to the boot; default: fail */
  onPluginError?: (error: PithError, spec: PluginSpec) => "continue" | "fail";
  /** a plugin whose setup has not finished after this long fails with PLUGIN_SETUP_TIMEOUT (default 60 s, or `PITH_SETUP_TIMEOUT_MS`) */
  setupTimeoutMs?: number;
}

export interface Booted {
  session: AgentSession;
  timings: PluginTiming[];
}

export async function boot(options: BootOptions): Promise<Booted> {
  const session = new AgentSession(options);
  const log = options.log ?? stderrLogger();
  const timings = await loadPlugins(session, options.plugins, { log, onPluginError: options.onPluginError, setupTimeoutMs: options.setupTimeoutMs });
  return { session, timings };
}

export async function loadPlugins(
  session: AgentSession,
  specs: PluginSpec[],
  options: { log: Logger; onPluginError?: BootOptions["onPluginError"]; setupTimeoutMs?: number },
): Promise<PluginTiming[]> {
  const timings: PluginTiming[] = [];
  const timeoutMs = options.setupTimeoutMs ?? (Number(process.env.PITH_SETUP_TIMEOUT_MS) || DEFAULT_SETUP_TIMEOUT_MS);
  for (const spec of specs) {
    const started = nowMs();
    try {
      const plugin = await resolvePluginSpec(spec);
      const importMs = nowMs() - started;
      timings.push({ ...(await applyPlugin(session, plugin, options.log, timeoutMs)), importMs });
    } catch (error) {
      const failure =
        error instanceof PithError ? error : new PithError("PLUGIN_SETUP_FAILED", `plugin ${spec.name} failed: ${errorMessage(error)}`, { cause: error });
      if ((options.onPluginError?.(failure, spec) ?? "fail") === "fail") throw failure;
      session.report(failure);
    }
  }
  return timings;
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
