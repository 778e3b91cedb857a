// Assembles the kernel and a set of plugins into a ready session: settings, built-ins, the caller's plugins,
// then tools, model and thinking level as options, settings and defaults decide.
import { resolve } from "node:path";
import { boot, PithError, timePart } from "../kernel/index.js";
import type { AgentMessage, AgentSession, Logger, Model, PluginSpec, PluginTiming, TimingNode } from "../kernel/index.js";
import { resolveFilePlugins, type HostPluginSpec } from "../lib/loading/file-plugins.js";
import { loadedSettingsPlugin, SettingsManager } from "../plugins/settings/index.js";
import { resolveAgentDir } from "../lib/agent-dir/agent-dir.js";
import { BUILTIN_PLUGIN_NAMES, builtinPluginSpecs, type BuiltinPluginName } from "./builtin-plugins.js";
import { selectInitialModel, startingThinkingLevel } from "./select-model.js";
import { cacheDirectory } from "./cache-dir.js";
import { createJitiLoader } from "../lib/loading/jiti-loader.js";
import type { ExtensionAPI, ExtensionsPluginOptions, PiToolDefinition, PreloadedExtensions, SessionChoices, SessionRequest } from "../plugins/extensions/index.js";
import { resolveSessionStart } from "./session-start.js";
import { keepsRecordedTools, mergeDefaultTools, selectRecordedTools, selectTools, type ToolSelection } from "./tool-selection.js";
import { messageRole, resolveSessionDir, type SessionManager, type SessionsService } from "../plugins/sessions/index.js";
import { recordInitialThinkingLevel, restoredState } from "../plugins/session-control/restore-session.js";
import { createPackagesService, packagesPlugin, type PackagesService } from "../plugins/packages/packages-service.js";
import { projectTrustPlugin, resolveStartupTrust, untrustedWarning, type ProjectTrustOptions } from "../plugins/trust/index.js";
import { askExtensionsAboutTrust } from "./pre-trust-extensions.js";
import { validateJsonSchema } from "../lib/json-schema/index.js";
import { declaredToolLoadout, isSystemMessage } from "../lib/transcript/system-messages.js";
import { convertToLlm } from "../lib/transcript/convert-to-llm.js";
import { clampThinkingLevel } from "../lib/provider-kit/thinking-levels.js";
import { stderrLogger } from "./stderr-logger.js";
import { randomUUID } from "../lib/random/random-bytes.js";

/** The session's own choices (SessionChoices: tools, prompt, resources, storage) are those an extension's sub-session can ask for too. */
export interface CreateAgentSessionOptions extends SessionChoices {
  cwd?: string;
  /** default: $PI_CODING_AGENT_DIR or ~/.pi/agent */
  agentDir?: string;
  /** which built-in plugins to load (default: all); `[]` for a bare kernel plus `plugins` */
  builtins?: readonly BuiltinPluginName[];
  /** more plugins, loaded after the built-ins (later registrations win name clashes) */
  plugins?: HostPluginSpec[];
  /** pi extensions (`-e`, `--no-extensions`, extension flags); false loads none */
  extensions?: Omit<ExtensionsPluginOptions, "agentDir" | "cacheDir"> | false;
  /** a Model, or a pattern as `--model` takes it (`sonnet`, `openai/gpt-5.4`, `anthropic/claude-opus-4-7:high`) */
  model?: Model | string;
  provider?: string;
  /** key for the chosen model's provider, kept in memory only */
  apiKey?: string;
  /** `--no-mcp`: the MCP plugin is not loaded this run */
  noMcp?: boolean;
  /** resume the newest session of the cwd (`--continue`) */
  continueRecent?: boolean;
  /** copy a session (any project) into this one and continue there (`--fork`) */
  fork?: string;
  /** `--name`: the session's display name */
  sessionName?: string;
  /**
   * the settings `packages`: loaded (missing ones installed unless `offline`), and resolved again from the
   * re-read settings on reload and session moves; false loads none
   */
  packages?: { offline?: boolean } | false;
  /**
   * how project trust is decided (docs/security.md): `approve` is the command line's decision; without one,
   * saved decisions, then the global `defaultProjectTrust` ("ask" declines when there is no `prompt`)
   */
  projectTrust?: ProjectTrustOptions;
  log?: Logger;
  /** plugin and hook problems that do not stop the session (default: the log's warn) */
  onProblem?: (error: PithError) => void;
  /** each package install or update as it starts, at start-up and on reload (default: the log's info) */
  onPackageProgress?: (line: string) => void;
}

