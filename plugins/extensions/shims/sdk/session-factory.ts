// How pi's SDK names (createAgentSession and what builds on it) reach a session of pith's: the host that assembles
// sessions (pith's SDK) hands the extensions plugin a factory as its `createSession` option; the plugin puts it on
// the extension host (../host.ts), where the shims find it. The plugin never imports the SDK: the request's choices
// are declared here, and the SDK's own session options include them, so the SDK passes them on as they are.
// The request names no type of the extension contract: the host module the shims read it from sits below that
// contract in the import graph.
import type { AgentSession, Model, ThinkingLevel } from "../../../../kernel/index.js";
import type { ModelRegistry } from "../../../models/registry.js";

/** What a session is asked to be beyond its folder and model; the SDK's `createAgentSession` options include them. */
export interface SessionChoices {
  thinkingLevel?: ThinkingLevel;
  /**
   * the tools the model starts with: an allowlist of names and `*` patterns, or only `+name`/`-name` entries
   * that change the default tools (the `defaultTools` setting, else read, bash, edit, write)
   */
  tools?: string[];
  /** names and `*` patterns disabled after everything else (`--exclude-tools`) */
  excludeTools?: string[];
  noTools?: boolean;
  noBuiltinTools?: boolean;
  systemPrompt?: string;
  appendSystemPrompt?: string[];
  noContextFiles?: boolean;
  /** the project's context files as given (a resource loader's), in place of finding them */
  contextFiles?: { path: string; content: string }[];
  noSkills?: boolean;
  noPromptTemplates?: boolean;
  /** `--skill` paths (kept with `noSkills`) */
  skillPaths?: string[];
  /** `--prompt-template` paths (kept with `noPromptTemplates`) */
  promptTemplatePaths?: string[];
  /** keep the session in memory only */
  noSession?: boolean;
  /** `--session-dir`; else $PI_CODING_AGENT_SESSION_DIR, else the `sessionDir` setting, else per-cwd folders */
  sessionDir?: string;
  /** open a stored session: a file path or an id prefix (`--session`) */
  session?: string;
  /** `--session-id`: this folder's session with this id, created when there is none; with `fork`, the copy's id */
  sessionId?: string;
  /** read instead of agentDir's settings files: the global and project settings a caller holds (pi's `settingsManager`) */
  settingsLayers?: { global: Record<string, unknown>; project: Record<string, unknown> };
  /** the models registry to use instead of one over agentDir's auth.json and models.json (pi's `modelRuntime`) */
  modelRegistry?: ModelRegistry;
}

/** A session to assemble with pith's plugins, as an extension's pi `createAgentSession` asks for it. */
export interface SessionRequest extends SessionChoices {
  cwd: string;
  agentDir: string;
  model?: Model;
  /** the extensions the session loads: discovered ones unless `noExtensions`, and these files */
  extensions: {
    noExtensions?: boolean;
    paths?: readonly string[];
    inline?: readonly { name: string; factory: (api: object) => void | Promise<void> }[];
    /** instances a resource loader made of the inline factories (the plugin's PreloadedExtensions): adopted, not run again */
    instances?: object;
  };
  /** pi tool definitions (`{name, description, parameters, execute}`), registered beside the extensions' tools */
  customTools?: readonly object[];
}

export interface MadeSession {
  session: AgentSession;
  /** start-up problems worth telling the user (pi's `modelFallbackMessage` and diagnostics) */
  warnings: string[];
}

export type SessionFactory = (request: SessionRequest) => Promise<MadeSession>;
