// pith's built-in plugins, in load order. Each is imported only when the session loads it, through the same
// plugin contract a third-party plugin uses; a distribution picks the ones it wants by name.
import type { PluginSpec } from "../kernel/index.js";
import type { Settings, SettingsManager } from "../plugins/settings/index.js";
import type { SessionStart } from "../plugins/sessions/index.js";
import type { PackagesService } from "../plugins/packages/packages-service.js";
import type { ModelRegistry } from "../plugins/models/registry.js";
import { PITH_VERSION } from "./version.js";

export const BUILTIN_PLUGIN_NAMES = [
  "sessions",
  "models",
  "provider-anthropic",
  "provider-openai",
  "provider-google",
  "provider-bedrock",
  "provider-mistral",
  "provider-pi-messages",
  "tools",
  "images",
  "retry",
  "compaction",
  "cache-warming",
  "skills",
  "prompt-templates",
  "system-prompt",
  "session-control",
  "export",
  "mcp",
] as const;

export type BuiltinPluginName = (typeof BUILTIN_PLUGIN_NAMES)[number];

export interface BuiltinPluginConfig {
  cwd: string;
  agentDir: string;
  settings: Settings;
  settingsManager: SettingsManager;
  /** `--skill` paths; with `noSkills` only these load */
  skillPaths?: string[];
  noSkills?: boolean;
  /** `--prompt-template` paths; with `noPromptTemplates` only these load */
  promptTemplatePaths?: string[];
  noPromptTemplates?: boolean;
  /** the settings' packages: their skill and template files, read again each time those plugins reload */
  packages?: PackagesService;
  /** where session files go (already resolved from --session-dir, the environment and settings) */
  sessionDir?: string;
  noSession?: boolean;
  sessionStart?: SessionStart;
  runtimeApiKeys?: Record<string, string>;
  /** the models registry to use instead of one over agentDir's files */
  modelRegistry?: ModelRegistry;
  /** tools the model starts with, among the built-in ones; default read, bash, edit, write */
  activeTools?: string[];
  customPrompt?: string;
  appendPrompts?: string[];
  noContextFiles?: boolean;
  contextFiles?: readonly { path: string; content: string }[];
  /** `--tools` as given, for the MCP plugin (`mcp__` entries limit MCP tools) */
  toolAllowlist?: string[];
}

export function builtinPluginSpecs(names: readonly BuiltinPluginName[], config: BuiltinPluginConfig): PluginSpec[] {
  return names.map((name) => ({ name, load: () => loadBuiltin(name, config) }));
}

async function loadBuiltin(name: BuiltinPluginName, config: BuiltinPluginConfig) {
  switch (name) {
    case "sessions":
      return (await import("../plugins/sessions/index.js")).sessionsPlugin({
        agentDir: config.agentDir,
        sessionDir: config.sessionDir,
        noSession: config.noSession,
        start: config.sessionStart,
      });
    case "models":
      return (await import("../plugins/models/index.js")).modelsPlugin({ agentDir: config.agentDir, runtimeApiKeys: config.runtimeApiKeys, registry: config.modelRegistry });
    case "provider-anthropic":
      return (await import("../plugins/provider-anthropic/index.js")).anthropicProviderPlugin();
    case "provider-openai":
      return (await import("../plugins/provider-openai/index.js")).openaiProviderPlugin();
    case "provider-google":
      return (await import("../plugins/provider-google/index.js")).googleProviderPlugin();
    case "provider-bedrock":
      return (await import("../plugins/provider-bedrock/index.js")).bedrockProviderPlugin();
    case "provider-mistral":
      return (await import("../plugins/provider-mistral/index.js")).mistralProviderPlugin();
    case "provider-pi-messages":
      return (await import("../plugins/provider-pi-messages/index.js")).piMessagesProviderPlugin();
    case "tools":
      return (await import("../plugins/tools/index.js")).toolsPlugin({
        cwd: config.cwd,
        shellPath: config.settings.shellPath,
        commandPrefix: config.settings.shellCommandPrefix,
        tools: config.activeTools,
      });
    case "images":
      return (await import("../plugins/images/index.js")).imagesPlugin();
    case "retry":
      return (await import("../plugins/retry/index.js")).retryPlugin();
    case "compaction":
      return (await import("../plugins/compaction/index.js")).compactionPlugin();
    case "cache-warming":
      return (await import("../plugins/cache-warming/index.js")).cacheWarmingPlugin();
    // Getters: the skills and prompt-templates plugins read their options on every reload, so settings entries
    // and package files come from the settings and packages as they are after a reload or session move.
    case "skills":
      return (await import("../plugins/skills/index.js")).skillsPlugin({
        agentDir: config.agentDir,
        cwd: config.cwd,
        paths: config.skillPaths,
        noDiscovery: config.noSkills,
        get projectTrusted() {
          return config.settingsManager.isProjectTrusted();
        },
        get settingsEntries() {
          return scopedList(config.settingsManager, "skills");
        },
        get packageFiles() {
          return config.packages?.resolved.skillFiles;
        },
      });
    case "prompt-templates":
      return (await import("../plugins/prompt-templates/index.js")).promptTemplatesPlugin({
        agentDir: config.agentDir,
        cwd: config.cwd,
        paths: config.promptTemplatePaths,
        noDiscovery: config.noPromptTemplates,
        get projectTrusted() {
          return config.settingsManager.isProjectTrusted();
        },
        get settingsEntries() {
          return scopedList(config.settingsManager, "prompts");
        },
        get packageFiles() {
          return config.packages?.resolved.promptFiles;
        },
      });
    case "system-prompt":
      return (await import("../plugins/system-prompt/index.js")).systemPromptPlugin({
        agentDir: config.agentDir,
        cwd: config.cwd,
        customPrompt: config.customPrompt,
        appendPrompts: config.appendPrompts,
        noContextFiles: config.noContextFiles,
        contextFiles: config.contextFiles,
        get projectTrusted() {
          return config.settingsManager.isProjectTrusted();
        },
      });
    case "session-control":
      return (await import("../plugins/session-control/index.js")).sessionControlPlugin();
    case "export":
      return (await import("../plugins/export/index.js")).exportPlugin();
    case "mcp":
      return (await import("../plugins/mcp/index.js")).mcpPlugin({
        agentDir: config.agentDir,
        // the decision "projectTrust" made before the session booted (docs/security.md)
        projectTrusted: async () => config.settingsManager.isProjectTrusted(),
        tools: config.toolAllowlist,
        version: PITH_VERSION,
      });
  }
}

/** Resource entries as each settings file lists them: relative paths resolve against that file's folder. */
function scopedList(manager: SettingsManager, key: "skills" | "prompts"): { project?: string[]; global?: string[] } {
  const read = (scope: "project" | "global") => {
    const value = manager.fileSettings(scope)[key];
    return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : undefined;
  };
  return { project: read("project"), global: read("global") };
}
