// pi-agent-core 1.6.0's `Agent`: a transcript, a model and tools, runs of the loop over them (`prompt`, `continue`),
// steering and follow-up queues, and listeners that are awaited in order for every event, the last `agent_end`
// included, before the run counts as idle. An extension uses it for a sub-agent of its own; its model calls go
// through the default stream function (pith's providers) unless it gives `streamFn`.
import { PithError, type AssistantMessage, type ImageContent, type TextContent } from "../../../../kernel/index.js";
import { getCurrentSystemMessage } from "../pi-ai/pi-ai-transcript.js";
import { runAgentLoop, runAgentLoopContinue } from "./agent-loop.js";
import { createAgentState, MessageQueue, type AgentInitialState, type AgentState } from "./agent-state.js";
import { getDefaultStreamFn } from "./stream-fn.js";
import type { AgentEvent, AgentLoopConfig, AgentLoopTurnUpdate, AgentMessage, AgentTurnContext, QueueMode, StreamFn, ToolExecutionMode } from "./types.js";
import { AgentSettings, type AgentOptions } from "./agent-options.js";

type Listener = (event: AgentEvent, signal: AbortSignal) => Promise<void> | void;

export class Agent extends AgentSettings {
  private readonly current: AgentState;
  private readonly listeners = new Set<Listener>();
  private readonly steeringQueue: MessageQueue;
  private readonly followUpQueue: MessageQueue;
  private activeRun?: { promise: Promise<void>; resolve: () => void; abortController: AbortController };
  streamFunction: StreamFn;
  toolExecution: ToolExecutionMode;

  constructor(options: AgentOptions = {}) {
    super(options);
    this.current = createAgentState(options.initialState as AgentInitialState | undefined);
    this.streamFunction = options.streamFn ?? getDefaultStreamFn();
    this.steeringQueue = new MessageQueue(options.steeringMode ?? "one-at-a-time");
    this.followUpQueue = new MessageQueue(options.followUpMode ?? "one-at-a-time");
    this.toolExecution = options.toolExecution ?? "parallel";
  }

  /** Listeners are awaited in the order they subscribed, with the run's abort signal. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get state(): AgentState {
    return this.current;
  }

  get steeringMode(): QueueMode {
    return this.steeringQueue.mode;
  }
  set steeringMode(mode: QueueMode) {
    this.steeringQueue.mode = mode;
  }
  get followUpMode(): QueueMode {
    return this.followUpQueue.mode;
  }
  set followUpMode(mode: QueueMode) {
    this.followUpQueue.mode = mode;
  }

  steer(message: AgentMessage): void {
    this.steeringQueue.enqueue(message);
  }
  followUp(message: AgentMessage): void {
    this.followUpQueue.enqueue(message);
  }
  clearSteeringQueue(): void {
    this.steeringQueue.clear();
  }
  clearFollowUpQueue(): void {
    this.followUpQueue.clear();
  }
  clearAllQueues(): void {
    this.clearSteeringQueue();
    this.clearFollowUpQueue();
  }
  hasQueuedMessages(): boolean {
    return this.steeringQueue.hasItems() || this.followUpQueue.hasItems();
  }
  /** What the next turn would take from the queues: steering first, else follow-ups; nothing is consumed. */
  peekQueuedMessages(): AgentMessage[] {
    const steering = this.steeringQueue.peek();
    return steering.length > 0 ? steering : this.followUpQueue.peek();
  }

  get signal(): AbortSignal | undefined {
    return this.activeRun?.abortController.signal;
  }
  abort(): void {
    this.activeRun?.abortController.abort();
  }
  /** Resolves once the run and every listener of its events, `agent_end`'s included, are done. */
  waitForIdle(): Promise<void> {
    return this.activeRun?.promise ?? Promise.resolve();
  }

  /** Empties the conversation and the queues; the replayed prompt and tools stay as its one system message. */
  reset(): void {
    if (this.activeRun) throw new PithError("EXTENSION_AGENT_BUSY", "Agent is already processing. Wait for completion before resetting.");
    const baseline = getCurrentSystemMessage(this.current.messages);
    this.current.messages = baseline ? [baseline] : [];
    this.current.isStreaming = false;
    this.current.streamingMessage = undefined;
    this.current.pendingToolCalls = new Set();
    this.current.errorMessage = undefined;
    this.clearAllQueues();
  }

  async prompt(input: string | AgentMessage | AgentMessage[], images?: ImageContent[]): Promise<void> {
    if (this.activeRun) {
      throw new PithError(
        "EXTENSION_AGENT_BUSY",
        "Agent is already processing a prompt. Use steer() or followUp() to queue messages, or wait for completion.",
      );
    }
    await this.runPrompt(promptMessages(input, images));
  }

