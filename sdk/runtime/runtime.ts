// Several sessions in one process (pi's createAgentSessionRuntime): each is its own createAgentSession, with its
// own plugins, folder and session file. One of them is current; `dispose()` ends all of them and leaves nothing
// running: no reply, tool process, retry timer, open session file or lock.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { PithError, errorMessage } from "../../kernel/index.js";
import { resolveAgentDir } from "../../lib/agent-dir/agent-dir.js";
import { JsonlSessionStore, resolveSessionArg, resolveSessionDir } from "../../plugins/sessions/index.js";
import { SettingsManager } from "../../plugins/settings/index.js";
import type { CreateAgentSessionOptions } from "../create-agent-session.js";
import { createPithSession } from "./create-pith-session.js";
import type { PithSession } from "./pith-session.js";
import { storedSessionCwd } from "./stored-cwd.js";

/** Options for every session of the runtime; `session`, `continueRecent` and `fork` pick the first one only. */
export type AgentSessionRuntimeOptions = CreateAgentSessionOptions;

export type SessionSwitchListener = (session: PithSession | undefined) => void;

export class AgentSessionRuntime {
  private readonly open: PithSession[] = [];
  private readonly creating = new Set<Promise<PithSession>>();
  private readonly listeners = new Set<SessionSwitchListener>();
  private current: PithSession | undefined;
  private disposal: Promise<void> | undefined;

  /** `defaults` apply to every session; a call's options override them key by key, and add to `plugins` */
  constructor(private readonly defaults: CreateAgentSessionOptions = {}) {}

  /** the current session */
  get session(): PithSession {
    if (this.current?.isDisposed) {
      throw new PithError("SESSION_DISPOSED", "The current session was disposed directly; close() it, or switchTo() or create() another.");
    }
    if (this.current) return this.current;
    throw new PithError(
      this.disposal ? "RUNTIME_DISPOSED" : "RUNTIME_EMPTY",
      this.disposal ? "The runtime was disposed; create another runtime." : "No session is open in this runtime; create() or resume() one.",
    );
  }

  /** every open session, oldest first (one disposed directly counts as closed) */
  get sessions(): readonly PithSession[] {
    return this.open.filter((session) => !session.isDisposed);
  }

  /** an open session by its current session id */
  find(sessionId: string): PithSession | undefined {
    return this.sessions.find((session) => session.sessionId === sessionId);
  }

