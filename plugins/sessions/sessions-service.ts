// What the "sessions" service offers other plugins and hosts: the current session manager, and the moves
// that replace it (new, resume, fork, clone, tree navigation), each installing the rebuilt context.
import type { AgentMessage } from "../../kernel/messages.js";
import type { SessionApi } from "../../kernel/session-api.js";
import { SessionManager, type ForkPosition, type ForkResult, type SessionManagerOptions } from "./session-manager.js";
import type { ListQuery, SessionStore } from "./store.js";
import type { SessionInfo } from "./types.js";

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

  /** Switches to a stored session (its writer lock is taken here) and installs its context. */
  resume(location: string, cwdOverride?: string): SessionManager {
    if (location === this.current.getLocation() && this.current.isStored()) {
      this.adopt(this.current); // already ours: reopening would only meet our own lock
      return this.current;
    }
    const next = SessionManager.open(this.store, location, { ...this.managerOptions, cwdOverride });
    this.current.close();
    this.adopt(next);
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
