// Runs one compaction from start to end: events, the `session_before_compact` hook, the compactor, the entry
// in the session file, the rebuilt context, the `session_compact` hook. Triggers decide when; this decides how.
import { PithError, errorMessage, type AgentMessage, type Model, type PluginContext, type Usage } from "../../../kernel/index.js";
import type { SessionEntry } from "../../sessions/format/types.js";
import type { SessionsService } from "../../sessions/sessions-service.js";
import type { Compactor, CompactionReason, CompactionRequest, CompactionResult } from "../compactor.js";
import { compactionHooks } from "../compaction-hooks.js";
import { isTapped, type OwnedHooks } from "../../../kernel/index.js";
import { budgetFor, compactionSettingsFrom, type CompactionSettings } from "../compaction-settings.js";
import { contextExceeds, estimateContextTokens, type ContextEstimate } from "../tokens/context-tokens.js";
import { defaultCompactor, NOTHING_TO_COMPACT } from "../summary/default-compactor.js";
import { EventDelivery } from "./event-delivery.js";
import { modelAccessFrom } from "../summary/model-access.js";
import { prepareCompaction } from "../preparation/prepare-compaction.js";
import { SUMMARY_SYSTEM_PROMPT } from "../summary/prompts.js";
import { requestSummary, SUMMARY_ABORTED, UsageTally, type ModelAccess, type SendSummary, type Summarize } from "../summary/summary-call.js";
import { chooseSummaryModel, findConfiguredModel, type FindModel } from "../summary/summary-model.js";
import { estimateMessageTokens, estimateTextTokens } from "../tokens/token-estimate.js";
import type { SummarySource } from "../compaction-events.js";

export const COMPACTION_CANCELLED = "COMPACTION_CANCELLED";

export interface CompactionEngineOptions {
  /** take precedence over settings.json */
  settings?: Partial<CompactionSettings>;
}

export interface CompactionRun {
  reason: CompactionReason;
  customInstructions?: string;
  /** ends the compaction early (the prompt's signal for automatic ones) */
  signal?: AbortSignal;
  /** reported in compaction_end: the failed request is sent again after a successful compaction */
  willRetry: boolean;
}

/** What a compaction works on, read before it starts. */
interface Prepared {
  model: Model;
  branch: SessionEntry[];
  settings: CompactionSettings;
  preparation: NonNullable<ReturnType<typeof prepareCompaction>>;
}

/** An automatic compaction that stops for one of these never started: pi 1.6.0 emits no events for it. */
const NOT_STARTED = new Set([NOTHING_TO_COMPACT, "NO_MODEL"]);

export type CompactionOutcome =
  | { ok: true; result: CompactionResult }
  | { ok: false; error: PithError; aborted: boolean };

const FAILURE_PREFIX: Record<CompactionReason, string> = {
  manual: "Compaction failed",
  threshold: "Auto-compaction failed",
  overflow: "Context overflow recovery failed",
};

export class CompactionEngine {
  readonly hooks: OwnedHooks<"compaction">;
  readonly delivery: EventDelivery;
  readonly access: ModelAccess;
  private installed: Compactor = defaultCompactor;
  private active: AbortController | undefined;
  private readonly warned = new Set<string>();

  constructor(
    private readonly context: PluginContext,
    private readonly options: CompactionEngineOptions = {},
  ) {
    this.hooks = compactionHooks(context);
    this.delivery = new EventDelivery(context);
    this.access = modelAccessFrom(context);
  }

  get compactor(): Compactor {
    return this.installed;
  }

  setCompactor(compactor: Compactor | undefined): void {
    this.installed = compactor ?? defaultCompactor;
  }

  get isCompacting(): boolean {
    return this.active !== undefined;
  }

  abort(): void {
    this.active?.abort();
  }

