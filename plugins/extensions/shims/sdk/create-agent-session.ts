// pi 1.6.0's session factories as an extension calls them (dist/core/sdk.d.ts, agent-session-services.d.ts): a
// session of its own, assembled by the host's factory (session-factory.ts) with pith's plugins, in pi's
// AgentSession shape. Services are the inputs pi binds to a folder; pith makes them with the session.
import { resolve } from "node:path";
import { PithError, type Model, type PithServices, type ThinkingLevel } from "../../../../kernel/index.js";
import { extensionHost } from "../host.js";
import { AgentSession } from "./agent-session.js";
import { sessionRequest, type PiCreateAgentSessionOptions, type PiResourceLoaderShape, type PiSessionManagerShape } from "./pi-session-options.js";
import type { PiToolDefinition } from "../../contract/types.js";
import "../../service/service.js";

export interface CreateAgentSessionResult {
  session: AgentSession;
  /** the extensions the session loaded, by file (pith runs its own instances of them) */
  extensionsResult: { extensions: { path: string }[]; errors: { path: string; error: string }[] };
  /** start-up problems: a model that could not be restored or found, settings warnings */
  modelFallbackMessage?: string;
}

export async function createAgentSession(options: PiCreateAgentSessionOptions = {}): Promise<CreateAgentSessionResult> {
  const host = extensionHost();
  if (!host?.createSession) {
    throw new PithError(
      "EXTENSION_SDK_UNAVAILABLE",
      "createAgentSession from pi's coding-agent module needs the session factory pith's CLI and SDK give their extensions: call it from an extension's handler or tool in a session they assembled.",
    );
  }
  const made = await host.createSession(sessionRequest(options, { agentDir: host.agentDir }));
  const session = AgentSession.wrap(made.session, {
    settingsManager: options.settingsManager,
    resourceLoader: options.resourceLoader,
    modelRuntime: options.modelRuntime,
    scopedModels: options.scopedModels,
  });
  const loaded = (made.session.registry.services.get("extensions") as PithServices["extensions"] | undefined)?.loaded ?? [];
  return {
    session,
    extensionsResult: { extensions: loaded.map((extension) => ({ path: extension.path })), errors: [] },
    ...(made.warnings.length > 0 ? { modelFallbackMessage: made.warnings.join("\n") } : {}),
  };
}

/** pi's `AgentSessionServices`: the folder-bound inputs of a session. */
export interface AgentSessionServices {
  cwd: string;
  agentDir: string;
  settingsManager?: object;
  modelRuntime?: object;
  resourceLoader?: PiResourceLoaderShape;
  diagnostics: { type: "info" | "warning" | "error"; message: string }[];
}

export interface CreateAgentSessionServicesOptions {
  cwd: string;
  agentDir?: string;
  settingsManager?: object;
  modelRuntime?: object;
  /** pi's DefaultResourceLoader options; those a session can be asked for are kept for it */
  resourceLoaderOptions?: { systemPrompt?: string; appendSystemPrompt?: string[]; noExtensions?: boolean; noSkills?: boolean; noPromptTemplates?: boolean; noContextFiles?: boolean };
}

/** The inputs, checked and bound to the folder; pith reads settings, models and resources when the session is made. */
export async function createAgentSessionServices(options: CreateAgentSessionServicesOptions): Promise<AgentSessionServices> {
  if (typeof options?.cwd !== "string") throw new PithError("EXTENSION_SDK_OPTION_INVALID", "createAgentSessionServices needs { cwd }: the folder the session works in.");
  const agentDir = options.agentDir === undefined ? (extensionHost()?.agentDir ?? "") : resolve(options.agentDir);
  const requested = options.resourceLoaderOptions;
  return {
    cwd: resolve(options.cwd),
    agentDir,
    ...(options.settingsManager ? { settingsManager: options.settingsManager } : {}),
    ...(options.modelRuntime ? { modelRuntime: options.modelRuntime } : {}),
    ...(requested ? { resourceLoader: requestedResources(requested) } : {}),
    diagnostics: [],
  };
}

export interface CreateAgentSessionFromServicesOptions {
  services: AgentSessionServices;
  sessionManager: PiSessionManagerShape;
  sessionStartEvent?: object;
  model?: Model;
  thinkingLevel?: ThinkingLevel;
  scopedModels?: { model: Model; thinkingLevel?: ThinkingLevel }[];
  tools?: string[];
  excludeTools?: string[];
  noTools?: "all" | "builtin";
  customTools?: PiToolDefinition[];
}

export function createAgentSessionFromServices(options: CreateAgentSessionFromServicesOptions): Promise<CreateAgentSessionResult> {
  const { services, ...session } = options;
  return createAgentSession({
    ...session,
    cwd: services.cwd,
    ...(services.agentDir ? { agentDir: services.agentDir } : {}),
    settingsManager: services.settingsManager,
    modelRuntime: services.modelRuntime,
    resourceLoader: services.resourceLoader,
  });
}

/** DefaultResourceLoader's options as the getters the session's options are read from; a kind not turned off is discovered. */
function requestedResources(requested: NonNullable<CreateAgentSessionServicesOptions["resourceLoaderOptions"]>): PiResourceLoaderShape {
  const none = { extensions: [], skills: [], prompts: [], agentsFiles: [] };
  return {
    ...(requested.systemPrompt !== undefined ? { getSystemPrompt: () => requested.systemPrompt } : {}),
    ...(requested.appendSystemPrompt ? { getAppendSystemPrompt: () => [...requested.appendSystemPrompt!] } : {}),
    ...(requested.noExtensions ? { getExtensions: () => none } : {}),
    ...(requested.noSkills ? { getSkills: () => none } : {}),
    ...(requested.noPromptTemplates ? { getPrompts: () => none } : {}),
    ...(requested.noContextFiles ? { getAgentsFiles: () => none } : {}),
  };
}
