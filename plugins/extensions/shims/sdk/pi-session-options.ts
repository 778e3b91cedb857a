// pi 1.6.0's `createAgentSession` options in pith's terms (a SessionRequest). pi's option objects are read through
// the methods pi declares for them, so pi's own classes, pith's served copies and an extension's own objects of
// those shapes all work: a session manager by where it keeps the conversation, a resource loader by what it
// returns.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { PithError, type Model, type ThinkingLevel } from "../../../../kernel/index.js";
import type { PiToolDefinition } from "../../contract/types.js";
import type { SessionRequest } from "./session-factory.js";
import { INLINE_FACTORY, type LoadedInline } from "../extension-set-loading.js";
import { registryOfRuntime } from "../coding-agent/models/model-runtime.js";

/** What of pi's `SessionManager` is read: where it keeps the conversation. */
export interface PiSessionManagerShape {
  getCwd(): string;
  isPersisted(): boolean;
  getSessionFile(): string | undefined;
  getSessionDir?(): string;
  getSessionId?(): string;
}

/** What of pi's `ResourceLoader` is read; a getter left out keeps pith's own discovery for that part. */
export interface PiResourceLoaderShape {
  getSystemPrompt?(): string | undefined;
  getAppendSystemPrompt?(): string[];
  getExtensions?(): { extensions: readonly { path?: string; [INLINE_FACTORY]?: LoadedInline }[] };
  getSkills?(): { skills: readonly unknown[] };
  getPrompts?(): { prompts: readonly unknown[] };
  getAgentsFiles?(): { agentsFiles: readonly unknown[] };
}

/** pi's `CreateAgentSessionOptions` (dist/core/sdk.d.ts), as an extension passes them. */
export interface PiCreateAgentSessionOptions {
  cwd?: string;
  agentDir?: string;
  model?: Model;
  thinkingLevel?: ThinkingLevel;
  noTools?: "all" | "builtin";
  tools?: string[];
  excludeTools?: string[];
  customTools?: PiToolDefinition[];
  resourceLoader?: PiResourceLoaderShape;
  sessionManager?: PiSessionManagerShape;
  settingsManager?: object;
  modelRuntime?: object;
  scopedModels?: readonly { model: Model; thinkingLevel?: ThinkingLevel }[];
  sessionStartEvent?: object;
}

export function sessionRequest(options: PiCreateAgentSessionOptions, defaults: { agentDir: string }): SessionRequest {
  const manager = options.sessionManager === undefined ? undefined : checkedManager(options.sessionManager);
  const cwd = resolve(options.cwd ?? manager?.getCwd() ?? process.cwd());
  return {
    cwd,
    agentDir: options.agentDir === undefined ? defaults.agentDir : resolve(options.agentDir),
    ...(options.model ? { model: options.model } : {}),
    ...(options.thinkingLevel ? { thinkingLevel: options.thinkingLevel } : {}),
    ...(options.tools ? { tools: [...options.tools] } : {}),
    ...(options.excludeTools ? { excludeTools: [...options.excludeTools] } : {}),
    ...(options.noTools === "all" ? { noTools: true } : options.noTools === "builtin" ? { noBuiltinTools: true } : {}),
    ...storage(manager),
    ...(options.customTools && options.customTools.length > 0 ? { customTools: [...options.customTools] } : {}),
    ...resources(options.resourceLoader),
    ...settingsOf(options.settingsManager),
    ...modelsOf(options.modelRuntime),
  };
}

