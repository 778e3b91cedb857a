// Assembles the kernel and a set of plugins into a ready session: settings, built-ins, the caller's plugins,
// then tools, model and thinking level as options, settings and defaults decide.
import { resolve } from "node:path";
import { boot } from "../kernel/boot.js";
import type { AgentSession } from "../kernel/agent-session.js";
import type { PluginSpec } from "../kernel/plugin-loader.js";
import type { PluginTiming } from "../kernel/plugin-host.js";
import type { Logger } from "../kernel/plugin.js";
import type { Model, ThinkingLevel } from "../kernel/model.js";
import { PithError } from "../kernel/errors.js";
import { SettingsManager } from "../plugins/settings/index.js";
import { resolveAgentDir } from "../plugins/models/agent-dir.js";
import { BUILTIN_PLUGIN_NAMES, builtinPluginSpecs, type BuiltinPluginName } from "./builtin-plugins.js";
import { selectInitialModel } from "./select-model.js";
import { cacheDirectory } from "./cache-dir.js";

export interface CreateAgentSessionOptions {
  cwd?: string;
  /** default: $PI_CODING_AGENT_DIR or ~/.pi/agent */
  agentDir?: string;
  /** which built-in plugins to load (default: all); `[]` for a bare kernel plus `plugins` */
  builtins?: readonly BuiltinPluginName[];
  /** more plugins, loaded after the built-ins (later registrations win name clashes) */
  plugins?: PluginSpec[];
  /** a Model, or a pattern as `--model` takes it (`sonnet`, `openai/gpt-5.4`, `anthropic/claude-opus-4-7:high`) */
  model?: Model | string;
  provider?: string;
  thinkingLevel?: ThinkingLevel;
  /** key for the chosen model's provider, kept in memory only */
  apiKey?: string;
  /** allowlist of tools the model may use (built-in and plugin tools) */
  tools?: string[];
  noTools?: boolean;
  noBuiltinTools?: boolean;
  systemPrompt?: string;
  appendSystemPrompt?: string[];
  noContextFiles?: boolean;
  /** `--skill` paths (kept with `noSkills`) */
  skillPaths?: string[];
  noSkills?: boolean;
  /** `--prompt-template` paths (kept with `noPromptTemplates`) */
  promptTemplatePaths?: string[];
  noPromptTemplates?: boolean;
  log?: Logger;
  /** plugin and hook problems that do not stop the session (default: the log's warn) */
  onProblem?: (error: PithError) => void;
}

export interface CreatedSession {
  session: AgentSession;
  settings: SettingsManager;
  timings: PluginTiming[];
  /** things the user should know, e.g. a model id that was not in the catalogue */
  warnings: string[];
}

export async function createAgentSession(options: CreateAgentSessionOptions = {}): Promise<CreatedSession> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const agentDir = options.agentDir ?? resolveAgentDir();
  const settings = await SettingsManager.load({ agentDir, cwd });
  const effective = settings.get();
  const warnings = settings.warnings.map((warning) => warning.message);

  const builtins = options.builtins ?? BUILTIN_PLUGIN_NAMES;
  const activeBuiltinTools = options.noTools || options.noBuiltinTools ? [] : options.tools;
  const plugins: PluginSpec[] = [
    { name: "settings", setup: (context) => context.provide("settings", settings) },
    ...builtinPluginSpecs(builtins, {
      cwd,
      agentDir,
      settings: effective,
      settingsManager: settings,
      activeTools: activeBuiltinTools,
      skillPaths: options.skillPaths,
      noSkills: options.noSkills,
      promptTemplatePaths: options.promptTemplatePaths,
      noPromptTemplates: options.noPromptTemplates,
      customPrompt: options.systemPrompt,
      appendPrompts: options.appendSystemPrompt,
      noContextFiles: options.noContextFiles,
    }),
    ...(options.plugins ?? []),
  ];

  const log = options.log;
  const { session, timings } = await boot({
    cwd,
    plugins,
    log,
    cacheDir: cacheDirectory(),
    steeringMode: effective.steeringMode,
    followUpMode: effective.followUpMode,
    onProblem: options.onProblem ?? (log ? (error) => log.warn(error.message) : undefined),
  });

  if (options.noTools) session.setActiveTools([]);
  else if (options.tools) session.setActiveTools(options.tools);

  const selection = await selectInitialModel(session, {
    model: options.model,
    provider: options.provider,
    apiKey: options.apiKey,
    settings: effective,
  });
  warnings.push(...selection.warnings);
  if (selection.model) await session.setModel(selection.model);
  const level = options.thinkingLevel ?? selection.thinkingLevel ?? effective.defaultThinkingLevel ?? "medium";
  await session.setThinkingLevel(level);

  await session.start("startup");
  return { session, settings, timings, warnings };
}
