// `ctx.sessionManager`: pi's read-only session manager, over the sessions service's current manager. Without a
// sessions plugin (a bare SDK session) it answers for an empty, unsaved session.
import { dirname } from "node:path";
import type { SessionManager } from "../../sessions/session-manager.js";
import type { AgentMessage } from "../../../kernel/index.js";
import type { SessionContext, SessionEntry, SessionHeader, SessionTreeNode } from "../../sessions/format/types.js";
import { buildSessionContext, contextEntries, projectedEntries } from "../../sessions/tree/session-context.js";

/** pi's `SessionProjection`: the context and the entries it was built from */
export interface SessionProjection extends SessionContext {
  entries: { sourceEntry: SessionEntry; messages: AgentMessage[] }[];
}

export interface ReadonlySessionView {
  getCwd(): string;
  getSessionDir(): string | undefined;
  getSessionId(): string;
  getSessionFile(): string | undefined;
  getLeafId(): string | null;
  getLeafEntry(): SessionEntry | undefined;
  getEntry(id: string): SessionEntry | undefined;
  getLabel(id: string): string | undefined;
  getBranch(fromId?: string): SessionEntry[];
  /** the branch's entries the context is built from (after the latest compaction's cut) */
  buildContextEntries(): SessionEntry[];
  buildSessionProjection(): SessionProjection;
  getHeader(): SessionHeader | undefined;
  getEntries(): SessionEntry[];
  getTree(): SessionTreeNode[];
  getSessionName(): string | undefined;
}

export function sessionView(manager: () => SessionManager | undefined, fallback: { cwd: string; sessionId: () => string }): ReadonlySessionView {
  return {
    getCwd: () => manager()?.getCwd() ?? fallback.cwd,
    getSessionDir: () => {
      const file = manager()?.getSessionFile();
      return file ? dirname(file) : undefined;
    },
    getSessionId: () => manager()?.getSessionId() ?? fallback.sessionId(),
    getSessionFile: () => manager()?.getSessionFile(),
    getLeafId: () => manager()?.getLeafId() ?? null,
    getLeafEntry: () => manager()?.getLeafEntry(),
    getEntry: (id) => manager()?.getEntry(id),
    getLabel: (id) => manager()?.getLabel(id),
    getBranch: (fromId) => manager()?.getBranch(fromId) ?? [],
    buildContextEntries: () => contextEntries(manager()?.getBranch() ?? []),
    buildSessionProjection: () => {
      const path = manager()?.getBranch() ?? [];
      return { ...buildSessionContext(path, path.at(-1)?.id ?? null), entries: projectedEntries(path) };
    },
    getHeader: () => manager()?.getHeader(),
    getEntries: () => manager()?.getEntries() ?? [],
    getTree: () => manager()?.getTree() ?? [],
    getSessionName: () => manager()?.getSessionName(),
  };
}
