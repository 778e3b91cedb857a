// The events pi 1.x added to the extension contract, with their payloads and what a handler may return
// (pi 1.6.0's `dist/core/extensions/types.d.ts`). `ExtensionEventMap` in types.ts includes this map.
import type { AgentMessage } from "../../kernel/index.js";
import type { ProjectTrustUI } from "../trust/trust-hook.js";

export interface ContextWithSystemEvent {
  type: "context_with_system";
  /** the whole request: the system prompt and tools as the leading `role: "system"` message, then the conversation */
  messages: AgentMessage[];
}

/** what the handler returns is sent as it is */
export interface ContextWithSystemEventResult {
  messages?: AgentMessage[];
}

export interface BeforeProviderHeadersEvent {
  type: "before_provider_headers";
  /** change in place; `null` deletes the header */
  headers: Record<string, string | null>;
}

export interface ProviderStreamEvent {
  type: "provider_stream_event";
  provider: string;
  api: string;
  model: string;
  /** one parsed event of the provider's stream, before pith converts it */
  data: unknown;
}

export type UIPromptKind = "select" | "confirm" | "input" | "editor" | "custom";

export interface UIPromptStartEvent {
  type: "ui_prompt_start";
  reason: "ui_prompt";
  kind: UIPromptKind;
  title?: string;
}

export interface UIPromptEndEvent {
  type: "ui_prompt_end";
  reason: "ui_prompt";
  kind: UIPromptKind;
  title?: string;
}

export interface ProjectTrustEvent {
  type: "project_trust";
  cwd: string;
}

export interface ProjectTrustEventResult {
  trusted: "yes" | "no" | "undecided";
  /** save a yes/no in trust.json for later runs */
  remember?: boolean;
}

/** What a `project_trust` handler gets as `ctx`: nothing of the session, which does not exist yet. */
export interface ProjectTrustContext {
  cwd: string;
  mode: string;
  hasUI: boolean;
  ui: ProjectTrustUI;
}

export interface Pi1xEventMap {
  context_with_system: [ContextWithSystemEvent, ContextWithSystemEventResult];
  before_provider_headers: [BeforeProviderHeadersEvent, void];
  provider_stream_event: [ProviderStreamEvent, void];
  ui_prompt_start: [UIPromptStartEvent, void];
  ui_prompt_end: [UIPromptEndEvent, void];
  /** `ctx` is a ProjectTrustContext, not the session's context */
  project_trust: [ProjectTrustEvent, ProjectTrustEventResult];
}

