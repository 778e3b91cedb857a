// The kernel's session: owns the conversation, the prompt pipeline, the loop runs and the event queue.
// It knows no provider, tool, file format or UI: all of those arrive through plugins.
import { isTapped, type BeforeAgentStartState, type KernelHooks, type InputSource, type SessionEndReason, type SessionStartEvent } from "./hooks.js";
import { HookTable } from "./hook-table.js";
import { EventQueue } from "./event-queue.js";
import { KernelRegistry } from "./registry.js";
import { PendingMessages, type QueueMode } from "./message-queues.js";
import { runUntilSettled } from "./run-until-settled.js";
import { runCommand, transformInput, userMessage } from "./prompt-input.js";
import { SystemPromptState } from "./system-prompt-state.js";
import { streamFromProvider } from "./provider-stream.js";
import { convertKernelMessages, type ConvertToLlm } from "./convert-to-llm.js";
import { PithError, errorMessage } from "./errors.js";
import type { AgentMessage, CustomMessage, ImageContent, UserMessage } from "./messages.js";
import type { Model, ThinkingLevel } from "./model.js";
import type { SessionEvent } from "./events.js";
import { uncheckedArguments, type ArgumentValidator, type ToolDefinition } from "./tool.js";
import type { LoopContext } from "./loop-context.js";
import type { AgentSessionOptions, ClearedQueues, PromptDisposition, PromptOptions, SessionListener, SessionState } from "./session-types.js";

/** The session as plugins and hosts drive it (`context.session`): the session's own members, minus the kernel's wiring. */
export type SessionApi = Pick<
  AgentSession,
  | "cwd" | "sessionId" | "model" | "thinkingLevel" | "isStreaming" | "messages" | "systemPrompt" | "getState"
  | "prompt" | "steer" | "queuePrompt" | "followUp" | "clearQueue" | "queueMessage" | "abort" | "continue" | "waitForIdle"
  | "drainEvents" | "subscribe" | "setModel" | "setThinkingLevel" | "setSteeringMode" | "setFollowUpMode" | "replaceMessages"
  | "appendMessage" | "allTools" | "activeToolNames" | "setActiveTools" | "refreshSystemPrompt" | "systemPromptSections" | "start" | "leave"
>;

export class AgentSession {
  readonly cwd: string;
  readonly hooks: KernelHooks;
  /** every hook of the catalogue: the kernel's (`hooks`) and those plugins own */
  readonly hookTable: HookTable;
  readonly registry: KernelRegistry;
  readonly convertToLlm: ConvertToLlm;
  /** the id persistence plugins store the session under */
  sessionId: string;

  private readonly events: EventQueue;
  private readonly queues: PendingMessages;
  private readonly reportProblem: (error: PithError) => void;
  private readonly validateArguments: ArgumentValidator;
  private readonly clampLevel: (model: Model | undefined, level: ThinkingLevel) => ThinkingLevel;
  private readonly conversation: AgentMessage[] = [];
  private currentModel: Model | undefined;
  private level: ThinkingLevel;
  private active = new Set<string>();
  private readonly prompts = new SystemPromptState();
  private runController: AbortController | undefined;
  private running: Promise<void> | undefined;
  private started = false;

  constructor(options: AgentSessionOptions) {
    this.cwd = options.cwd;
    // hosts pass one (the SDK's costs less to make at start-up); the Web Crypto global loads more than this needs
    this.sessionId = options.sessionId ?? globalThis.crypto.randomUUID();
    this.level = options.thinkingLevel ?? "off";
    this.validateArguments = options.validateArguments ?? uncheckedArguments;
    this.convertToLlm = options.convertToLlm ?? convertKernelMessages;
    this.clampLevel = options.clampThinkingLevel ?? ((_model, level) => level);
    const modes = { steering: options.steeringMode ?? "one-at-a-time", followUp: options.followUpMode ?? "one-at-a-time" } as const;
    this.queues = new PendingMessages(modes, (steering, followUp) => this.emit({ type: "queue_update", steering, followUp }));
    this.reportProblem = options.onProblem ?? ((error) => process.stderr.write(`pith: ${error.message}\n`));
    this.hookTable = new HookTable(this.reportProblem);
    this.hooks = this.hookTable.kernel;
    this.registry = new KernelRegistry(this.reportProblem);
    this.events = new EventQueue((error, event) =>
      this.reportProblem(new PithError("EVENT_LISTENER_FAILED", `a listener failed on ${event.type}: ${errorMessage(error)}`, { cause: error })),
    );
    this.events.add((event) => (isTapped(this.hooks.event) ? this.hooks.event.promise(event) : undefined));
  }

