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
import { createJitiLoader } from "../lib/loading/jiti-loader.js";
import type { ExtensionsPluginOptions } from "../plugins/extensions/index.js";
import { resolveSessionStart } from "./session-start.js";
import { resolveSessionDir, type SessionsService } from "../plugins/sessions/index.js";
import { recordInitialThinkingLevel, restoredState } from "../plugins/session-control/restore-session.js";
import { createPackagesService, packagesPlugin, type PackagesService } from "../plugins/packages/packages-service.js";

export interface CreateAgentSessionOptions {
  cwd?: string;
  /** default: $PI_CODING_AGENT_DIR or ~/.pi/agent */
  agentDir?: string;
  /** which built-in plugins to load (default: all); `[]` for a bare kernel plus `plugins` */
  builtins?: readonly BuiltinPluginName[];
  /** more plugins, loaded after the built-ins (later registrations win name clashes) */
  plugins?: PluginSpec[];
  /** pi extensions (`-e`, `--no-extensions`, `--trust`, extension flags); false loads none */
  extensions?: Omit<ExtensionsPluginOptions, "agentDir" | "cacheDir"> | false;
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
  /** keep the session in memory only */
  noSession?: boolean;
  /** `--session-dir`; else $PI_CODING_AGENT_SESSION_DIR, else the `sessionDir` setting, else per-cwd folders */
  sessionDir?: string;
  /** resume the newest session of the cwd (`--continue`) */
  continueRecent?: boolean;
  /** open a stored session: a file path or an id prefix (`--session`) */
  session?: string;
  /** copy a session (any project) into this one and continue there (`--fork`) */
  fork?: string;
  /**
   * the settings `packages`: loaded (missing ones installed unless `offline`), and resolved again from the
   * re-read settings on reload and session moves; false loads none
   */
  packages?: { offline?: boolean } | false;
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
  const sessionDir = resolveSessionDir({ flag: options.sessionDir, setting: effective.sessionDir });
  const sessionStart = builtins.includes("sessions")
    ? await resolveSessionStart({
        cwd,
        agentDir,
        sessionDir,
        noSession: options.noSession,
        continueRecent: options.continueRecent,
        session: options.session,
        fork: options.fork,
      })
    : undefined;
  const packages = options.packages === false ? undefined : await startPackages(cwd, agentDir, settings, options);
  if (packages) warnings.push(...packages.resolved.problems);
  const activeBuiltinTools = options.noTools || options.noBuiltinTools ? [] : options.tools;
  const plugins: PluginSpec[] = [
    { name: "settings", setup: (context) => context.provide("settings", settings) },
    ...(packages ? [packagesPlugin(packages)] : []),
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
      packages,
      customPrompt: options.systemPrompt,
      appendPrompts: options.appendSystemPrompt,
      noContextFiles: options.noContextFiles,
      trustProject: options.extensions ? options.extensions.trust === true : false,
      toolAllowlist: options.tools,
      sessionDir,
      noSession: options.noSession,
      sessionStart,
    }),
    ...(options.extensions === false
      ? []
      : [
          {
            name: "extensions",
            load: async () =>
              (await import("../plugins/extensions/index.js")).extensionsPlugin({
                agentDir,
                cacheDir: cacheDirectory(),
                ...options.extensions,
              }),
          },
        ]),
    ...(options.plugins ?? []),
  ];

  const log = options.log;
  const { session, timings } = await boot({
    cwd,
    plugins,
    log,
    loader: () => createJitiLoader({ cacheDir: cacheDirectory() }),
    steeringMode: effective.steeringMode,
    followUpMode: effective.followUpMode,
    onProblem: options.onProblem ?? (log ? (error) => log.warn(error.message) : undefined),
  });

  try {
    if (options.noTools) session.setActiveTools([]);
    else if (options.tools) session.setActiveTools(options.tools);

    const manager = (session.registry.services.get("sessions")?.value as SessionsService | undefined)?.manager;
    const restored = restoredState(manager);
    const selection = await selectInitialModel(session, {
      model: options.model,
      provider: options.provider,
      apiKey: options.apiKey,
      settings: effective,
      restored: restored?.model,
    });
    warnings.push(...selection.warnings);
    if (selection.model) await session.setModel(selection.model, selection.restored ? "restore" : "set");
    const level = options.thinkingLevel ?? selection.thinkingLevel ?? restored?.thinkingLevel ?? effective.defaultThinkingLevel ?? "medium";
    await session.setThinkingLevel(level);
    recordInitialThinkingLevel(manager, session.thinkingLevel);
    await session.start("startup");
  } catch (error) {
    // A failure after boot (an unknown model, say) must not leave a session file locked behind it.
    await session.dispose("quit").catch(() => undefined);
    throw error;
  }
  return { session, settings, timings, warnings };
}

/**
 * The "packages" service, resolved once before the built-ins set up (they and the extensions read its files);
 * reload and session moves resolve it again. A run whose settings list no package imports nothing more.
 */
async function startPackages(cwd: string, agentDir: string, settings: SettingsManager, options: CreateAgentSessionOptions): Promise<PackagesService> {
  const packages = createPackagesService({
    cwd,
    agentDir,
    settings,
    offline: options.packages ? options.packages.offline : undefined,
    trust: options.extensions ? options.extensions.trust : undefined,
    progress: options.log ? (line) => options.log?.info(line) : undefined,
  });
  await packages.reload();
  return packages;
}
