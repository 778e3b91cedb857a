// pi 1.6.0's `AgentSession` (dist/core/agent-session.d.ts) over a session pith assembled: what an extension running
// a sub-session calls (prompting, queues, events, model and thinking, tools, compaction, storage, disposal), each
// answered by the kernel session or the service of pith's that does the same work. pi's synchronous setters
// (`setThinkingLevel`, `setActiveToolsByName`...) apply at once and finish their announcements in the background.
import { PithError, type AgentMessage, type AgentSession as KernelSession, type ImageContent, type Model, type PithServices, type QueueMode, type ServiceName, type SessionEvent, type ThinkingLevel } from "../../../../kernel/index.js";
import { supportedThinkingLevels } from "../../../../lib/provider-kit/thinking-levels.js";
import { requireService } from "../../../session-control/require-service.js";
import type { PiResourceLoaderShape } from "./pi-session-options.js";
import { piSessionEvent, type PiSessionEvent } from "./session-events.js";

/** `prompt()`'s options in pi 1.6.0. */
export interface PiPromptOptions {
  expandPromptTemplates?: boolean;
  images?: ImageContent[];
  streamingBehavior?: "steer" | "followUp";
  source?: string;
  preflightResult?: (disposition: "started" | "queued" | "handled") => void;
}

/** What the shim keeps beside pith's session: the caller's own option objects, handed back as pi does. */
export interface SessionExtras {
  settingsManager?: object;
  resourceLoader?: PiResourceLoaderShape;
  modelRuntime?: object;
  scopedModels?: readonly { model: Model; thinkingLevel?: ThinkingLevel }[];
}

/** each session's inner parts, for the runtime's moves (a move hands the conversation to a new object, as pi's do) */
const internals = new WeakMap<AgentSession, { inner: KernelSession; extras: SessionExtras; retire(): void }>();

/** the token only the shim's factory holds: pi's constructor takes pi's Agent, which pith does not have */
const FROM_PITH = Symbol("pith session");

export class AgentSession {
  private readonly pending = new Set<Promise<unknown>>();
  /** the callers' subscriptions, which end with disposal as pi's do */
  private readonly listeners = new Set<() => void>();
  private disposal: Promise<void> | undefined;
  /** disposed, or replaced by a runtime's move */
  private retired = false;
  private scoped: { model: Model; thinkingLevel?: ThinkingLevel }[];
  private queues: { steering: readonly string[]; followUp: readonly string[] } = { steering: [], followUp: [] };

  constructor(
    token: typeof FROM_PITH,
    private readonly inner: KernelSession,
    private readonly extras: SessionExtras,
  ) {
    if (token !== FROM_PITH) {
      throw new PithError("EXTENSION_API_UNSUPPORTED", `new AgentSession(config) needs pi's own Agent, which pith does not provide; create sessions with createAgentSession() (see docs/compatibility.md).`);
    }
    this.scoped = [...(extras.scopedModels ?? [])];
    internals.set(this, { inner, extras, retire: () => this.retire() });
    // the kernel reports its queues in queue_update events; pi's getters read the latest
    inner.subscribe((event) => {
      if (event.type === "queue_update") this.queues = { steering: [...event.steering], followUp: [...event.followUp] };
    });
  }

  static wrap(inner: KernelSession, extras: SessionExtras): AgentSession {
    return new AgentSession(FROM_PITH, inner, extras);
  }

  // ---- state ---------------------------------------------------------------------------------------------------

