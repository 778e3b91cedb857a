// The session API the modes use: every command RPC offers is a typed method here, over the kernel's session
// and the services its plugins provide. RPC maps its JSON commands onto the same calls.
import { type AgentSession, PithError, type AgentMessage, type ImageContent, type Model, type ThinkingLevel, type QueueMode, type ClearedQueues, type PromptDisposition, type PromptOptions, type SessionListener, type PluginTiming, type PithServices, type ServiceName } from "../../kernel/index.js";
import { supportedThinkingLevels } from "../../lib/provider-kit/thinking-levels.js";
import type { SettingsManager } from "../../plugins/settings/index.js";
import type { CompactionResult } from "../../plugins/compaction/index.js";
import type { McpServerStatus, McpSignInRequest, McpSignInResult } from "../../plugins/mcp/index.js";
import type { ForkPosition } from "../../plugins/sessions/index.js";
import type {
  BashResult,
  CatalogCommand,
  CycledModel,
  EntriesReport,
  ForkPoint,
  TreeReport,
  SessionStateReport,
  SessionStatsReport,
  UserBashOptions,
} from "../../plugins/rpc/index.js";
import type { CreatedSession } from "../create-agent-session.js";
import { closePhasePassed } from "./close-phase.js";
import type {
  ForkMoveResult,
  MoveResult,
  NavigateTreeOptions,
  NavigateTreeResult,
  NewSessionOptions,
  SessionControlService,
} from "../../plugins/session-control/index.js";
import { requireService, serviceOf } from "./services.js";

export class PithSession {
  /** the kernel session: hooks, registry, the raw state */
  readonly agent: AgentSession;
  readonly settings: SettingsManager;
  readonly timings: readonly PluginTiming[];
  /** things the user should know from start-up, e.g. a model id that was not in the catalogue */
  readonly warnings: readonly string[];
  private readonly inFlight = new Set<Promise<unknown>>();
  private disposal: Promise<void> | undefined;

  constructor(created: CreatedSession) {
    this.agent = created.session;
    this.settings = created.settings;
    this.timings = created.timings;
    this.warnings = created.warnings;
  }

  // ---- identity and state ------------------------------------------------------------------------------

  get cwd(): string {
    return this.agent.cwd;
  }

  get sessionId(): string {
    return this.agent.sessionId;
  }

  /** undefined for sessions kept in memory */
  get sessionFile(): string | undefined {
    return serviceOf(this.agent, "sessions")?.manager.getSessionFile();
  }

  get model(): Model | undefined {
    return this.agent.model;
  }

  get thinkingLevel(): ThinkingLevel {
    return this.agent.thinkingLevel;
  }

  get isStreaming(): boolean {
    return this.agent.isStreaming;
  }

  get isDisposed(): boolean {
    return this.disposal !== undefined;
  }

  /** pi's `get_state` */
  getState(): SessionStateReport {
    return this.need("sessionInfo", "report the session state").state();
  }

  /** the conversation as the model sees it (a copy) */
  getMessages(): AgentMessage[] {
    return [...this.agent.messages];
  }

  /** pi's `get_session_stats`, with `contextUsage` from the compaction service's estimate */
  getSessionStats(): SessionStatsReport {
    return this.need("sessionInfo", "report session statistics").stats();
  }

  /** the last reply's text (an aborted empty reply is skipped); undefined when there is none */
  getLastAssistantText(): string | undefined {
    return this.need("sessionInfo", "read the last reply").lastAssistantText();
  }

  /** every user message of the session, in file order (all branches): where `fork` can start */
  getForkMessages(): ForkPoint[] {
    return this.need("sessionInfo", "list fork points").forkPoints();
  }

  /** every entry of the session file in append order, or those after the entry `since` */
  getEntries(since?: string): EntriesReport {
    return this.need("sessionInfo", "list the session's entries").entries(since);
  }

  getTree(): TreeReport {
    return this.need("sessionInfo", "read the session tree").tree();
  }

  /** slash commands: registered ones, then prompt templates, then skills */
  getCommands(): CatalogCommand[] {
    return this.need("commandCatalog", "list commands").list();
  }

  subscribe(listener: SessionListener): () => void {
    return this.agent.subscribe(listener);
  }

  // ---- prompting ---------------------------------------------------------------------------------------

  /** Resolves when the answer is complete (retries and compaction included), with what became of the prompt. */
  prompt(text: string, options?: PromptOptions): Promise<PromptDisposition> {
    this.assertLive();
    return this.track(this.agent.prompt(text, options));
  }

  /** delivered after the tool calls of the current reply; skills and templates are expanded, commands refused */
  steer(text: string, images?: ImageContent[]): Promise<"queued" | "handled"> {
    this.assertLive();
    return this.agent.queuePrompt(text, { as: "steer", images });
  }