  // ---- state -------------------------------------------------------------------------------------------

  get model(): Model | undefined {
    return this.currentModel;
  }

  get thinkingLevel(): ThinkingLevel {
    return this.level;
  }

  get isStreaming(): boolean {
    return this.running !== undefined;
  }

  get messages(): readonly AgentMessage[] {
    return this.conversation;
  }

  get systemPrompt(): string {
    return this.prompts.text;
  }

  /** the system prompt's named sections, as the `system_prompt` handlers last built them */
  get systemPromptSections(): Readonly<Record<string, string>> { return this.prompts.sections; }

  getState(): SessionState {
    return {
      model: this.currentModel,
      thinkingLevel: this.level,
      isStreaming: this.isStreaming,
      messages: this.conversation,
      systemPrompt: this.systemPrompt,
      steeringMode: this.queues.steering.mode,
      followUpMode: this.queues.followUps.mode,
      pendingMessageCount: this.queues.length,
      pendingMessages: [...this.queues.steering.messages, ...this.queues.followUps.messages],
    };
  }

  report(error: PithError): void {
    this.reportProblem(error);
  }

  // ---- events ------------------------------------------------------------------------------------------

  emit(event: SessionEvent): void {
    if (isTapped(this.hooks.event_emitted)) this.hooks.event_emitted.call(event);
    this.events.push(event);
  }

  subscribe(listener: SessionListener): () => void {
    return this.events.add(listener);
  }

  /** Resolves when every event emitted so far has reached every consumer. */
  drainEvents(): Promise<void> {
    return this.events.drain();
  }


  // ---- configuration -----------------------------------------------------------------------------------

  async setModel(model: Model, source: "set" | "cycle" | "restore" = "set"): Promise<void> {
    const previousModel = this.currentModel;
    this.currentModel = model;
    const clamped = this.clampLevel(model, this.level);
    if (previousModel?.provider !== model.provider || previousModel?.id !== model.id) {
      if (isTapped(this.hooks.model_select)) await this.hooks.model_select.promise({ model, previousModel, source });
    }
    if (clamped !== this.level) await this.applyThinkingLevel(clamped);
  }

  async setThinkingLevel(level: ThinkingLevel): Promise<void> {
    await this.applyThinkingLevel(this.clampLevel(this.currentModel, level));
  }

  private async applyThinkingLevel(level: ThinkingLevel): Promise<void> {
    const previousLevel = this.level;
    if (previousLevel === level) return;
    this.level = level;
    // Start-up configuration is not a change anyone needs to hear about; later changes are.
    if (this.started) this.emit({ type: "thinking_level_changed", level });
    if (isTapped(this.hooks.thinking_level_select)) await this.hooks.thinking_level_select.promise({ level, previousLevel });
  }

  setSteeringMode(mode: QueueMode): void {
    this.queues.steering.mode = mode;
  }

  setFollowUpMode(mode: QueueMode): void {
    this.queues.followUps.mode = mode;
  }

  /** Replaces the conversation (resume, tree navigation, compaction), in place: a running loop holds this same array. */
  replaceMessages(messages: AgentMessage[]): void {
    const copy = messages.slice();
    this.conversation.length = 0;
    for (const message of copy) this.conversation.push(message);
  }

  /** Appends a message outside a run (e.g. a bash execution record) and emits its events. */
  async appendMessage(message: AgentMessage): Promise<void> {
    this.conversation.push(message);
    this.emit({ type: "message_start", message });
    this.emit({ type: "message_end", message });
    await this.drainEvents();
  }

  allTools(): ToolDefinition[] {
    return this.registry.tools.values();
  }

  activeToolNames(): string[] {
    return this.registry.tools.names().filter((name) => this.active.has(name));
  }

  /** Unknown names are ignored; takes effect on the next model call. */
  setActiveTools(names: string[]): void {
    this.active = new Set(names.filter((name) => this.registry.tools.has(name)));
    this.prompts.stale = true;
  }

  /** Used by the plugin host when a tool is registered. */
  activateTool(name: string, active: boolean): void {
    if (active) this.active.add(name);
    else this.active.delete(name);
    this.prompts.stale = true;
  }

  refreshSystemPrompt(): Promise<string> {
    return this.prompts.refresh(this.hooks, this.cwd, this.activeTools());
  }

  private activeTools(): ToolDefinition[] {
    return this.activeToolNames().map((name) => this.registry.tools.get(name) as ToolDefinition);
  }

