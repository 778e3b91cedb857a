// Keeps the prompt cache entry of the session's last model request alive: shortly before the entry expires, the
// request is sent again with a one-token cap, as long as the conversation still extends it, the mode allows it and
// the refresh pays for itself. A new request replaces the run; safety windows count from the request that started
// the run, never from a refresh.
import type { AssistantMessage, StreamRequest } from "../../kernel/index.js";
import {
  MAX_IDLE_AGE_MS,
  MAX_STREAMING_AGE_MS,
  cacheLifetimeMs,
  evaluateWarming,
  isReplayable,
  refreshDelayMs,
  type CacheWarmingMode,
  type WarmingAction,
  type WarmingDecision,
  type WarmingPhase,
} from "./policy.js";

export interface CacheWarmingStatus {
  /** "scheduled": a refresh is planned; "refreshing": its decision or request is under way */
  state: "inactive" | "scheduled" | "refreshing";
  /** why nothing is planned */
  reason?: string;
  /** epoch milliseconds of the next decision */
  nextWarmAt?: number;
  /** the decision planned, or the one that stopped warming */
  decision?: WarmingDecision;
  /** a `cache_warming_decision` handler changed the action */
  extensionOverride?: boolean;
}

export interface WarmerPorts {
  mode(): CacheWarmingMode;
  /** the cache tier requests use */
  retention(): "short" | "long" | "none";
  /** prompt tokens of the last reply, as the provider reported them */
  promptTokens(): number;
  /** runs `cache_warming_decision`; resolves to the action that stands */
  decide(decision: WarmingDecision): Promise<WarmingAction>;
  /** sends the request again, capped at one output token, through the provider path */
  send(request: StreamRequest, signal: AbortSignal): Promise<AssistantMessage>;
  /** stores a successful refresh's usage */
  record(reply: AssistantMessage, note: string | undefined): void;
}

interface Run {
  request: StreamRequest;
  /** the conversation still starts with what the request sent, with the same model */
  isCurrent: () => boolean;
  ttlMs: number;
  delayMs: number;
  startedAt: number;
  phase: WarmingPhase;
  controller: AbortController;
  nextWarmAt: number;
  /** past this a refresh would likely rebuild an expired entry at full price */
  refreshBy: number;
  timer?: NodeJS.Timeout;
  extensionOverride: boolean;
}

const IDLE_LIMIT = "30-minute idle safety limit reached";

export class CacheWarmer {
  private run: Run | undefined;
  private stopped: CacheWarmingStatus = { state: "inactive", reason: "waiting for first request" };

  constructor(private readonly ports: WarmerPorts) {}

  get status(): CacheWarmingStatus {
    if (this.ports.mode() === "off") return { state: "inactive", reason: "cache warming disabled" };
    const run = this.run;
    if (!run) return this.stopped;
    if (!run.isCurrent()) return { state: "inactive", reason: "conversation context changed" };
    const decision = this.evaluate(run);
    const refreshing = run.timer === undefined;
    if (!refreshing && !decision.economicsAvailable) return { state: "inactive", reason: "cache economics unavailable" };
    return { state: refreshing ? "refreshing" : "scheduled", nextWarmAt: run.nextWarmAt, decision, extensionOverride: run.extensionOverride };
  }

  /** A model request went out: keep its cache entry warm while `isCurrent` holds. */
  start(request: StreamRequest, isCurrent: () => boolean): void {
    this.end();
    if (this.ports.mode() === "off") return this.stop("cache warming disabled");
    if (!isReplayable(request)) return this.stop("request cannot be replayed safely");
    const retention = this.ports.retention();
    const ttlMs = cacheLifetimeMs(request.model, retention);
    const delayMs = ttlMs === undefined ? undefined : refreshDelayMs(ttlMs);
    if (ttlMs === undefined || delayMs === undefined) {
      return this.stop(retention === "none" ? "request disabled prompt caching" : "cache lifetime unavailable");
    }
    const run: Run = { request, isCurrent, ttlMs, delayMs, startedAt: Date.now(), phase: "streaming", controller: new AbortController(), nextWarmAt: 0, refreshBy: 0, extensionOverride: false };
    this.run = run;
    this.schedule(run);
  }