export interface CreatedSession {
  session: AgentSession;
  settings: SettingsManager;
  timings: PluginTiming[];
  /** the work done before the plugins loaded (settings, the session file, packages), for the timing report */
  beforeBoot: TimingNode[];
  /** things the user should know, e.g. a model id that was not in the catalogue */
  warnings: string[];
}

export async function createAgentSession(options: CreateAgentSessionOptions = {}): Promise<CreatedSession> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const agentDir = options.agentDir ?? resolveAgentDir();
  const beforeBoot: TimingNode[] = [];
  const given = options.settingsLayers;
  const settings = await timePart(beforeBoot, "settings", async () =>
    given ? SettingsManager.fromData({ agentDir, cwd, projectTrusted: false }, given) : SettingsManager.load({ agentDir, cwd, projectTrusted: false }),
  );
  const trustProblems: string[] = [];
  let preloaded: PreloadedExtensions | undefined;
  const askHandlers =
    options.extensions === false
      ? undefined
      : async ({ cwd: folder }: { cwd: string }) => {
          const answer = await askExtensionsAboutTrust(folder, {
            ...options,
            cwd,
            agentDir,
            settings,
            extensions: { agentDir, cacheDir: cacheDirectory(), ...options.extensions },
            onProblem: (error) => trustProblems.push(error.message),
            progress: packageProgress(options),
          });
          preloaded = answer.preloaded;
          return answer.decision;
        };
  const trust = await timePart(beforeBoot, "project trust", () => resolveStartupTrust({ ...options.projectTrust, cwd, agentDir, settings, askHandlers }));
  settings.setProjectTrusted(trust.trusted);
  const effective = settings.get();
  const warnings = [...trustProblems, ...trust.problems, ...settings.warnings.map((warning) => warning.message)];
  const untrusted = untrustedWarning(trust, settings.projectKeys());
  if (untrusted) warnings.push(untrusted);

  const builtins = (options.builtins ?? BUILTIN_PLUGIN_NAMES).filter((name) => !(options.noMcp && name === "mcp"));
  const sessionDir = resolveSessionDir({ flag: options.sessionDir, setting: settings.sessionDirSetting() });
  const sessionStart = builtins.includes("sessions")
    ? await timePart(beforeBoot, "session file", () =>
        resolveSessionStart({
          cwd,
          agentDir,
          sessionDir,
          noSession: options.noSession,
          continueRecent: options.continueRecent,
          session: options.session,
          fork: options.fork,
          sessionId: options.sessionId,
        }),
      )
    : undefined;
  const packages = options.packages === false ? undefined : await timePart(beforeBoot, "packages", () => startPackages(cwd, agentDir, settings, options));
  if (packages) warnings.push(...packages.resolved.problems);
  const plugins: PluginSpec[] = [
    loadedSettingsPlugin(settings),
    projectTrustPlugin(trust, { ...options.projectTrust, agentDir, settings }),
    ...(packages ? [packagesPlugin(packages)] : []),
    ...builtinPluginSpecs(builtins, {
      cwd,
      agentDir,
      settings: effective,
      settingsManager: settings,
      skillPaths: options.skillPaths,
      noSkills: options.noSkills,
      promptTemplatePaths: options.promptTemplatePaths,
      noPromptTemplates: options.noPromptTemplates,
      packages,
      customPrompt: options.systemPrompt,
      appendPrompts: options.appendSystemPrompt,
      noContextFiles: options.noContextFiles,
      contextFiles: options.contextFiles,
      toolAllowlist: options.tools,
      modelRegistry: options.modelRegistry,
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
                preloaded: preloaded ?? (options.extensions ? options.extensions.preloaded : undefined),
                // pi's createAgentSession in an extension: a session of its own, assembled here
                createSession: (request) => createAgentSession(subSessionOptions(request, options, trust.trusted)),
              }),
          },
        ]),
    ...resolveFilePlugins(options.plugins ?? [], () => createJitiLoader({ cacheDir: cacheDirectory() })),
  ];

  const log = options.log;
  const { session, timings } = await boot({
    cwd,
    sessionId: randomUUID(),
    plugins,
    log: log ?? stderrLogger(),
    setupTimeoutMs: Number(process.env.PITH_SETUP_TIMEOUT_MS) || undefined,
    steeringMode: effective.steeringMode,
    followUpMode: effective.followUpMode,
    onProblem: options.onProblem ?? (log ? (error) => log.warn(error.message) : undefined),
    validateArguments: validateJsonSchema,
    convertToLlm,
    clampThinkingLevel,
  });

  try {
    const manager = (session.registry.services.get("sessions") as SessionsService | undefined)?.manager;
    warnings.push(...applyToolSelection(session, settings, options, manager));

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
    const level = startingThinkingLevel({ option: options.thinkingLevel, selection: selection.thinkingLevel, restored: restored?.thinkingLevel, model: session.model, settings: effective });
    await session.setThinkingLevel(level);
    recordInitialThinkingLevel(manager, session.thinkingLevel);
    if (options.sessionName !== undefined && manager && options.sessionName.trim() !== manager.getSessionName()) manager.setSessionName(options.sessionName);
    await session.start("startup");
  } catch (error) {
    // A failure after boot (an unknown model, say) must not leave a session file locked behind it.
    await session.dispose().catch(() => undefined);
    throw error;
  }
  return { session, settings, timings, beforeBoot, warnings };
}