  /** Continues a transcript ending in user input or tool results; one ending in a reply takes queued input instead. */
  async continue(): Promise<void> {
    if (this.activeRun) throw new PithError("EXTENSION_AGENT_BUSY", "Agent is already processing. Wait for completion before continuing.");
    const messages = this.current.messages;
    const last = messages[messages.length - 1];
    if (!last || messages.every((message) => message.role === "system")) throw new PithError("EXTENSION_AGENT_CANNOT_CONTINUE", "No messages to continue from");
    if (last.role !== "assistant") {
      await this.run((signal) => runAgentLoopContinue(this.snapshot(), this.loopConfig(), (event) => this.process(event), signal, this.streamFunction));
      return;
    }
    const steering = this.steeringQueue.drain();
    if (steering.length > 0) return this.runPrompt(steering, true);
    const followUps = this.followUpQueue.drain();
    if (followUps.length > 0) return this.runPrompt(followUps);
    throw new PithError("EXTENSION_AGENT_CANNOT_CONTINUE", "Cannot continue from message role: assistant");
  }

  private runPrompt(messages: AgentMessage[], steeringTaken = false): Promise<void> {
    return this.run((signal) => runAgentLoop(messages, this.snapshot(), this.loopConfig(steeringTaken), (event) => this.process(event), signal, this.streamFunction));
  }

  private snapshot() {
    return { messages: this.current.messages.slice(), tools: this.current.tools.slice() };
  }

  private loopConfig(skipFirstSteeringPoll = false): AgentLoopConfig {
    let skipSteering = skipFirstSteeringPoll;
    const withContext = this.prepareNextTurnWithContext;
    const plain = this.prepareNextTurn;
    return {
      ...this.streamOptions(),
      model: this.current.model,
      reasoning: this.current.thinkingLevel === "off" ? undefined : this.current.thinkingLevel,
      toolExecution: this.toolExecution,
      convertToLlm: this.convertToLlm,
      prepareNextTurn:
        withContext || plain
          ? async (turn: AgentTurnContext): Promise<AgentLoopTurnUpdate | undefined> => (withContext ? withContext(turn, this.signal) : plain?.(this.signal))
          : undefined,
      getSteeringMessages: async () => {
        if (!skipSteering) return this.steeringQueue.drain();
        skipSteering = false;
        return [];
      },
      getFollowUpMessages: async () => this.followUpQueue.drain(),
    };
  }

  private async run(loop: (signal: AbortSignal) => Promise<unknown>): Promise<void> {
    if (this.activeRun) throw new PithError("EXTENSION_AGENT_BUSY", "Agent is already processing.");
    const abortController = new AbortController();
    let resolve!: () => void;
    const promise = new Promise<void>((done) => (resolve = done));
    this.activeRun = { promise, resolve, abortController };
    this.current.isStreaming = true;
    this.current.streamingMessage = undefined;
    this.current.errorMessage = undefined;
    try {
      await loop(abortController.signal);
    } catch (error) {
      await this.failRun(error, abortController.signal.aborted);
    } finally {
      this.current.isStreaming = false;
      this.current.streamingMessage = undefined;
      this.current.pendingToolCalls = new Set();
      this.activeRun?.resolve();
      this.activeRun = undefined;
    }
  }

  /** A loop that threw still ends as a run does: an error (or aborted) reply, `turn_end`, `agent_end`. */
  private async failRun(error: unknown, aborted: boolean): Promise<void> {
    const { model } = this.current;
    const reply: AssistantMessage = {
      role: "assistant",
      content: [{ type: "text", text: "" } satisfies TextContent],
      api: model.api,
      provider: model.provider,
      model: model.id,
      usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
      stopReason: aborted ? "aborted" : "error",
      errorMessage: error instanceof Error ? error.message : String(error),
      timestamp: Date.now(),
    };
    await this.process({ type: "message_start", message: reply });
    await this.process({ type: "message_end", message: reply });
    await this.process({ type: "turn_end", message: reply, toolResults: [] });
    await this.process({ type: "agent_end", messages: [reply] });
  }

  /** Updates the state for an event, then awaits each listener in turn. */
  private async process(event: AgentEvent): Promise<void> {
    const state = this.current;
    if (event.type === "message_start" || event.type === "message_update") state.streamingMessage = event.message;
    else if (event.type === "message_end") {
      state.streamingMessage = undefined;
      state.messages.push(event.message);
    } else if (event.type === "tool_execution_start") state.pendingToolCalls = new Set([...state.pendingToolCalls, event.toolCallId]);
    else if (event.type === "tool_execution_end") state.pendingToolCalls = new Set([...state.pendingToolCalls].filter((id) => id !== event.toolCallId));
    else if (event.type === "turn_end" && event.message.role === "assistant" && (event.message as AssistantMessage).errorMessage) {
      state.errorMessage = (event.message as AssistantMessage).errorMessage;
    } else if (event.type === "agent_end") state.streamingMessage = undefined;
    const signal = this.activeRun?.abortController.signal;
    if (!signal) throw new PithError("EXTENSION_AGENT_NOT_RUNNING", "Agent listener invoked outside active run");
    for (const listener of this.listeners) await listener(event, signal);
  }
}

function promptMessages(input: string | AgentMessage | AgentMessage[], images?: ImageContent[]): AgentMessage[] {
  if (Array.isArray(input)) return input;
  if (typeof input !== "string") return [input];
  return [{ role: "user", content: [{ type: "text", text: input }, ...(images ?? [])], timestamp: Date.now() }];
}
