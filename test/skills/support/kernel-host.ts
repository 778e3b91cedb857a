// Boots the real kernel with the plugins under test and a log that records what they report.
import { boot } from "../../../kernel/boot.js";
import type { ExpandState } from "../../../kernel/hooks.js";
import type { PithError } from "../../../kernel/errors.js";
import type { PithPlugin, PithServices, PluginContext, ServiceName } from "../../../kernel/plugin.js";

export interface LogRecord {
  level: "debug" | "info" | "warn" | "error";
  message: string;
}

export interface BootedPlugins {
  logs: LogRecord[];
  /** problems the kernel itself reported (failing hook handlers, registration conflicts) */
  problems: PithError[];
  use<K extends ServiceName>(name: K): PithServices[K];
  /** runs the `expand_input` stage as the session does for a prompt */
  expand(text: string, options?: { expand?: boolean }): Promise<ExpandState>;
  warnings(): string[];
}

export async function bootPlugins(cwd: string, plugins: PithPlugin[]): Promise<BootedPlugins> {
  const logs: LogRecord[] = [];
  const problems: PithError[] = [];
  const record = (level: LogRecord["level"]) => (message: string) => logs.push({ level, message });
  let probe: PluginContext | undefined;
  const { session } = await boot({
    cwd,
    plugins: [...plugins, { name: "test-probe", setup: (context) => void (probe = context) }],
    log: { debug: record("debug"), info: record("info"), warn: record("warn"), error: record("error") },
    onProblem: (error) => problems.push(error),
  });
  const context = probe;
  if (!context) throw new Error("the probe plugin was not set up");
  return {
    logs,
    problems,
    use: (name) => context.use(name),
    expand: (text, options = {}) =>
      session.hooks.expand_input.promise({ text, source: "interactive", expand: options.expand ?? true }),
    warnings: () => logs.filter((entry) => entry.level === "warn").map((entry) => entry.message),
  };
}