/** A settings manager's two layers, read through pi's getters (pi's own class and pith's served one have them). */
function settingsOf(manager: object | undefined): Pick<SessionRequest, "settingsLayers"> {
  const layers = manager as { getGlobalSettings?: () => unknown; getProjectSettings?: () => unknown } | undefined;
  if (typeof layers?.getGlobalSettings !== "function" || typeof layers.getProjectSettings !== "function") return {};
  const object = (value: unknown) => (typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
  return { settingsLayers: { global: object(layers.getGlobalSettings()), project: object(layers.getProjectSettings()) } };
}

/** The models registry behind pith's served ModelRuntime; another runtime object is handed back only. */
function modelsOf(runtime: object | undefined): Pick<SessionRequest, "modelRegistry"> {
  const registry = runtime && registryOfRuntime(runtime);
  return registry ? { modelRegistry: registry } : {};
}

function checkedManager(value: PiSessionManagerShape): PiSessionManagerShape {
  const methods = ["getCwd", "isPersisted", "getSessionFile"] as const;
  const missing = methods.filter((name) => typeof (value as unknown as Record<string, unknown>)?.[name] !== "function");
  if (missing.length > 0) {
    throw new PithError(
      "EXTENSION_SDK_OPTION_INVALID",
      `createAgentSession's sessionManager lacks ${missing.join(", ")}: pass pi's SessionManager (SessionManager.inMemory(), create(), open(), continueRecent()).`,
    );
  }
  return value;
}

/** In memory, an existing file opened, or a new file in the manager's folder under its id. */
function storage(manager: PiSessionManagerShape | undefined): Partial<SessionRequest> {
  if (!manager) return {};
  if (!manager.isPersisted()) return { noSession: true };
  const file = manager.getSessionFile();
  if (file && existsSync(file)) return { session: file };
  return {
    ...(manager.getSessionDir ? { sessionDir: manager.getSessionDir() } : {}),
    ...(manager.getSessionId ? { sessionId: manager.getSessionId() } : {}),
  };
}

/**
 * What the resource loader decided: its system prompt and appended prompts, its context files, its extensions (files
 * pith loads again by path, the instances of its inline factories adopted), and its skills and prompt templates by
 * file (a kind it has none of is turned off). A getter left out keeps pith's own discovery for that kind.
 */
function resources(loader: PiResourceLoaderShape | undefined): Pick<SessionRequest, "extensions"> & Partial<SessionRequest> {
  if (!loader) return { extensions: {} };
  const systemPrompt = loader.getSystemPrompt?.();
  const append = loader.getAppendSystemPrompt?.();
  const extensions = loader.getExtensions?.().extensions;
  const paths = extensions?.map((extension) => extension.path).filter((path): path is string => !!path && existsSync(path));
  const loaded = extensions?.flatMap((extension) => (extension[INLINE_FACTORY] ? [extension[INLINE_FACTORY]] : [])) ?? [];
  const inline = loaded.map(({ name, factory }) => ({ name, factory }));
  const skillFiles = filesOf(loader.getSkills?.().skills);
  const promptFiles = filesOf(loader.getPrompts?.().prompts);
  const contextFiles = loader.getAgentsFiles?.().agentsFiles.filter(isContextFile);
  return {
    ...(systemPrompt !== undefined ? { systemPrompt } : {}),
    ...(append ? { appendSystemPrompt: [...append] } : {}),
    ...(skillFiles ? { noSkills: true, skillPaths: skillFiles } : {}),
    ...(promptFiles ? { noPromptTemplates: true, promptTemplatePaths: promptFiles } : {}),
    ...(contextFiles ? { contextFiles } : {}),
    extensions: paths ? { noExtensions: true, paths, ...(inline.length > 0 ? { inline, instances: loaded[0]!.instances } : {}) } : {},
  };
}

function isContextFile(value: unknown): value is { path: string; content: string } {
  const file = value as { path?: unknown; content?: unknown } | null;
  return typeof file?.path === "string" && typeof file.content === "string";
}

/** the files of a loader's skills or templates; undefined when it gives none, or one that is not a file of pi's shape */
function filesOf(resources: readonly unknown[] | undefined): string[] | undefined {
  if (!resources) return undefined;
  const files = resources.map((resource) => (resource as { filePath?: unknown }).filePath);
  return files.every((file): file is string => typeof file === "string") ? files : undefined;
}