  /** Settings for `model`, fitted to its window; each problem is logged once. */
  settingsFor(model: Model): CompactionSettings {
    const manager = this.context.tryUse("settings");
    const checked = compactionSettingsFrom(manager?.get(), this.options.settings);
    const inFiles = (key: "reserveTokens" | "keepRecentTokens") =>
      (["global", "project"] as const).some((scope) => {
        const compaction = manager?.fileSettings(scope).compaction;
        return typeof compaction === "object" && compaction !== null && (compaction as Record<string, unknown>)[key] !== undefined;
      });
    const chosen = (key: "reserveTokens" | "keepRecentTokens") => this.options.settings?.[key] !== undefined || (manager ? inFiles(key) : true);
    const fitted = budgetFor(checked.settings, model.contextWindow, `${model.provider}/${model.id}`, {
      reserveTokens: chosen("reserveTokens"),
      keepRecentTokens: chosen("keepRecentTokens"),
    });
    for (const warning of [...checked.warnings, ...fitted.warnings]) this.warnOnce(warning);
    return { ...checked.settings, ...fitted.budget };
  }

  /** The context's size: reported usage plus calibrated estimates, system prompt and tools included. */
  estimate(messages: readonly AgentMessage[] = this.context.session.messages): ContextEstimate {
    return estimateContextTokens(messages, { overheadTokens: this.overheadTokens() });
  }

  /** Whether the context's size (as `estimate` gives it) is over `limit`, reading no more than the answer needs. */
  exceeds(limit: number, messages: readonly AgentMessage[] = this.context.session.messages): boolean {
    return contextExceeds(messages, limit, { overheadTokens: this.overheadTokens() });
  }

  /** The window a summary request must fit: the larger of the session model's and compaction.model's. */
  summaryContextWindow(model: Model, settings: CompactionSettings): number {
    const configured = findConfiguredModel({ provider: settings.provider, model: settings.model }, model, this.modelFinder());
    return Math.max(model.contextWindow, configured?.contextWindow ?? 0);
  }

  /**
   * A summariser for the session's model, or `compaction.model` when set and large enough. A transient failure
   * is retried as the agent loop's are (when the retry plugin is loaded), announced with `source`.
   */
  summarizer(model: Model, settings: CompactionSettings, source: SummarySource, onUsage?: (usage: Usage) => void): Summarize {
    const find = this.modelFinder();
    const send = this.retryingSend(source);
    return (request) => {
      const needed = estimateTextTokens((request.systemPrompt ?? SUMMARY_SYSTEM_PROMPT) + request.prompt) + request.maxTokens;
      const choice = chooseSummaryModel(model, { provider: settings.provider, model: settings.model }, find, needed);
      if (choice.warning) this.warnOnce(choice.warning);
      const session = this.context.session;
      return requestSummary({ model: choice.model, access: this.access, thinkingLevel: session.thinkingLevel, sessionId: session.sessionId, send, onUsage }, request);
    };
  }

  private retryingSend(source: SummarySource): SendSummary | undefined {
    const retry = this.context.tryUse("retry");
    if (!retry) return undefined;
    const emit = this.context.emit.bind(this.context);
    return (produce, signal) =>
      retry.retryCall(produce, signal, {
        scheduled: (attempt, maxAttempts, delayMs, errorMessage) =>
          emit({ type: "summarization_retry_scheduled", attempt, maxAttempts, delayMs, errorMessage }),
        attemptStarted: () => emit({ type: "summarization_retry_attempt_start", ...source }),
        finished: () => emit({ type: "summarization_retry_finished" }),
      });
  }

  sessions(): SessionsService {
    const sessions = this.context.tryUse("sessions");
    if (!sessions) {
      throw new PithError("COMPACTION_NEEDS_SESSIONS", "Compaction records its result in the session: load the sessions plugin before the compaction plugin.");
    }
    return sessions;
  }