  /** Before a turn's model call: the prompt follows tool changes, and `turn_prepare` handlers may add messages. */
  private async prepareTurn(messages: AgentMessage[]): Promise<AgentMessage[]> {
    if (this.prompts.stale) await this.refreshSystemPrompt();
    if (!isTapped(this.hooks.turn_prepare)) return messages;
    const state = { messages, conversation: this.conversation, sections: this.prompts.sections, tools: this.activeTools() };
    return (await this.hooks.turn_prepare.promise(state)).messages;
  }

  // ---- the prompt pipeline -----------------------------------------------------------------------------

  /**
   * pi's nine stages: (1) command, (2) `input`, (3) expansion, (4) queue while streaming, (5) model and key,
   * (6) pre-prompt checks, (7) messages, (8) `before_agent_start`, (9) run until the `after_run` handlers
   * (retry, overflow compaction) are done. Resolves when the run it started is over (at once when the text was
   * queued or handled).
   */
  async prompt(text: string, options: PromptOptions = {}): Promise<PromptDisposition> {
    const source: InputSource = options.source ?? "sdk";
    const expand = options.expand !== false;
    let images: ImageContent[] | undefined;

    if (expand && text.startsWith("/") && (await runCommand(text, source, this.registry.commands, this.hooks))) return "handled";
    const queueing = this.isStreaming ? options.streamingBehavior : undefined;
    const input = await transformInput(this.hooks, { text, images: options.images, source, expand, streamingBehavior: queueing });
    if (input === "handled") return "handled";
    ({ text, images } = input);

    if (this.isStreaming) {
      if (options.streamingBehavior === "steer" || options.streamingBehavior === "followUp") {
        this.queueMessage(userMessage(text, images), options.streamingBehavior);
        return "queued";
      }
      throw new PithError(
        "AGENT_BUSY",
        "The agent is already working on a prompt. Queue this one with streamingBehavior \"steer\" or \"followUp\", or wait until it is done.",
      );
    }
    await this.runExclusive(async (model, signal) => {
      if (isTapped(this.hooks.before_prompt)) await this.hooks.before_prompt.promise({ model, text, images, signal });
      return { prompts: [userMessage(text, images)], opening: { messageType: "user", prompt: text, images } };
    });
    return "started";
  }

  /**
   * Runs the loop on the current conversation; with `trigger`, that message opens the run as a prompt does
   * (`before_agent_start` is asked, with `messageType: "custom"`).
   */
  async continue(options: { trigger?: CustomMessage } = {}): Promise<void> {
    if (this.isStreaming) throw new PithError("AGENT_BUSY", "The agent is already working; wait for it before continuing.");
    const { trigger } = options;
    await this.runExclusive(async () => (trigger ? { prompts: [trigger], opening: { messageType: "custom", prompt: "", message: trigger } } : { prompts: [] }));
  }

  /**
   * Stages 5 to 9. The session counts as busy from the call on (a prompt has passed the queueing stage), so nothing
   * slips in; `open` makes the run's opening messages, and `before_agent_start` (stage 8) is asked about them.
   */
  private async runExclusive(open: (model: Model, signal: AbortSignal) => Promise<{ prompts: AgentMessage[]; opening?: RunOpening }>): Promise<void> {
    let release!: () => void;
    this.running = new Promise<void>((resolve) => (release = resolve));
    const controller = (this.runController = new AbortController());
    try {
      const model = this.requireModel();
      await this.resolveAuth(model);
      const { prompts, opening } = await open(model, controller.signal);
      if (this.prompts.stale) await this.refreshSystemPrompt();
      if (opening && isTapped(this.hooks.before_agent_start)) {
        const state = await this.hooks.before_agent_start.promise({ ...opening, systemPrompt: this.prompts.base, messages: [] });
        prompts.push(...state.messages);
        if (state.systemPrompt !== this.prompts.base) this.prompts.forRun = state.systemPrompt;
      }
      await runUntilSettled(prompts, this.loopContext(controller.signal));
    } finally {
      this.prompts.forRun = undefined;
      this.runController = undefined;
      this.running = undefined;
      release();
    }
  }