  /** delivered when the agent would otherwise stop; skills and templates are expanded, commands refused */
  followUp(text: string, images?: ImageContent[]): Promise<"queued" | "handled"> {
    this.assertLive();
    return this.agent.queuePrompt(text, { as: "followUp", images });
  }

  /** stops the running reply, its tools and any retry wait; resolves once the session is idle */
  abort(): Promise<void> {
    return this.agent.abort();
  }

  /** empties the steering and follow-up queues and returns their texts (send before `abort` to mimic Esc) */
  clearQueue(): ClearedQueues {
    return this.agent.clearQueue();
  }

  waitForIdle(): Promise<void> {
    return this.agent.waitForIdle();
  }

  // ---- sessions ----------------------------------------------------------------------------------------

  newSession(options?: NewSessionOptions): Promise<MoveResult> {
    this.assertLive();
    return this.track(this.control("start a new session").newSession(options));
  }

  /** a stored session of this project, by file path or id prefix */
  switchSession(session: string, options: { signal?: AbortSignal } = {}): Promise<MoveResult> {
    this.assertLive();
    return this.track(this.control("switch sessions").switchSession(session, options));
  }

  /** `before` (default) a user message, whose text comes back for editing; or `at` any entry */
  fork(entryId: string, position: ForkPosition = "before"): Promise<ForkMoveResult> {
    this.assertLive();
    return this.track(this.control("fork the session").fork(entryId, position));
  }

  clone(): Promise<MoveResult> {
    this.assertLive();
    return this.track(this.control("clone the session").clone());
  }

  navigateTree(targetId: string, options?: NavigateTreeOptions): Promise<NavigateTreeResult> {
    this.assertLive();
    return this.track(this.control("navigate the session tree").navigateTree(targetId, options));
  }

  /**
   * pi's `/reload`: extensions hear session_shutdown, settings, extensions (run again as new instances), context
   * files, skills and prompt templates are read again, then session_start{reason:"reload"} and resources_discover
   */
  reload(options: { signal?: AbortSignal } = {}): Promise<void> {
    this.assertLive();
    return this.track(this.control("reload").reload(options));
  }

  /** trimmed; an empty name is refused */
  setSessionName(name: string): void {
    this.assertLive();
    this.need("sessionInfo", "name the session").setName(name);
  }

  // ---- models and thinking -----------------------------------------------------------------------------

  /** A model with a key, by provider and id; or any Model object (a custom provider's). */
  setModel(provider: string, modelId: string): Promise<Model>;
  setModel(model: Model): Promise<Model>;
  async setModel(providerOrModel: string | Model, modelId?: string): Promise<Model> {
    this.assertLive();
    if (typeof providerOrModel !== "string") {
      await this.agent.setModel(providerOrModel);
      return providerOrModel;
    }
    if (modelId === undefined) throw new PithError("BAD_ARGUMENTS", "setModel(provider, modelId) needs the model id too.");
    return this.control("change the model").setModel(providerOrModel, modelId);
  }

  /** the next model with a key (`enabledModels` when set); undefined when there is at most one */
  cycleModel(direction?: "forward" | "backward"): Promise<CycledModel | undefined> {
    this.assertLive();
    return this.control("cycle models").cycleModel(direction);
  }

  /** models whose provider has a key */
  getAvailableModels(): Model[] {
    return this.need("models", "list models").availableModels();
  }

  /** clamped to what the model supports; resolves with the level in effect */
  async setThinkingLevel(level: ThinkingLevel): Promise<ThinkingLevel> {
    this.assertLive();
    await this.agent.setThinkingLevel(level);
    return this.agent.thinkingLevel;
  }

  /** the next level the model supports; undefined when the model has no reasoning */
  /** the levels the current model supports; ["off"] without reasoning */
  getAvailableThinkingLevels(): ThinkingLevel[] {
    return supportedThinkingLevels(this.agent.model);
  }

  cycleThinkingLevel(): Promise<ThinkingLevel | undefined> {
    this.assertLive();
    return this.need("modelSwitch", "cycle thinking levels").cycleThinkingLevel();
  }

  /** applied now and saved in the global settings, as pi does */
  setSteeringMode(mode: QueueMode, options: { signal?: AbortSignal } = {}): Promise<void> {
    this.assertLive();
    return this.control("change the steering mode").setSteeringMode(mode, options);
  }

  /** applied now and saved in the global settings, as pi does */
  setFollowUpMode(mode: QueueMode, options: { signal?: AbortSignal } = {}): Promise<void> {
    this.assertLive();
    return this.control("change the follow-up mode").setFollowUpMode(mode, options);
  }

  // ---- compaction and retry ----------------------------------------------------------------------------