  /** Never throws: the outcome says what happened, and compaction_end has told everyone. */
  async run(run: CompactionRun): Promise<CompactionOutcome> {
    if (this.active) {
      return { ok: false, error: new PithError("COMPACTION_BUSY", "A compaction is already running; wait for it to finish."), aborted: false };
    }
    // An automatic compaction checks that there is something to compact before it announces itself.
    let prepared: Prepared | undefined;
    if (run.reason !== "manual") {
      try {
        prepared = this.prepare();
      } catch (thrown) {
        if (thrown instanceof PithError && NOT_STARTED.has(thrown.code)) {
          return { ok: false, error: thrown, aborted: false };
        }
      }
    }
    const controller = new AbortController();
    const stop = () => controller.abort();
    run.signal?.addEventListener("abort", stop, { once: true });
    if (run.signal?.aborted) controller.abort();
    this.active = controller;
    // whose compaction content was in use when it failed (session_compact_failed's fromExtension)
    const content = { fromExtension: false };
    try {
      await this.delivery.emitAndWait({ type: "compaction_start", reason: run.reason });
      const result = await this.compactNow(run, prepared ?? this.prepare(), controller.signal, content);
      this.context.emit({ type: "compaction_end", reason: run.reason, result, aborted: false, willRetry: run.willRetry });
      return { ok: true, result };
    } catch (thrown) {
      const error = thrown instanceof PithError ? thrown : new PithError("COMPACTION_FAILED", errorMessage(thrown), { cause: thrown });
      const aborted = controller.signal.aborted || error.code === SUMMARY_ABORTED || error.code === COMPACTION_CANCELLED;
      // Automatic compaction that finds nothing to do is not a failure worth a message.
      const quiet = error.code === NOTHING_TO_COMPACT && run.reason !== "manual";
      const errorMessageText = aborted || quiet ? undefined : `${FAILURE_PREFIX[run.reason]}: ${error.message}`;
      this.context.emit({
        type: "compaction_end",
        reason: run.reason,
        result: undefined,
        aborted,
        willRetry: false,
        ...(errorMessageText ? { errorMessage: errorMessageText } : {}),
      });
      if (errorMessageText && run.reason !== "manual") this.context.log.warn(errorMessageText);
      if (!quiet && this.hooks.session_compact_failed.isUsed()) {
        await this.hooks.session_compact_failed.promise({
          type: "session_compact_failed",
          reason: run.reason,
          ...(errorMessageText ? { errorMessage: errorMessageText } : {}),
          aborted,
          willRetry: run.willRetry,
          fromExtension: content.fromExtension,
        });
      }
      return { ok: false, error, aborted };
    } finally {
      run.signal?.removeEventListener("abort", stop);
      this.active = undefined;
    }
  }

  /** The model, branch and preparation a compaction needs; throws when there is nothing to compact. */
  private prepare(): Prepared {
    const model = this.context.session.model;
    if (!model) throw new PithError("NO_MODEL", "No model is selected, so nothing can summarise the conversation. Select a model first.");
    const branch = this.sessions().manager.getBranch();
    if (branch.at(-1)?.type === "compaction") throw new PithError(NOTHING_TO_COMPACT, "Already compacted");
    const settings = this.settingsFor(model);
    const overheadTokens = this.overheadTokens();
    const preparation = prepareCompaction(branch, settings, {
      contextTokens: (messages, { ignoreUsage }) => estimateContextTokens(messages, { overheadTokens, ignoreUsage }).tokens,
    });
    // pi 1.6.0's words: everything since the last compaction fits in compaction.keepRecentTokens
    if (!preparation) throw new PithError(NOTHING_TO_COMPACT, "Nothing to compact (session too small)");
    return { model, branch, settings, preparation };
  }