  /**
   * Queues typed text as steering or a follow-up the way pi's `steer` / `follow_up` do: skills and templates are
   * expanded, and a command is refused, since a command cannot wait in a queue.
   */
  async queuePrompt(
    text: string,
    options: { as: "steer" | "followUp"; images?: ImageContent[]; source?: InputSource },
  ): Promise<"queued" | "handled"> {
    const source = options.source ?? "sdk";
    if (text.startsWith("/")) {
      const name = text.slice(1).split(" ", 1)[0]!;
      if (this.registry.commands.has(name)) {
        throw new PithError("COMMAND_NOT_QUEUEABLE", `/${name} is a command; commands run at once and cannot be queued. Send it as a prompt instead.`);
      }
    }
    const input = await transformInput(this.hooks, { text, images: options.images, source, expand: true, streamingBehavior: this.isStreaming ? options.as : undefined });
    if (input === "handled") return "handled";
    this.queueMessage(userMessage(input.text, input.images), options.as);
    return "queued";
  }

  steer(text: string, images?: ImageContent[]): void {
    this.queueMessage(userMessage(text, images), "steer");
  }

  followUp(text: string, images?: ImageContent[]): void {
    this.queueMessage(userMessage(text, images), "followUp");
  }

  /** Queues a message a plugin injects (pi's `sendMessage` while streaming). */
  queueMessage(message: CustomMessage | UserMessage, as: "steer" | "followUp"): void {
    this.queues.push(message, as);
  }

  /** Takes every queued steering and follow-up message out of the queues (pi's `clearQueue`): their texts. */
  clearQueue(): ClearedQueues {
    return this.queues.clear();
  }

  /** Cancels the running turn and any pending retry wait; resolves once the session is idle. */
  async abort(): Promise<void> {
    this.runController?.abort();
    await this.waitForIdle();
  }

  async waitForIdle(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
    await this.drainEvents();
  }

  /** Announces a ready session to plugins (`session_start`); configuration changes after this emit events. */
  async start(reason: SessionStartEvent["reason"] = "startup", previousSessionFile?: string): Promise<void> {
    this.started = true;
    if (isTapped(this.hooks.session_start)) await this.hooks.session_start.promise({ reason, previousSessionFile });
  }

  /** Stops any run and tells every plugin the session leaves its conversation (a reload or a move); the session goes on. */
  async leave(reason: Exclude<SessionEndReason, "quit">, targetSessionFile?: string): Promise<void> {
    await this.abort();
    if (isTapped(this.hooks.session_shutdown)) await this.hooks.session_shutdown.promise({ reason, targetSessionFile });
  }

  /** ends the session for good (`session_shutdown{reason: "quit"}`); `leave` is for reloads and moves */
  async dispose(reason: "quit" = "quit"): Promise<void> {
    await this.abort();
    if (isTapped(this.hooks.session_shutdown)) await this.hooks.session_shutdown.promise({ reason });
    await this.drainEvents();
  }

  private requireModel(): Model {
    if (this.currentModel) return this.currentModel;
    throw new PithError("NO_MODEL", "No model is selected. Pass --model <provider/id> (see --list-models), or set an API key such as ANTHROPIC_API_KEY or OPENAI_API_KEY.");
  }

  private async resolveAuth(model: Model) {
    if (!this.registry.providers.has(model.api)) {
      throw new PithError("NO_PROVIDER", `No provider plugin handles the "${model.api}" API of model ${model.provider}/${model.id}.`);
    }
    const signal = this.runController?.signal ?? new AbortController().signal;
    return isTapped(this.hooks.resolve_auth) ? await this.hooks.resolve_auth.promise({ model, signal }) : undefined;
  }

  private loopContext(signal: AbortSignal): LoopContext {
    return {
      hooks: this.hooks,
      cwd: this.cwd,
      signal,
      messages: this.conversation,
      emit: (event) => this.emit(event),
      drainEvents: () => this.drainEvents(),
      eventBacklog: () => this.events.whenCaughtUp(),
      validateArguments: this.validateArguments,
      activeTools: () => new Map(this.activeToolNames().map((name) => [name, this.registry.tools.get(name) as ToolDefinition])),
      callableTools: () => new Map(this.registry.tools.names().map((name) => [name, this.registry.tools.get(name) as ToolDefinition] as const).filter(([name, { exposure = "direct" }]) => exposure === "codemode" || exposure === "deferred" || (exposure === "direct" && this.active.has(name)))),
      thinkingLevel: () => this.level,
      streamAssistant: (messages, streamSignal) => streamFromProvider(this, this.requireModel(), messages, streamSignal),
      prepareTurn: (messages) => this.prepareTurn(messages),
      takeSteering: () => this.queues.take("steer"),
      takeFollowUp: () => this.queues.take("followUp"),
      report: (error) => this.reportProblem(error),
    };
  }

}

/** What opens a run, as `before_agent_start` is told it. */
type RunOpening = Omit<BeforeAgentStartState, "systemPrompt" | "messages">;