  get sessionManager(): PithServices["sessions"]["manager"] | undefined {
    return this.service("sessions")?.manager;
  }
  get settingsManager(): object | undefined {
    return this.extras.settingsManager ?? this.service("settings");
  }
  get resourceLoader(): PiResourceLoaderShape | undefined {
    return this.extras.resourceLoader;
  }
  get modelRuntime(): object | undefined {
    return this.extras.modelRuntime ?? this.service("models");
  }
  get messages(): AgentMessage[] {
    return [...this.inner.messages];
  }
  /** pi-agent-core's `AgentState` as read: prompt, model, level, tools, transcript, whether a run is on */
  get state(): { systemPrompt: string; model: Model | undefined; thinkingLevel: ThinkingLevel; tools: unknown[]; messages: AgentMessage[]; isStreaming: boolean; pendingToolCalls: ReadonlySet<string>; errorMessage?: string } {
    const active = new Set(this.inner.activeToolNames());
    const last = this.inner.messages.at(-1) as { role?: string; errorMessage?: string } | undefined;
    return {
      systemPrompt: this.inner.systemPrompt,
      model: this.inner.model,
      thinkingLevel: this.inner.thinkingLevel,
      tools: this.inner.allTools().filter((tool) => active.has(tool.name)),
      messages: this.messages,
      isStreaming: this.inner.isStreaming,
      pendingToolCalls: new Set(),
      ...(last?.role === "assistant" && last.errorMessage ? { errorMessage: last.errorMessage } : {}),
    };
  }
  get model(): Model | undefined {
    return this.inner.model;
  }
  get thinkingLevel(): ThinkingLevel {
    return this.inner.thinkingLevel;
  }
  get isStreaming(): boolean {
    return this.inner.isStreaming;
  }
  get isIdle(): boolean {
    return !this.inner.isStreaming && !this.isCompacting;
  }
  get isCompacting(): boolean {
    return this.service("sessionInfo")?.state().isCompacting ?? false;
  }
  get systemPrompt(): string {
    return this.inner.systemPrompt;
  }
  get sessionFile(): string | undefined {
    return this.sessionManager?.getSessionFile();
  }
  get sessionId(): string {
    return this.inner.sessionId;
  }
  get sessionName(): string | undefined {
    return this.sessionManager?.getSessionName();
  }
  get steeringMode(): QueueMode {
    return this.inner.getState().steeringMode;
  }
  get followUpMode(): QueueMode {
    return this.inner.getState().followUpMode;
  }
  get pendingMessageCount(): number {
    return this.inner.getState().pendingMessageCount;
  }
  get scopedModels(): ReadonlyArray<{ model: Model; thinkingLevel?: ThinkingLevel }> {
    return this.scoped;
  }
  setScopedModels(scopedModels: { model: Model; thinkingLevel?: ThinkingLevel }[]): void {
    this.scoped = [...scopedModels];
  }
  get autoCompactionEnabled(): boolean {
    return this.service("sessionInfo")?.state().autoCompactionEnabled ?? false;
  }

  // ---- events --------------------------------------------------------------------------------------------------

  /** pi's session events, in order; the events pith adds for its own modes are left out */
  subscribe(listener: (event: PiSessionEvent) => void): () => void {
    const unsubscribe = this.inner.subscribe((event: SessionEvent) => {
      const piEvent = piSessionEvent(event);
      if (piEvent) listener(piEvent);
    });
    this.listeners.add(unsubscribe);
    return () => {
      this.listeners.delete(unsubscribe);
      unsubscribe();
    };
  }

  // ---- prompting -----------------------------------------------------------------------------------------------

  async prompt(text: string, options: PiPromptOptions = {}): Promise<void> {
    this.assertLive();
    const disposition = await this.track(
      this.inner.prompt(text, {
        images: options.images,
        streamingBehavior: options.streamingBehavior,
        expand: options.expandPromptTemplates ?? true,
        source: (options.source ?? "interactive") as "sdk",
      }),
    );
    options.preflightResult?.(disposition);
  }

  steer(text: string, images?: ImageContent[], options: { source?: string } = {}): Promise<"queued" | "handled"> {
    this.assertLive();
    return this.inner.queuePrompt(text, { as: "steer", images, source: (options.source ?? "interactive") as "sdk" });
  }

  followUp(text: string, images?: ImageContent[], options: { source?: string } = {}): Promise<"queued" | "handled"> {
    this.assertLive();
    return this.inner.queuePrompt(text, { as: "followUp", images, source: (options.source ?? "interactive") as "sdk" });
  }