  private async compactNow(run: CompactionRun, prepared: Prepared, signal: AbortSignal, content: { fromExtension: boolean }): Promise<CompactionResult> {
    const session = this.context.session;
    const manager = this.sessions().manager;
    const { model, branch, settings, preparation } = prepared;
    let result: CompactionResult | undefined;
    const tally = new UsageTally();
    let fromExtension = false;
    if (isTapped(this.hooks.session_before_compact)) {
      const decision = await this.hooks.session_before_compact.promise({
        type: "session_before_compact",
        reason: run.reason,
        willRetry: run.willRetry,
        preparation,
        branchEntries: branch,
        ...(run.customInstructions !== undefined ? { customInstructions: run.customInstructions } : {}),
        signal,
      });
      if (decision && "cancel" in decision && decision.cancel) throw new PithError(COMPACTION_CANCELLED, "Compaction cancelled");
      if (decision && "compaction" in decision) {
        result = decision.compaction;
        fromExtension = content.fromExtension = true;
      }
    }
    if (!result) {
      const compactor = this.installed;
      const request: CompactionRequest = {
        reason: run.reason,
        branchEntries: branch,
        messages: session.messages,
        preparation,
        customInstructions: run.customInstructions,
        settings,
        model,
        summarize: this.summarizer(model, settings, { source: "compaction", reason: run.reason }, tally.add),
        summaryContextWindow: this.summaryContextWindow(model, settings),
        estimateTokens: estimateMessageTokens,
        signal,
      };
      fromExtension = content.fromExtension = compactor !== defaultCompactor;
      result = await compactor.compact(request);
      checkResult(result, branch, compactor.name);
    } else {
      checkResult(result, branch, "a session_before_compact handler");
    }
    if (signal.aborted) throw new PithError(COMPACTION_CANCELLED, "Compaction cancelled");

    const usage = result.usage ?? tally.total;
    const entryId = manager.appendCompaction(result.summary, result.firstKeptEntryId, result.tokensBefore, result.details, fromExtension, usage);
    const compacted = manager.buildSessionContext().messages;
    session.replaceMessages(compacted);
    const estimatedTokensAfter = compacted.reduce((sum, message) => sum + estimateMessageTokens(message), 0);
    const entry = manager.getEntry(entryId);
    if (entry?.type === "compaction" && isTapped(this.hooks.session_compact)) {
      await this.hooks.session_compact.promise({ type: "session_compact", reason: run.reason, willRetry: run.willRetry, compactionEntry: entry, fromExtension });
    }
    const { summary, firstKeptEntryId, tokensBefore, details } = result;
    return { summary, firstKeptEntryId, tokensBefore, estimatedTokensAfter, ...(usage ? { usage } : {}), ...(details !== undefined ? { details } : {}) };
  }

  private modelFinder(): FindModel | undefined {
    const models = this.context.tryUse("models");
    return models ? (provider, id) => models.find(provider, id) : undefined;
  }

  private overheadTokens(): number {
    const session = this.context.session;
    const active = new Set(session.activeToolNames());
    const tools = session
      .allTools()
      .filter((tool) => active.has(tool.name))
      .map((tool) => ({ name: tool.name, description: tool.description, parameters: tool.parameters }));
    return estimateTextTokens(session.systemPrompt) + (tools.length > 0 ? estimateTextTokens(JSON.stringify(tools)) : 0);
  }

  private warnOnce(message: string): void {
    if (this.warned.has(message)) return;
    this.warned.add(message);
    this.context.log.warn(message);
  }
}

/** A compaction whose kept part starts at an entry that is not on the branch would silently keep nothing. */
function checkResult(result: CompactionResult, branch: readonly SessionEntry[], source: string): void {
  if (typeof result?.summary !== "string" || typeof result.firstKeptEntryId !== "string" || typeof result.tokensBefore !== "number") {
    throw new PithError("COMPACTION_INVALID", `${source} returned no valid compaction: it needs a summary, a firstKeptEntryId and tokensBefore.`);
  }
  if (!branch.some((entry) => entry.id === result.firstKeptEntryId)) {
    throw new PithError(
      "COMPACTION_INVALID",
      `${source} chose firstKeptEntryId "${result.firstKeptEntryId}", which is not an entry of the current branch.`,
    );
  }
}
