// `ctx.sessionManager`: pi's read-only session manager, over the sessions service's current manager. Without a
// sessions plugin (a bare SDK session) it answers for an empty, unsaved session.
import { dirname } from "node:path";
import type { SessionManager } from "../../sessions/session-manager.js";
import type { SessionEntry, SessionHeader, SessionTreeNode } from "../../sessions/format/types.js";
import { contextEntries, sessionProjection, type SessionProjection } from "../../sessions/tree/session-context.js";

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
    buildSessionProjection: () => sessionProjection(manager()?.getBranch() ?? []),
    getHeader: () => manager()?.getHeader(),
    getEntries: () => manager()?.getEntries() ?? [],
    getTree: () => manager()?.getTree() ?? [],
    getSessionName: () => manager()?.getSessionName(),
  };
}
