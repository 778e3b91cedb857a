// Boots a session: creates the kernel, then loads and sets up plugins strictly in the given order.
import { AgentSession } from "./agent-session.js";
import type { AgentSessionOptions } from "./session-types.js";
import { applyPlugin, DEFAULT_SETUP_TIMEOUT_MS, type PluginTiming } from "./plugin-host.js";
import { PithError, errorMessage } from "./errors.js";
import type { Logger, PluginSpec } from "./plugin.js";
import { nowMs } from "./stopwatch.js";

export interface BootOptions extends AgentSessionOptions {
  plugins: PluginSpec[];
  log?: Logger;
  /** decides what a failing plugin does to the boot; default: fail */
  onPluginError?: (error: PithError, spec: PluginSpec) => "continue" | "fail";
  /** a plugin whose setup makes no progress for this long fails with PLUGIN_SETUP_TIMEOUT (default 60 s) */
  setupTimeoutMs?: number;
}

export interface Booted {
  session: AgentSession;
  timings: PluginTiming[];
}

export async function boot(options: BootOptions): Promise<Booted> {
  const session = new AgentSession(options);
  const log = options.log ?? stderrLog();
  const timeoutMs = options.setupTimeoutMs ?? DEFAULT_SETUP_TIMEOUT_MS;
  const timings: PluginTiming[] = [];
  for (const spec of options.plugins) {
    const started = nowMs();
    try {
      // a `{name, load}` spec is imported only now, in its turn (a built-in's module, a file the host loads)
      const plugin = "setup" in spec ? spec : await spec.load();
      const importMs = nowMs() - started;
      timings.push({ ...(await applyPlugin(session, plugin, log, timeoutMs)), importMs });
    } catch (error) {
      const failure =
        error instanceof PithError ? error : new PithError("PLUGIN_SETUP_FAILED", `plugin ${spec.name} failed: ${errorMessage(error)}`, { cause: error });
      if ((options.onPluginError?.(failure, spec) ?? "fail") === "fail") throw failure;
      session.report(failure);
    }
  }
  return { session, timings };
}

/** Without a host's logger, what plugins log goes to stderr (debug messages are dropped). */
function stderrLog(): Logger {
  const write = (level: string) => (message: string) => process.stderr.write(`pith: ${level}${message}\n`);
  return { debug: () => undefined, info: write(""), warn: write("warning: "), error: write("error: ") };
}
