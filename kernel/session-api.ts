// The session as plugins and hosts drive it.
import type { AgentMessage, CustomMessage, ImageContent, UserMessage } from "./messages.js";
import type { Model, ThinkingLevel } from "./model.js";
import type { InputSource, SessionEndReason, SessionStartEvent } from "./hooks.js";
import type { SessionEvent } from "./events.js";
import type { QueueMode } from "./message-queues.js";
import type { ToolDefinition } from "./tool.js";

export interface PromptOptions {
  images?: ImageContent[];
  source?: InputSource;
  /** required while the agent is working: queue the text as steering or as a follow-up */
  streamingBehavior?: "steer" | "followUp";
  /** false: no command, skill or template handling (pi's `sendUserMessage`) */
  expand?: boolean;
}

/** What became of a prompt: a run started, it waits in a queue, or a command or `input` handler took it. */
export type PromptDisposition = "started" | "queued" | "handled";

/** The texts taken out of the queues by `clearQueue`. */
export interface ClearedQueues {
  steering: string[];
  followUp: string[];
}

export type SessionListener = (event: SessionEvent) => void | Promise<void>;

export interface SessionState {
  model: Model | undefined;
  thinkingLevel: ThinkingLevel;
  isStreaming: boolean;
  messages: readonly AgentMessage[];
  systemPrompt: string;
  steeringMode: QueueMode;
  followUpMode: QueueMode;
  pendingMessageCount: number;
}

export interface SessionApi {
  readonly cwd: string;
  /** the id persistence plugins store the session under */
  sessionId: string;
  readonly model: Model | undefined;
  readonly thinkingLevel: ThinkingLevel;
  readonly isStreaming: boolean;
  readonly messages: readonly AgentMessage[];
  readonly systemPrompt: string;
  getState(): SessionState;
  /** resolves when the run it started is over (or at once when the text was queued or handled) */
  prompt(text: string, options?: PromptOptions): Promise<PromptDisposition>;
  steer(text: string, images?: ImageContent[]): void;
  /**
   * steer / follow-up after the `input` hook and skill and template expansion; commands are refused (pi's RPC
   * `steer`, `follow_up`)
   */
  queuePrompt(text: string, options: { as: "steer" | "followUp"; images?: ImageContent[]; source?: InputSource }): Promise<"queued" | "handled">;
  followUp(text: string, images?: ImageContent[]): void;
  /** empties the steering and follow-up queues and returns their texts (pi's `clearQueue`) */
  clearQueue(): ClearedQueues;
  /** queues a message a plugin injects while the agent works (pi's `sendMessage` with `deliverAs`) */
  queueMessage(message: CustomMessage | UserMessage, as: "steer" | "followUp"): void;
  /** cancels the running turn, any pending retry wait, and resolves once the session is idle */
  abort(): Promise<void>;
  /**
   * Runs the loop on the current conversation; with `trigger`, that message opens the run as a prompt does
   * (`before_agent_start` is asked, with `messageType: "custom"`).
   */
  continue(options?: { trigger?: CustomMessage }): Promise<void>;
  waitForIdle(): Promise<void>;
  /** resolves when every event emitted so far has reached every consumer (persisted, printed) */
  drainEvents(): Promise<void>;
  subscribe(listener: SessionListener): () => void;
  setModel(model: Model, source?: "set" | "cycle" | "restore"): Promise<void>;
  setThinkingLevel(level: ThinkingLevel): Promise<void>;
  setSteeringMode(mode: QueueMode): void;
  setFollowUpMode(mode: QueueMode): void;
  /** replaces the conversation (resume, tree navigation, compaction) */
  replaceMessages(messages: AgentMessage[]): void;
  /** appends a message outside a run (e.g. a bash execution record) and emits its events */
  appendMessage(message: AgentMessage): Promise<void>;
  allTools(): ToolDefinition[];
  activeToolNames(): string[];
  /** unknown names are ignored; takes effect on the next model call */
  setActiveTools(names: string[]): void;
  refreshSystemPrompt(): Promise<string>;
  /** announces the session as ready (`session_start`): at start-up, and after a reload or a move */
  start(reason?: SessionStartEvent["reason"], previousSessionFile?: string): Promise<void>;
  /**
   * stops any run and tells every plugin the session leaves its conversation (`session_shutdown` with the reason):
   * a reload, or a move to another conversation; the session itself goes on
   */
  leave(reason: Exclude<SessionEndReason, "quit">, targetSessionFile?: string): Promise<void>;
}
