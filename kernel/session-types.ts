// What the session's methods take and give: prompt options and outcomes, its listeners, a snapshot of its state.
import type { AgentMessage, ImageContent } from "./messages.js";
import type { Model, ThinkingLevel } from "./model.js";
import type { InputSource } from "./hooks.js";
import type { SessionEvent } from "./events.js";
import type { QueueMode } from "./message-queues.js";
import type { PithError } from "./errors.js";
import type { ArgumentValidator } from "./tool.js";
import type { ConvertToLlm } from "./convert-to-llm.js";

export interface AgentSessionOptions {
  cwd: string;
  sessionId?: string;
  steeringMode?: QueueMode;
  followUpMode?: QueueMode;
  thinkingLevel?: ThinkingLevel;
  /** where plugin and hook problems go; default: stderr */
  onProblem?: (error: PithError) => void;
  /**
   * checks the arguments of tools without a `validate` of their own against their `parameters` (the SDK passes
   * pith's JSON Schema validator); default: they are passed on unchecked
   */
  validateArguments?: ArgumentValidator;
  /** turns the conversation into provider messages (pi's Agent option); default: the roles the kernel knows */
  convertToLlm?: ConvertToLlm;
  /**
   * the level the model supports nearest to the one asked for, applied on every model or level change (the SDK
   * passes the provider kit's `clampThinkingLevel`); default: the level as asked
   */
  clampThinkingLevel?: (model: Model | undefined, level: ThinkingLevel) => ThinkingLevel;
}

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
  /** the queued steering messages, then the follow-ups (pi's boundary `pendingMessages`) */
  pendingMessages: readonly AgentMessage[];
}
