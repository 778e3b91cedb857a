// What the "sessions" service offers other plugins and hosts: the current session manager, and the moves
// that replace it (new, resume, fork, clone, tree navigation), each installing the rebuilt context.
import type { AgentMessage, SessionApi } from "../../kernel/index.js";
import { SessionManager, type ForkPosition, type ForkResult, type SessionManagerOptions } from "./session-manager.js";
import type { ListQuery, SessionStore } from "./storage/store.js";
import type { SessionInfo } from "./format/types.js";

export class SessionsService {
  constructor(
    readonly store: SessionStore,
    private current: SessionManager,
    private readonly session: Pick<SessionApi, "replaceMessages" | "sessionId">,
    private readonly managerOptions: SessionManagerOptions,
  ) {
    this.adopt(current);
  }

  get manager(): SessionManager {
    return this.current;
  }

  /** Persists a finished message the way pi does: plugin messages as `custom_message`, summaries not at all. */
  record(message: AgentMessage): void {
    const role = (message as { role?: unknown }).role;
    if (role === "compactionSummary" || role === "branchSummary") return; // stored as their own entries
    if (role === "custom") {
      const custom = message as Extract<AgentMessage, { role: "custom" }>;
      this.current.appendCustomMessage(custom.customType, custom.content, custom.display, custom.details);
      return;
    }
    this.current.appendMessage(message);
  }

  /** An empty session; `parentSession` is recorded in its header. */
  newSession(options: { parentSession?: string } = {}): SessionManager {
    this.current.newSession(options);
    this.adopt(this.current);
    return this.current;
  }

  /**
   * Opens a stored session (its writer lock is taken here) without switching to it: a file that cannot be read or
   * is locked fails here, before anything is announced. Hand the result to `install`, or `close` it.
   */
  open(location: string, cwdOverride?: string): SessionManager {
    // already ours: reopening would only meet our own lock
    if (location === this.current.getLocation() && this.current.isStored()) return this.current;
    return SessionManager.open(this.store, location, { ...this.managerOptions, cwdOverride });
  }

  /** Switches to a session `open` returned and installs its context. */
  install(next: SessionManager): void {
    if (next !== this.current) this.current.close();
    this.adopt(next);
  }

  /** Switches to a stored session and installs its context (`open`, then `install`). */
  resume(location: string, cwdOverride?: string): SessionManager {
    const next = this.open(location, cwdOverride);
    this.install(next);
    return next;
  }

  /** Moves the leaf (null: before the first entry) and installs the context of the new branch. */
  navigate(leafId: string | null): void {
    if (leafId === null) this.current.resetLeaf();
    else this.current.branch(leafId);
    this.session.replaceMessages(this.current.buildSessionContext().messages);
  }

  fork(entryId: string, position: ForkPosition = "before"): ForkResult {
    const result = this.current.fork(entryId, position);
    this.adopt(this.current);
    return result;
  }

  clone(): ForkResult {
    const result = this.current.clone();
    this.adopt(this.current);
    return result;
  }

  list(query: ListQuery): Promise<SessionInfo[]> {
    return this.store.list(query);
  }

  close(): void {
    this.current.close();
  }

  private adopt(manager: SessionManager): void {
    this.current = manager;
    this.session.sessionId = manager.getSessionId();
    this.session.replaceMessages(manager.buildSessionContext().messages);
  }
}
