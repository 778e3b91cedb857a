// Boots a session: creates the kernel, then loads and sets up plugins strictly in the given order.
import { AgentSession, type AgentSessionOptions } from "./agent-session.js";
import { applyPlugin, DEFAULT_SETUP_TIMEOUT_MS, type PluginTiming } from "./plugin-host.js";
import { nodeModuleLoader, resolvePluginSpec, specName, type ModuleLoader, type PluginSpec } from "./plugin-loader.js";
import { PithError, errorMessage } from "./errors.js";
import type { Logger } from "./plugin.js";
import { nowMs } from "./stopwatch.js";
import { formatTimingTree, type TimingNode } from "./timing.js";

export interface BootOptions extends AgentSessionOptions {
  plugins: PluginSpec[];
  log?: Logger;
  /** imports file plugins (`{path}` specs), asked for on the first one; default: Node's own import */
  loader?: () => Promise<ModuleLoader>;
  /** decides what a failing plugin does to the boot; default: fail */
  onPluginError?: (error: PithError, spec: PluginSpec) => "continue" | "fail";
  /** a plugin whose setup has not finished after this long fails with PLUGIN_SETUP_TIMEOUT (default 60 s, or `PITH_SETUP_TIMEOUT_MS`) */
  setupTimeoutMs?: number;
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
  const timings = await loadPlugins(session, options.plugins, { log, loader, onPluginError: options.onPluginError, setupTimeoutMs: options.setupTimeoutMs });
  return { session, timings, loader };
}

export async function loadPlugins(
  session: AgentSession,
  specs: PluginSpec[],
  options: { log: Logger; loader: () => Promise<ModuleLoader>; onPluginError?: BootOptions["onPluginError"]; setupTimeoutMs?: number },
): Promise<PluginTiming[]> {
  const timings: PluginTiming[] = [];
  const timeoutMs = options.setupTimeoutMs ?? (Number(process.env.PITH_SETUP_TIMEOUT_MS) || DEFAULT_SETUP_TIMEOUT_MS);
  for (const spec of specs) {
    const started = nowMs();
    try {
      const plugin = await resolvePluginSpec(spec, options.loader);
      const importMs = nowMs() - started;
      timings.push({ ...(await applyPlugin(session, plugin, options.log, timeoutMs)), importMs });
    } catch (error) {
      const failure =
        error instanceof PithError ? error : new PithError("PLUGIN_SETUP_FAILED", `plugin ${specName(spec)} failed: ${errorMessage(error)}`, { cause: error });
      if ((options.onPluginError?.(failure, spec) ?? "fail") === "fail") throw failure;
      session.report(failure);
    }
  }
  return timings;
}

/**
 * The `PITH_TIMING` report: the work done before boot (settings, packages ...), then per plugin its import and
 * setup, and below the setup the parts the plugin timed (an extension file, with its import and factory).
 */
export function formatTimings(timings: readonly PluginTiming[], beforeBoot: readonly TimingNode[] = []): string {
  const plugins = timings.map(
    (timing): TimingNode => ({
      label: timing.name,
      ms: timing.importMs + timing.setupMs,
      children: [
        { label: "import", ms: timing.importMs, children: [] },
        { label: "setup", ms: timing.setupMs, children: timing.parts },
      ],
    }),
  );
  const tree: TimingNode[] = [];
  if (beforeBoot.length > 0) tree.push({ label: "before boot", ms: sum(beforeBoot), children: [...beforeBoot] });
  tree.push({ label: "plugins", ms: sum(plugins), children: plugins });
  return formatTimingTree("pith boot timing", tree);
}

const sum = (nodes: readonly TimingNode[]) => nodes.reduce((total, node) => total + node.ms, 0);

export function stderrLogger(prefix = "pith"): Logger {
  const write = (level: string) => (message: string) => process.stderr.write(`${prefix}: ${level}${message}\n`);
  return {
    debug: process.env.PITH_DEBUG ? write("debug: ") : () => undefined,
    info: write(""),
    warn: write("warning: "),
    error: write("error: "),
  };
}