  /**
   * Compacts now (a running reply is stopped first); resolves once its events were delivered. Throws when
   * there is nothing to compact, a plugin cancelled, or the summary failed.
   */
  compact(customInstructions?: string, options: { signal?: AbortSignal } = {}): Promise<CompactionResult> {
    this.assertLive();
    const compaction = this.need("compaction", "compact");
    return this.track(
      compaction.compact(customInstructions, options).then(async (result) => {
        await this.agent.drainEvents();
        return result;
      }),
    );
  }

  abortCompaction(): void {
    serviceOf(this.agent, "compaction")?.abort();
  }

  /** saved as `compaction.enabled` in the global settings */
  setAutoCompaction(enabled: boolean, options: { signal?: AbortSignal } = {}): Promise<void> {
    this.assertLive();
    return this.control("change auto-compaction").setAutoCompaction(enabled, options);
  }

  /** saved as `retry.enabled` in the global settings */
  setAutoRetry(enabled: boolean, options: { signal?: AbortSignal } = {}): Promise<void> {
    this.assertLive();
    return this.control("change auto-retry").setAutoRetry(enabled, options);
  }

  /** ends a pending retry wait; the prompt then ends with the failure */
  abortRetry(): void {
    serviceOf(this.agent, "retry")?.abortRetry();
  }

  // ---- the user's own shell commands -------------------------------------------------------------------

  /** runs in the session's folder and joins the conversation as a bashExecution message */
  executeBash(command: string, options?: UserBashOptions): Promise<BashResult> {
    this.assertLive();
    return this.track(this.need("userBash", "run a bash command").execute(command, options));
  }

  abortBash(): void {
    serviceOf(this.agent, "userBash")?.abort();
  }

  // ---- export ------------------------------------------------------------------------------------------

  /**
   * The active branch as a self-contained HTML page (pi's `exportToHtml`); default `pi-session-<file name>.html` in
   * the session's folder. Resolves to the path written.
   */
  exportToHtml(outputPath?: string, options: { signal?: AbortSignal } = {}): Promise<string> {
    return this.track(this.need("sessionExport", "export the session").html(outputPath, options));
  }

  /** The active branch as a session file of its own (pi's `exportToJsonl`). Resolves to the path written. */
  exportToJsonl(outputPath?: string, options: { signal?: AbortSignal } = {}): Promise<string> {
    return this.track(this.need("sessionExport", "export the session").jsonl(outputPath, options));
  }

  // ---- MCP servers -------------------------------------------------------------------------------------

  /** every MCP server with its state and tools, and the configuration's problems */
  getMcpServers(): { servers: McpServerStatus[]; problems: readonly string[] } {
    const mcp = this.need("mcp", "list MCP servers");
    return { servers: mcp.servers(), problems: mcp.problems() };
  }

  /** `persist` (default true) also saves it to the mcp.json that defines the server */
  setMcpServerEnabled(name: string, enabled: boolean, options: { persist?: boolean } = {}): Promise<{ savedTo?: string }> {
    return this.need("mcp", "enable or disable an MCP server").setEnabled(name, enabled, { persist: options.persist ?? true });
  }

  reconnectMcpServer(name: string): Promise<void> {
    return this.track(this.need("mcp", "reconnect an MCP server").reconnect(name));
  }

  /** OAuth sign-in; `onAuthorizationUrl` gets the page the user must open */
  signInMcpServer(name: string, request: McpSignInRequest): Promise<McpSignInResult> {
    return this.track(this.need("mcp", "sign in to an MCP server").signIn(name, request));
  }

  signOutMcpServer(name: string): Promise<boolean> {
    return this.need("mcp", "sign out of an MCP server").signOut(name);
  }

  // ---- lifecycle ---------------------------------------------------------------------------------------

  /**
   * Ends the session: stops the reply, its tools (their process groups), retry waits, compaction and bash
   * commands, waits for everything this object started, then shuts the plugins down (session files and
   * their locks are closed). Later calls resolve with the same disposal.
   */
  dispose(): Promise<void> {
    this.disposal ??= this.shutDown();
    return this.disposal;
  }

  private async shutDown(): Promise<void> {
    this.abortCompaction();
    this.abortRetry();
    this.abortBash();
    await this.agent.abort();
    await Promise.allSettled([...this.inFlight]);
    await this.agent.dispose();
    await closePhasePassed();
  }

  private track<T>(operation: Promise<T>): Promise<T> {
    this.inFlight.add(operation);
    const forget = () => void this.inFlight.delete(operation);
    operation.then(forget, forget);
    return operation;
  }

  private assertLive(): void {
    if (this.disposal) throw new PithError("SESSION_DISPOSED", "This session was disposed; create or resume another one.");
  }

  /** moves and saved choices: the session-control plugin's, the same calls RPC commands and extensions make */
  private control(action: string): SessionControlService {
    return this.need("sessionControl", action);
  }

  private need<K extends ServiceName>(name: K, action: string): PithServices[K] {
    return requireService(this.agent, name, action);
  }
}