/**
 * Sets the tools the session starts with; returns a warning for each name that matched no tool. A resumed session
 * that recorded its tools keeps them (`+name`/`-name` and `--exclude-tools` apply on top, `defaultTools` does not),
 * unless `--tools` names the tools or `--no-tools`/`--no-builtin-tools` is given, as in pi 1.6.0.
 */
function applyToolSelection(session: AgentSession, settings: SettingsManager, options: CreateAgentSessionOptions, manager: SessionManager | undefined): string[] {
  const names = session.registry.tools.names();
  const isBuiltin = (name: string) => session.registry.tools.owner(name) === "tools";
  const recorded = keepsRecordedTools(options) ? declaredToolLoadout(branchSystemMessages(manager, session), session.activeToolNames(), isBuiltin) : undefined;
  let selection: ToolSelection;
  if (recorded) selection = selectRecordedTools(recorded, names, options);
  else {
    const defaultTools = mergeDefaultTools(stringList(settings.fileSettings("global").defaultTools), stringList(settings.fileSettings("project").defaultTools));
    if (!options.tools && !options.excludeTools && !options.noTools && !options.noBuiltinTools && !defaultTools) return [];
    const active = new Set(session.activeToolNames());
    selection = selectTools(names.map((name) => ({ name, builtin: isBuiltin(name), active: active.has(name) })), { ...options, defaultTools });
  }
  session.setActiveTools(selection.active);
  if (selection.unknown.length === 0) return [];
  return [`no tool is named ${selection.unknown.map((name) => `"${name}"`).join(", ")} (tools: ${names.join(", ")})`];
}

/**
 * The system messages (tool and prompt records) of the opened branch, from before its compactions too: a tool removed
 * back then stays removed. Picked by role, so the branch's other messages stay unparsed (lazy-entry.ts).
 */
function branchSystemMessages(manager: SessionManager | undefined, session: AgentSession): AgentMessage[] {
  if (!manager) return session.messages.filter(isSystemMessage);
  return manager.getBranch().flatMap((entry) => (entry.type === "message" && messageRole(entry) === "system" ? [entry.message as AgentMessage] : []));
}

/**
 * A session an extension asked for with pi's createAgentSession: its options, this session's log, and this session's
 * trust decision for the project (pi's SDK trusts every project; a sub-session here follows the session it runs in).
 * pi's custom tools join as an inline extension, as pi registers them beside the extensions' tools.
 */
function subSessionOptions({ customTools = [], extensions: { instances, ...extensions }, ...request }: SessionRequest, outer: CreateAgentSessionOptions, trusted: boolean): CreateAgentSessionOptions {
  const tools = customTools.filter(isPiTool);
  if (tools.length < customTools.length) throw new PithError("EXTENSION_SDK_OPTION_INVALID", "createAgentSession's customTools must be tool definitions with a name and an execute function.");
  const inline = tools.length > 0 ? [{ name: "sdk", factory: (pi: ExtensionAPI) => tools.forEach((tool) => pi.registerTool(tool)) }] : [];
  // a resource loader's instances of its inline factories are the extensions plugin's preloaded ones (shims/extension-set-loading.ts)
  const preloaded = instances as PreloadedExtensions | undefined;
  return { ...request, extensions: { ...extensions, inline: [...(extensions.inline ?? []), ...inline], ...(preloaded ? { preloaded } : {}) }, log: outer.log, onProblem: outer.onProblem, projectTrust: { approve: trusted, mode: "sdk" } };
}

function isPiTool(value: object): value is PiToolDefinition {
  const tool = value as Partial<Record<keyof PiToolDefinition, unknown>>;
  return typeof tool.name === "string" && typeof tool.execute === "function";
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : undefined;
}

function packageProgress(options: CreateAgentSessionOptions): ((line: string) => void) | undefined {
  const { log } = options;
  return options.onPackageProgress ?? (log ? (line) => log.info(line) : undefined);
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
    progress: packageProgress(options),
  });
  await packages.reload();
  return packages;
}
