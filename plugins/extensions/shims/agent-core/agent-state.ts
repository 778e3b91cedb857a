// An `Agent`'s state and its two queues, as pi-agent-core 1.6.0 keeps them. The transcript owns the system prompt
// and the declared tools: `initialState`'s prompt and tools become its leading system message (unless its
// messages start with one), and `systemPrompt` replays it. Assigning `tools` or `messages` stores a copy of the array.
import type { Model } from "../../../../kernel/index.js";
import { createInitialSystemMessage, getCurrentSystemPrompt, toToolDeclaration } from "../pi-ai/pi-ai-transcript.js";
import type { AgentMessage, AgentTool, QueueMode, ThinkingLevel } from "./types.js";

export interface AgentState {
  readonly systemPrompt: string;
  model: Model;
  thinkingLevel: ThinkingLevel;
  tools: AgentTool[];
  messages: AgentMessage[];
  isStreaming: boolean;
  streamingMessage?: AgentMessage;
  pendingToolCalls: ReadonlySet<string>;
  errorMessage?: string;
}

export type AgentInitialState = Partial<Pick<AgentState, "model" | "thinkingLevel" | "tools" | "messages">> & { systemPrompt?: string };

/** The model of an agent given none: a placeholder no provider answers. */
const NO_MODEL: Model = {
  id: "unknown",
  name: "unknown",
  api: "unknown",
  provider: "unknown",
  baseUrl: "",
  reasoning: false,
  input: [],
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
  contextWindow: 0,
  maxTokens: 0,
};

export function createAgentState(initial: AgentInitialState = {}): AgentState {
  let tools = initial.tools?.slice() ?? [];
  let messages = initial.messages?.slice() ?? [];
  const head = createInitialSystemMessage(initial.systemPrompt, tools.map(toToolDeclaration));
  if (messages[0]?.role !== "system" && head) messages.unshift(head);
  return {
    get systemPrompt() {
      return getCurrentSystemPrompt(messages);
    },
    model: initial.model ?? NO_MODEL,
    thinkingLevel: initial.thinkingLevel ?? "off",
    get tools() {
      return tools;
    },
    set tools(next) {
      tools = next.slice();
    },
    get messages() {
      return messages;
    },
    set messages(next) {
      messages = next.slice();
    },
    isStreaming: false,
    streamingMessage: undefined,
    pendingToolCalls: new Set(),
    errorMessage: undefined,
  };
}

/** Steering or follow-up messages waiting for the loop; the mode says how many one drain takes. */
export class MessageQueue {
  private messages: AgentMessage[] = [];

  constructor(public mode: QueueMode) {}

  enqueue(message: AgentMessage): void {
    this.messages.push(message);
  }

  hasItems(): boolean {
    return this.messages.length > 0;
  }

  peek(): AgentMessage[] {
    if (this.mode === "all") return this.messages.slice();
    return this.messages.slice(0, 1);
  }

  drain(): AgentMessage[] {
    const taken = this.peek();
    this.messages = this.messages.slice(taken.length);
    return taken;
  }

  clear(): void {
    this.messages = [];
  }
}
