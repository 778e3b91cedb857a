// What one run of the agent loop needs from the session that drives it.
import type { KernelHooks } from "./hooks.js";
import type { AgentMessage } from "./messages.js";
import type { AssistantMessageEvent } from "./provider.js";
import type { SessionEvent } from "./events.js";
import type { ArgumentValidator, ToolDefinition } from "./tool.js";
import type { PithError } from "./errors.js";

export interface LoopContext {
  readonly hooks: KernelHooks;
  readonly cwd: string;
  readonly signal: AbortSignal;
  /** the session's conversation; the loop appends final messages to it */
  readonly messages: AgentMessage[];
  emit(event: SessionEvent): void;
  /** resolves when every event emitted so far has been processed (persisted, printed) */
  drainEvents(): Promise<void>;
  /** undefined, or a promise to await before emitting more when consumers (a slow output reader) fall behind */
  eventBacklog(): Promise<void> | undefined;
  /** checks a call's arguments for a tool without a `validate` of its own */
  validateArguments: ArgumentValidator;
  /** the tools the model may call right now */
  activeTools(): ReadonlyMap<string, ToolDefinition>;
  /** the tools a running tool may call through `executeTool` */
  callableTools(): ReadonlyMap<string, ToolDefinition>;
  /** the thinking level a model call asks for now */
  thinkingLevel(): string;
  /** one model call over the given conversation */
  streamAssistant(messages: AgentMessage[], signal: AbortSignal): AsyncIterable<AssistantMessageEvent>;
  /** the messages a turn adds before its model call, as `turn_prepare` handlers leave them */
  prepareTurn(messages: AgentMessage[]): Promise<AgentMessage[]>;
  takeSteering(): AgentMessage[];
  takeFollowUp(): AgentMessage[];
  /** a plugin or hook problem that does not stop the run */
  report(error: PithError): void;
}