  /** Called after the current session changes (undefined: none is left), to re-subscribe to the new one. */
  onSwitch(listener: SessionSwitchListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Opens a new session (or, with `session`/`continueRecent`/`fork`, a stored one) and makes it current. */
  async create(options: CreateAgentSessionOptions = {}): Promise<PithSession> {
    this.assertLive();
    const creation = createPithSession(this.merged(options));
    this.creating.add(creation);
    let session: PithSession;
    try {
      session = await creation;
    } finally {
      this.creating.delete(creation);
    }
    if (this.disposal) {
      await session.dispose();
      throw new PithError("RUNTIME_DISPOSED", "The runtime was disposed while the session was being created; it was closed again.");
    }
    this.open.push(session);
    return this.switchTo(session);
  }

  /**
   * Makes a stored session current: a file path, or an id prefix (this project's sessions first, then any
   * project's). It opens in the folder it was recorded in when that still exists, else in the runtime's.
   * A session already open here is reused.
   */
  async resume(session: string, options: CreateAgentSessionOptions = {}): Promise<PithSession> {
    this.assertLive();
    const merged = this.merged(options);
    if (merged.noSession) {
      throw new PithError("BAD_ARGUMENTS", "Sessions kept in memory (noSession) cannot be resumed from storage; switchTo() an open one instead.");
    }
    const cwd = resolve(merged.cwd ?? process.cwd());
    const found = await resolveSessionArg(await this.storeFor(merged, cwd), session, cwd);
    if (found.kind === "not_found") {
      throw new PithError("SESSION_NOT_FOUND", `No session matches "${session}". Give a session file path, or an id prefix of a stored session.`);
    }
    const already = this.sessions.find((candidate) => candidate.sessionFile === found.location);
    if (already) return this.switchTo(already);
    // Tools work in the folder the session was recorded in, while that folder exists.
    const recorded = found.kind === "global" ? found.cwd : await storedSessionCwd(found.location);
    const home = recorded !== undefined && existsSync(recorded) ? recorded : cwd;
    return this.create({ ...options, cwd: home, session: found.location });
  }

  /** by object or session id */
  switchTo(target: PithSession | string): PithSession {
    this.assertLive();
    const session = typeof target === "string" ? this.find(target) : this.sessions.includes(target) ? target : undefined;
    if (!session) throw new PithError("SESSION_NOT_OPEN", `${typeof target === "string" ? `Session ${target}` : "That session"} is not open in this runtime.`);
    if (session !== this.current) {
      this.current = session;
      this.notify();
    }
    return session;
  }

  /** Disposes one session; when it was current, the most recently opened other one becomes current. */
  async close(target: PithSession | string): Promise<void> {
    const session = typeof target === "string" ? this.find(target) : target;
    const index = session ? this.open.indexOf(session) : -1;
    if (!session || index === -1) throw new PithError("SESSION_NOT_OPEN", "That session is not open in this runtime.");
    this.open.splice(index, 1);
    if (this.current === session) {
      this.current = this.open.at(-1);
      this.notify();
    }
    await session.dispose();
  }

  /**
   * Ends every session (see PithSession.dispose), including ones still being created. Resolves when all are
   * down; throws one PithError naming every session that failed to shut down cleanly.
   */
  dispose(): Promise<void> {
    this.disposal ??= this.shutDown();
    return this.disposal;
  }

  private async shutDown(): Promise<void> {
    const pending = await Promise.allSettled([...this.creating]);
    const sessions = [...this.open, ...pending.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []))];
    this.open.length = 0;
    if (this.current) {
      this.current = undefined;
      this.notify();
    }
    const results = await Promise.allSettled(sessions.map((session) => session.dispose()));
    const failures = results.flatMap((result, index) => (result.status === "rejected" ? [`${sessions[index]!.sessionId}: ${errorMessage(result.reason)}`] : []));
    this.listeners.clear();
    if (failures.length > 0) throw new PithError("RUNTIME_DISPOSE_FAILED", `Some sessions did not shut down cleanly: ${failures.join("; ")}`);
  }

  private merged(options: CreateAgentSessionOptions): CreateAgentSessionOptions {
    const plugins = [...(this.defaults.plugins ?? []), ...(options.plugins ?? [])];
    // Where the first session starts is not a default for the later ones.
    const first = this.open.length === 0 && this.creating.size === 0;
    const { session, continueRecent, fork, ...defaults } = this.defaults;
    return { ...defaults, ...(first ? { session, continueRecent, fork } : {}), ...options, plugins };
  }

  /** Where these options keep sessions, by the same precedence createAgentSession uses. */
  private async storeFor(options: CreateAgentSessionOptions, cwd: string): Promise<JsonlSessionStore> {
    const agentDir = options.agentDir ?? resolveAgentDir();
    const settings = await SettingsManager.load({ agentDir, cwd });
    return new JsonlSessionStore({ agentDir, sessionDir: resolveSessionDir({ flag: options.sessionDir, setting: settings.get().sessionDir }) });
  }

  private notify(): void {
    for (const listener of this.listeners) listener(this.current);
  }

  private assertLive(): void {
    if (this.disposal) throw new PithError("RUNTIME_DISPOSED", "The runtime was disposed; create another runtime.");
  }
}

/** A runtime with its first session open (from `options`, which also apply to every later session). */
export async function createAgentSessionRuntime(options: AgentSessionRuntimeOptions = {}): Promise<AgentSessionRuntime> {
  const runtime = new AgentSessionRuntime(options);
  await runtime.create();
  return runtime;
}