  /** The run settled: "streaming" stops here, "idle" goes on within its shorter window. */
  settled(): void {
    const run = this.run;
    if (!run) return;
    if (this.ports.mode() === "streaming") return this.stop("agent run settled");
    run.phase = "idle";
    const limit = run.startedAt + MAX_IDLE_AGE_MS;
    if (run.nextWarmAt > limit || Date.now() >= limit) this.stop(IDLE_LIMIT);
  }

  /** The mode changed: stop at once what it no longer allows. */
  modeChanged(): void {
    const reason = this.run && this.modeStopReason(this.run);
    if (reason) this.stop(reason);
  }

  /** The conversation ends or moves: nothing more is sent, and a refresh in flight is aborted. */
  cancel(): void {
    this.stop("inactive");
  }

  private end(): void {
    const run = this.run;
    if (!run) return;
    this.run = undefined;
    clearTimeout(run.timer);
    run.controller.abort();
  }

  private stop(reason: string, decided: Pick<CacheWarmingStatus, "decision" | "extensionOverride"> = {}): void {
    this.end();
    this.stopped = { state: "inactive", reason, ...decided };
  }

  private schedule(run: Run): void {
    const now = Date.now();
    run.extensionOverride = false;
    run.nextWarmAt = now + run.delayMs;
    // A late timer (sleep, a blocked event loop) keeps half the margin before expiry for itself and the request.
    run.refreshBy = run.nextWarmAt + Math.floor((run.ttlMs - run.delayMs) / 2);
    const limit = run.startedAt + (run.phase === "idle" ? MAX_IDLE_AGE_MS : MAX_STREAMING_AGE_MS);
    if (run.nextWarmAt > limit || now >= limit) return this.stop(run.phase === "idle" ? IDLE_LIMIT : "one-hour safety limit reached");
    run.timer = setTimeout(() => void this.refresh(run), run.delayMs);
    // a pending refresh never keeps the process alive (a print run exits when its answer is out)
    run.timer.unref();
  }

  private async refresh(run: Run): Promise<void> {
    run.timer = undefined;
    if (!this.stillValid(run)) return;
    const decision = this.evaluate(run);
    let action = decision.action;
    try {
      action = await this.ports.decide(decision);
    } catch {
      // a failing decision hook leaves the plugin's own decision standing
    }
    if (!this.stillValid(run)) return;
    const overridden = action !== decision.action;
    if (action === "stop") {
      const reason = overridden ? "stopped by extension" : decision.economicsAvailable ? "expected savings below threshold" : "cache economics unavailable";
      return this.stop(reason, { decision, extensionOverride: overridden });
    }
    run.extensionOverride = overridden;
    try {
      const reply = await this.ports.send(run.request, run.controller.signal);
      if (this.stillValid(run, false) && reply.stopReason !== "error" && reply.stopReason !== "aborted") {
        this.ports.record(reply, overridden ? "extension override" : undefined);
      }
    } catch {
      // warming is best effort: a failed refresh never touches the session's own run
    }
    if (this.run === run) this.schedule(run);
  }

  /** The run is still this warmer's, allowed by the mode, current, and (before sending) not past its refresh deadline. */
  private stillValid(run: Run, beforeSending = true): boolean {
    if (this.run !== run) return false;
    const late = beforeSending && Date.now() > run.refreshBy;
    const reason = this.modeStopReason(run) ?? (run.isCurrent() ? undefined : "conversation context changed") ?? (late ? "cache refresh deadline missed" : undefined);
    if (reason) this.stop(reason);
    return reason === undefined;
  }

  private modeStopReason(run: Run): string | undefined {
    const mode = this.ports.mode();
    if (mode === "off") return "cache warming disabled";
    if (mode === "streaming" && run.phase === "idle") return "agent run settled";
    return undefined;
  }

  private evaluate(run: Run): WarmingDecision {
    return evaluateWarming(run.request.model, this.ports.promptTokens(), run.phase);
  }
}
