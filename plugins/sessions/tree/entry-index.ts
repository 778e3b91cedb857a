// The in-memory tree over a session's entries. A parent counts only if it was added before its child, so a
// damaged file (forward or self references) can never make a cycle: such entries become roots. Parents are kept as
// positions, so the path to a leaf (every resume, every request's context) is array steps, not map look-ups; the
// child lists only a tree view needs are built when first asked for.
import { isConversationRole, messageRole } from "../reading/lazy-entry.js";
import type { SessionEntry } from "../format/types.js";

export interface LabelState {
  label: string;
  timestamp: string;
}

export class EntryIndex {
  readonly labels = new Map<string, LabelState>();
  /** in insertion order */
  readonly entries: SessionEntry[] = [];
  /** each id's place in `entries`: the one map over all ids (a resume builds it for every entry) */
  private readonly positions = new Map<string, number>();
  /** per position, the parent's position or -1 */
  private readonly parentPositions: number[] = [];
  private childLists: Map<string, SessionEntry[]> | undefined;
  private rootList: SessionEntry[] | undefined;
  private named: string | undefined;
  private conversationSeen = false;

  constructor(entries: readonly SessionEntry[] = []) {
    for (const entry of entries) this.add(entry);
  }

  /** false when the id is already taken (the entry is then ignored) */
  add(entry: SessionEntry): boolean {
    if (this.positions.has(entry.id)) return false;
    const parent = typeof entry.parentId === "string" && entry.parentId !== entry.id ? (this.positions.get(entry.parentId) ?? -1) : -1;
    this.positions.set(entry.id, this.entries.length);
    this.parentPositions.push(parent);
    this.entries.push(entry);
    if (this.childLists) this.link(entry, parent);
    this.track(entry);
    return true;
  }

  get(id: string): SessionEntry | undefined {
    const position = this.positions.get(id);
    return position === undefined ? undefined : this.entries[position];
  }

  has(id: string): boolean {
    return this.positions.has(id);
  }

  /** where `id` was added, counting from 0; undefined for an unknown id */
  positionOf(id: string): number | undefined {
    return this.positions.get(id);
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
    const position = this.positions.get(id);
    const parent = position === undefined ? -1 : this.parentPositions[position]!;
    return parent === -1 ? null : this.entries[parent]!.id;
  }

  children(id: string): readonly SessionEntry[] {
    return this.tree().children.get(id) ?? [];
  }

  roots(): readonly SessionEntry[] {
    return this.tree().roots;
  }

  /** root → `id`, inclusive; empty for an unknown id */
  path(id: string | null | undefined): SessionEntry[] {
    const path: SessionEntry[] = [];
    for (let position = id ? (this.positions.get(id) ?? -1) : -1; position !== -1; position = this.parentPositions[position]!) {
      path.push(this.entries[position]!);
    }
    return path.reverse();
  }

  private tree(): { children: Map<string, SessionEntry[]>; roots: SessionEntry[] } {
    if (!this.childLists || !this.rootList) {
      this.childLists = new Map();
      this.rootList = [];
      this.entries.forEach((entry, position) => this.link(entry, this.parentPositions[position]!));
    }
    return { children: this.childLists, roots: this.rootList };
  }

  private link(entry: SessionEntry, parent: number): void {
    if (parent === -1) {
      this.rootList!.push(entry);
      return;
    }
    const parentId = this.entries[parent]!.id;
    const siblings = this.childLists!.get(parentId);
    if (siblings) siblings.push(entry);
    else this.childLists!.set(parentId, [entry]);
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
