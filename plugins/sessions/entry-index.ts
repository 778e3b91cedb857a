// The in-memory tree over a session's entries. A parent counts only if it was added before its child, so a
// damaged file (forward or self references) can never make a cycle: such entries become roots.
import { isConversationRole, messageRole } from "./lazy-entry.js";
import type { SessionEntry } from "./types.js";

export interface LabelState {
  label: string;
  timestamp: string;
}

export class EntryIndex {
  readonly byId = new Map<string, SessionEntry>();
  readonly labels = new Map<string, LabelState>();
  /** in insertion order */
  readonly entries: SessionEntry[] = [];
  private readonly parents = new Map<string, string | null>();
  private readonly childLists = new Map<string, SessionEntry[]>();
  private readonly rootList: SessionEntry[] = [];
  private named: string | undefined;
  private conversationSeen = false;

  constructor(entries: readonly SessionEntry[] = []) {
    for (const entry of entries) this.add(entry);
  }

  /** false when the id is already taken (the entry is then ignored) */
  add(entry: SessionEntry): boolean {
    if (this.byId.has(entry.id)) return false;
    const parent =
      typeof entry.parentId === "string" && entry.parentId !== entry.id && this.byId.has(entry.parentId)
        ? entry.parentId
        : null;
    this.byId.set(entry.id, entry);
    this.parents.set(entry.id, parent);
    this.entries.push(entry);
    if (parent === null) this.rootList.push(entry);
    else {
      const siblings = this.childLists.get(parent);
      if (siblings) siblings.push(entry);
      else this.childLists.set(parent, [entry]);
    }
    this.track(entry);
    return true;
  }

  get last(): SessionEntry | undefined {
    return this.entries[this.entries.length - 1];
  }

  get sessionName(): string | undefined {
    return this.named;
  }

  /** whether a user or assistant message is among the entries: a new session is stored from then on (pi 1.6.0) */
  get hasConversation(): boolean {
    return this.conversationSeen;
  }

  parentOf(id: string): string | null {
    return this.parents.get(id) ?? null;
  }

  children(id: string): readonly SessionEntry[] {
    return this.childLists.get(id) ?? [];
  }

  roots(): readonly SessionEntry[] {
    return this.rootList;
  }

  /** root → `id`, inclusive; empty for an unknown id */
  path(id: string | null | undefined): SessionEntry[] {
    const path: SessionEntry[] = [];
    let current = id ? this.byId.get(id) : undefined;
    while (current) {
      path.push(current);
      const parent = this.parents.get(current.id);
      current = parent ? this.byId.get(parent) : undefined;
    }
    return path.reverse();
  }

  private track(entry: SessionEntry): void {
    switch (entry.type) {
      case "label":
        if (entry.label) this.labels.set(entry.targetId, { label: entry.label, timestamp: entry.timestamp });
        else this.labels.delete(entry.targetId);
        break;
      case "session_info":
        this.named = typeof entry.name === "string" && entry.name.trim() ? entry.name.trim() : undefined;
        break;
      case "message":
        if (isConversationRole(messageRole(entry))) this.conversationSeen = true;
        break;
    }
  }
}