  /** always a turn; while a run is on, queued as `deliverAs` says (pi: no expansion unless asked) */
  async sendUserMessage(content: string | { type: string; text?: string }[], options: { deliverAs?: "steer" | "followUp"; expandPromptTemplates?: boolean } = {}): Promise<void> {
    const parts = typeof content === "string" ? [{ type: "text", text: content }] : content;
    const text = parts.flatMap((part) => (part.type === "text" && part.text !== undefined ? [part.text] : [])).join("\n");
    const images = parts.filter((part): part is ImageContent & { type: string } => part.type === "image");
    await this.prompt(text, { images, expandPromptTemplates: options.expandPromptTemplates ?? false, streamingBehavior: this.isStreaming ? (options.deliverAs ?? "steer") : undefined });
  }

  clearQueue(): { steering: string[]; followUp: string[] } {
    return this.inner.clearQueue();
  }
  getSteeringMessages(): readonly string[] {
    return this.queues.steering;
  }
  getFollowUpMessages(): readonly string[] {
    return this.queues.followUp;
  }

  /** stops the run, its tools, a retry wait and a compaction; resolves once the session is idle */
  async abort(): Promise<void> {
    this.service("retry")?.abortRetry();
    this.service("compaction")?.abort();
    await this.inner.abort();
  }

  waitForIdle(): Promise<void> {
    return this.inner.waitForIdle();
  }

  // ---- model and thinking --------------------------------------------------------------------------------------

  /** fails when the model's provider has no key, as pi's does; saved as the default only with `persist` */
  async setModel(model: Model, options: { persist?: boolean } = {}): Promise<void> {
    this.assertLive();
    const known = this.service("models")?.find(model.provider, model.id);
    if (known) await this.need("sessionControl", "change the model").setModel(model.provider, model.id, options);
    else await this.inner.setModel(model);
  }

  cycleModel(direction?: "forward" | "backward", options: { persist?: boolean } = {}): Promise<{ model: Model; thinkingLevel: ThinkingLevel; isScoped: boolean } | undefined> {
    this.assertLive();
    return this.need("sessionControl", "cycle models").cycleModel(direction, options);
  }

  /** clamped to what the model supports */
  setThinkingLevel(level: ThinkingLevel): void {
    this.assertLive();
    this.background(this.inner.setThinkingLevel(level));
  }

  cycleThinkingLevel(): ThinkingLevel | undefined {
    const levels = this.getAvailableThinkingLevels();
    if (!this.supportsThinking()) return undefined;
    const next = levels[(levels.indexOf(this.inner.thinkingLevel) + 1) % levels.length]!;
    this.setThinkingLevel(next);
    return next;
  }

  getAvailableThinkingLevels(): ThinkingLevel[] {
    return supportedThinkingLevels(this.inner.model);
  }
  supportsThinking(): boolean {
    return this.inner.model?.reasoning === true;
  }

  // ---- tools ---------------------------------------------------------------------------------------------------

  getActiveToolNames(): string[] {
    return this.inner.activeToolNames();
  }
  getAllTools(): { name: string; description: string; parameters: unknown }[] {
    return this.inner.allTools().map((tool) => ({ name: tool.name, description: tool.description, parameters: tool.parameters }));
  }
  getToolDefinition(name: string): object | undefined {
    return this.inner.allTools().find((tool) => tool.name === name);
  }
  /** unknown names are ignored, as pi does */
  setActiveToolsByName(toolNames: string[]): void {
    const known = new Set(this.inner.registry.tools.names());
    this.inner.setActiveTools(toolNames.filter((name) => known.has(name)));
  }

  // ---- compaction, retry, bash ---------------------------------------------------------------------------------

  async compact(customInstructions?: string): Promise<unknown> {
    this.assertLive();
    const result = await this.track(this.need("compaction", "compact").compact(customInstructions));
    await this.inner.drainEvents();
    return result;
  }
  abortCompaction(): void {
    this.service("compaction")?.abort();
  }
  abortRetry(): void {
    this.service("retry")?.abortRetry();
  }
  executeBash(command: string, _onChunk?: (chunk: string) => void, options: { excludeFromContext?: boolean } = {}): Promise<unknown> {
    this.assertLive();
    return this.track(this.need("userBash", "run a bash command").execute(command, options));
  }
  abortBash(): void {
    this.service("userBash")?.abort();
  }

  // ---- the stored session --------------------------------------------------------------------------------------

  setSessionName(name: string): void {
    this.need("sessionInfo", "name the session").setName(name);
  }
  getLastAssistantText(): string | undefined {
    return this.service("sessionInfo")?.lastAssistantText();
  }
  getSessionStats(): ReturnType<PithServices["sessionInfo"]["stats"]> {
    return this.need("sessionInfo", "report session statistics").stats();
  }
  getContextUsage(): ReturnType<PithServices["sessionInfo"]["stats"]>["contextUsage"] {
    return this.service("sessionInfo")?.stats().contextUsage;
  }
  getUserMessagesForForking(): { entryId: string; text: string }[] {
    return this.service("sessionInfo")?.forkPoints() ?? [];
  }
  navigateTree(targetId: string, options?: { summarize?: boolean; customInstructions?: string; replaceInstructions?: boolean; label?: string }): Promise<unknown> {
    this.assertLive();
    return this.track(this.need("sessionControl", "navigate the session tree").navigateTree(targetId, options));
  }
  exportToHtml(outputPath?: string): Promise<string> {
    return this.track(this.need("sessionExport", "export the session").html(outputPath));
  }
  /** pith's extensions bound when the session was made, and heard session_start then */
  async bindExtensions(_bindings: object = {}): Promise<void> {
    this.assertLive();
  }
  reload(): Promise<void> {
    this.assertLive();
    return this.track(this.need("sessionControl", "reload").reload());
  }

  // ---- lifecycle -----------------------------------------------------------------------------------------------

  /**
   * Ends the callers' subscriptions at once, stops what runs (reply, tools, retry wait, compaction, bash), waits for
   * this object's calls, then shuts the session's plugins down (its file and lock are closed; its extensions hear
   * session_shutdown). pi declares it `void`; the promise is there for callers that want to wait.
   */
  dispose(): Promise<void> {
    this.disposal ??= (async () => {
      this.retire();
      this.abortBash();
      await this.abort();
      await Promise.allSettled([...this.pending]);
      await this.inner.dispose();
    })();
    return this.disposal;
  }

  /** a runtime moved the conversation on: this object's subscriptions end and it refuses further use */
  private retire(): void {
    for (const unsubscribe of this.listeners) unsubscribe();
    this.listeners.clear();
    this.retired = true;
  }

  private background(operation: Promise<unknown>): void {
    this.track(operation).catch((error: unknown) => this.inner.report(error instanceof PithError ? error : new PithError("EXTENSION_ERROR", String(error))));
  }

  private track<T>(operation: Promise<T>): Promise<T> {
    this.pending.add(operation);
    const forget = () => void this.pending.delete(operation);
    operation.then(forget, forget);
    return operation;
  }

  private assertLive(): void {
    if (this.retired) throw new PithError("SESSION_DISPOSED", "This session was disposed, or its runtime moved on to another (use runtime.session); create another one with createAgentSession().");
  }

  private service<K extends ServiceName>(name: K): PithServices[K] | undefined {
    return this.inner.registry.services.get(name) as PithServices[K] | undefined;
  }

  private need<K extends ServiceName>(name: K, action: string): PithServices[K] {
    return requireService((service) => this.service(service), name, action);
  }
}

/**
 * The session object after a runtime's move (new session, switch, fork): the same pith session in a new object, and
 * the old one retired, so that subscriptions belong to the object they were made on, as in pi 1.6.0.
 */
export function successorOf(session: AgentSession): AgentSession {
  const parts = internals.get(session);
  if (!parts) throw new PithError("EXTENSION_SDK_OPTION_INVALID", "AgentSessionRuntime got a session createAgentSession did not make.");
  parts.retire();
  return AgentSession.wrap(parts.inner, parts.extras);
}

/** The pith session behind a session object, for the runtime's moves. */
export function innerSession(session: AgentSession): KernelSession | undefined {
  return internals.get(session)?.inner;
}
