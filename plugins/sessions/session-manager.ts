// A session as a tree of entries, written through a store. Follows pi's SessionManager: same entries, same
// leaf rules, same deferred first write; differs where pi loses data (see docs/sessions.md).
import { PithError, messageText, type AgentMessage, type ImageContent, type TextContent, type Usage } from "../../kernel/index.js";
import { EntryIndex } from "./tree/entry-index.js";
import { withoutLabels } from "./tree/without-labels.js";
import { newEntryId } from "./format/entry-id.js";
import { isConversationRole, messageRole } from "./reading/lazy-entry.js";
import { currentSystemMessage } from "../../lib/transcript/system-messages.js";
import { loadSessionRecords } from "./reading/load-entries.js";
import { withSteadyYoungGeneration } from "../../lib/process/steady-young-generation.js";
import { branchSettings, buildSessionContext, type BranchSettings } from "./tree/session-context.js";
import type { SessionStore, SessionWriter } from "./storage/store.js";
import {
  CURRENT_SESSION_VERSION,
  warning,
  type BranchSummaryEntry,
  type CompactionEntry,
  type ContextEditEntry,
  type CustomEntry,
  type CustomMessageEntry,
  type LabelEntry,
  type ModelChangeEntry,
  type SessionContext,
  type SessionEntry,
  type SessionEntryBase,
  type SessionHeader,
  type SessionInfoEntry,
  type SessionMessageEntry,
  type SessionTreeNode,
  type SessionWarning,
  type FileEntry,
  type ThinkingLevelChangeEntry,
  type UsageEntry,
} from "./format/types.js";
import { uuidv7 } from "./format/uuid-v7.js";

/** how many names `createWriter` tries, the wanted one included, before it gives up */
const MAX_SIBLINGS = 100;

/** `run.jsonl` -> `run-2.jsonl`; a location without that extension gets the number at its end */
function siblingLocation(location: string, number: number): string {
  return location.endsWith(".jsonl") ? `${location.slice(0, -".jsonl".length)}-${number}.jsonl` : `${location}-${number}`;
}

export interface SessionManagerOptions {
  /** every problem found while loading or repairing, as it is found */
  onWarning?(warning: SessionWarning): void;
}

export interface NewSessionOptions {
  /** session id; default a new UUIDv7 */
  id?: string;
  parentSession?: string;
}

export type ForkPosition = "before" | "at";

export interface ForkResult {
  /** the new session's file (undefined for stores that are not persistent) */
  sessionFile: string | undefined;
  /** `before` only: the forked user message's text, for the editor */
  selectedText?: string;
}

export class SessionManager {
  private header!: SessionHeader;
  private location!: string;
  private index = new EntryIndex();
  private leafId: string | null = null;
  /** present once the session is stored; until then entries wait in memory (see `append`) */
  private writer: SessionWriter | undefined;
  private closed = false;
  private readonly warnings: SessionWarning[] = [];

  private constructor(
    readonly store: SessionStore,
    private cwd: string,
    private readonly options: SessionManagerOptions,
  ) {}

  /** A new, empty session for `cwd`. Nothing is stored before the first assistant message. */
  static create(store: SessionStore, cwd: string, options: NewSessionOptions & SessionManagerOptions = {}): SessionManager {
    const manager = new SessionManager(store, cwd, options);
    manager.startNew(options);
    return manager;
  }

  /**
   * Opens a stored session for writing (exclusively). A missing location becomes a new session stored
   * there; a location whose first line is not a header is left untouched and a new session starts elsewhere;
   * versions 1 and 2 are upgraded, keeping the original as a backup.
   */
  static open(store: SessionStore, location: string, options: SessionManagerOptions & { cwdOverride?: string } = {}): SessionManager {
    const manager = new SessionManager(store, options.cwdOverride ?? process.cwd(), options);
    withSteadyYoungGeneration(() => manager.load(location, options.cwdOverride));
    return manager;
  }

  /** Copies every entry of another session (any project) into a new session of `targetCwd`, stored at once. */
  static forkFrom(store: SessionStore, source: string, targetCwd: string, options: SessionManagerOptions & { id?: string } = {}): SessionManager {
    const result = withSteadyYoungGeneration(() => {
      const stored = store.read(source, options);
      if (!stored) throw new PithError("SESSION_NOT_FOUND", `Cannot fork: there is no session at ${source}.`);
      return loadSessionRecords(stored.records, source, stored.warnings);
    });
    if (!result.ok) throw new PithError("SESSION_INVALID", `Cannot fork: ${source} does not start with a session header.`);
    const manager = new SessionManager(store, targetCwd, options);
    for (const problem of result.session.warnings) manager.warn(problem);
    manager.startNew({ parentSession: source, id: options.id });
    manager.install(result.session.index);
    manager.writer = manager.createWriter([manager.header, ...result.session.entries]);
    return manager;
  }

  // --- identity -------------------------------------------------------------------------------------

  getCwd(): string {
    return this.cwd;
  }

  getSessionId(): string {
    return this.header.id;
  }

  getHeader(): SessionHeader {
    return this.header;
  }

  /** where the store keeps (or will keep) this session, persistent or not */
  getLocation(): string {
    return this.location;
  }

  /** undefined for stores that are not persistent (`--no-session`), as in pi */
  getSessionFile(): string | undefined {
    return this.store.persistent ? this.location : undefined;
  }

  isPersisted(): boolean {
    return this.store.persistent;
  }

  /** true once the session exists in the store (after the first assistant message, or when opened) */
  isStored(): boolean {
    return this.writer !== undefined;
  }

  getWarnings(): readonly SessionWarning[] {
    return this.warnings;
  }

  // --- appending ------------------------------------------------------------------------------------

  /** `compactionSummary` and `branchSummary` are not stored as messages: use appendCompaction/appendBranchSummary */
  appendMessage(message: AgentMessage): string {
    const role = (message as { role?: unknown }).role;
    if (role === "compactionSummary" || role === "branchSummary") {
      throw new PithError(
        "SESSION_BAD_MESSAGE",
        `A ${String(role)} message is stored as its own entry: use appendCompaction or appendBranchSummary.`,
      );
    }
    return this.append<SessionMessageEntry>({ ...this.base("message"), message });
  }

  appendThinkingLevelChange(thinkingLevel: string): string {
    return this.append<ThinkingLevelChangeEntry>({ ...this.base("thinking_level_change"), thinkingLevel });
  }

  appendModelChange(provider: string, modelId: string): string {
    return this.append<ModelChangeEntry>({ ...this.base("model_change"), provider, modelId });
  }

  /** `firstKeptEntryId: null` keeps nothing before it (the entry names itself, as pi 1.6.0 stores it) */
  appendCompaction(summary: string, firstKeptEntryId: string | null, tokensBefore: number, details?: unknown, fromHook?: boolean, usage?: Usage): string {
    const base = this.base("compaction");
    const entry: CompactionEntry = { ...base, summary, firstKeptEntryId: firstKeptEntryId ?? base.id, tokensBefore };
    if (details !== undefined) entry.details = details;
    if (fromHook !== undefined) entry.fromHook = fromHook;
    if (usage !== undefined) entry.usage = usage;
    // pi 1.6.0's checkpoint: the prompt and tools in force, so the compacted context still declares them
    const systemMessage = currentSystemMessage(this.buildSessionContext().messages, Date.parse(entry.timestamp));
    if (systemMessage) entry.systemMessage = systemMessage;
    return this.append(entry);
  }

  /**
   * Moves the leaf to `branchFromId` (null: before the first entry) and adds a summary of the branch left behind;
   * the entry's `fromId` is the leaf it left ("root" when there was none), as pi 1.6.0 records it.
   */
  appendBranchSummary(branchFromId: string | null, summary: string, details?: unknown, fromHook?: boolean, usage?: Usage): string {
    if (branchFromId !== null) this.requireEntry(branchFromId);
    const fromId = this.leafId ?? "root";
    this.leafId = branchFromId;
    const entry: BranchSummaryEntry = { ...this.base("branch_summary"), fromId, summary };
    if (details !== undefined) entry.details = details;
    if (usage !== undefined) entry.usage = usage;
    if (fromHook !== undefined) entry.fromHook = fromHook;
    return this.append(entry);
  }

  /** Plugin state: kept in the tree, never sent to the model. */
  appendCustomEntry(customType: string, data?: unknown): string {
    const entry: CustomEntry = { ...this.base("custom"), customType };
    if (data !== undefined) entry.data = data;
    return this.append(entry);
  }

  /** A plugin message that joins the context as a user message. */
  appendCustomMessage(
    customType: string,
    content: string | (TextContent | ImageContent)[],
    display: boolean,
    details?: unknown,
  ): string {
    const entry: CustomMessageEntry = { ...this.base("custom_message"), customType, content, display };
    if (details !== undefined) entry.details = details;
    return this.append(entry);
  }

  /** Model usage that is no message (pi's `cache_warm`, say): in the totals, never in the context. */
  appendUsage(kind: string, provider: string, model: string, usage: Usage, note?: string): string {
    const entry: UsageEntry = { ...this.base("usage"), kind, provider, model, usage };
    if (note !== undefined) entry.note = note;
    return this.append(entry);
  }

  /** Hides (`null`) or replaces the content of an earlier entry in the model's context on this branch. */
  appendContextEdit(targetId: string, replacement: ContextEditEntry["replacement"]): string {
    this.requireEntry(targetId);
    return this.append<ContextEditEntry>({ ...this.base("context_edit"), targetId, replacement });
  }

  /** Sets (or with undefined/"" clears) the label of an entry. */
  setLabel(targetId: string, label: string | undefined): string {
    this.requireEntry(targetId);
    const entry: LabelEntry = { ...this.base("label"), targetId, label };
    return this.append(entry);
  }

  /** The session's display name; "" clears it. The last name entry wins. */
  setSessionName(name: string): string {
    return this.append<SessionInfoEntry>({ ...this.base("session_info"), name: name.trim() });
  }

  // --- reading --------------------------------------------------------------------------------------

  getEntries(): SessionEntry[] {
    return [...this.index.entries];
  }

  /**
   * The entries themselves, not a copy, for a reader that keeps up with them as they are appended: never changed
   * in place, only appended to; another session (new, resumed) comes with another list.
   */
  liveEntries(): readonly SessionEntry[] {
    return this.index.entries;
  }

  getEntry(id: string): SessionEntry | undefined {
    return this.index.get(id);
  }

  getLeafId(): string | null {
    return this.leafId;
  }

  getLeafEntry(): SessionEntry | undefined {
    return this.leafId === null ? undefined : this.index.get(this.leafId);
  }

  getChildren(parentId: string): SessionEntry[] {
    return [...this.index.children(parentId)];
  }

  getLabel(id: string): string | undefined {
    return this.index.labels.get(id)?.label;
  }

  getSessionName(): string | undefined {
    return this.index.sessionName;
  }

  /** root → `fromId` (default: the leaf), all entry types */
  getBranch(fromId?: string): SessionEntry[] {
    return this.index.path(fromId ?? this.leafId);
  }

  buildSessionContext(): SessionContext {
    return buildSessionContext(this.index.entries, this.leafId, this.index);
  }

  /** The active branch's thinking level and model, without building its context. */
  getBranchSettings(): BranchSettings {
    return branchSettings(this.getBranch());
  }

  /** Roots are entries without a (valid) parent; children sorted oldest first. */
  getTree(): SessionTreeNode[] {
    const nodes = new Map<string, SessionTreeNode>();
    for (const entry of this.index.entries) {
      const label = this.index.labels.get(entry.id);
      nodes.set(entry.id, label ? { entry, children: [], label: label.label, labelTimestamp: label.timestamp } : { entry, children: [] });
    }
    const roots: SessionTreeNode[] = [];
    for (const entry of this.index.entries) {
      const parent = this.index.parentOf(entry.id);
      const node = nodes.get(entry.id)!;
      if (parent === null) roots.push(node);
      else nodes.get(parent)!.children.push(node);
    }
    for (const node of nodes.values()) {
      if (node.children.length > 1) node.children.sort((a, b) => Date.parse(a.entry.timestamp) - Date.parse(b.entry.timestamp));
    }
    return roots;
  }

  // --- moving and copying ---------------------------------------------------------------------------

  /** The next entry becomes a child of `entryId`. */
  branch(entryId: string): void {
    this.requireEntry(entryId);
    this.leafId = entryId;
  }

  /** The next entry becomes a new root. */
  resetLeaf(): void {
    this.leafId = null;
  }

  /** Starts a new empty session in the same place; returns its file. */
  newSession(options: NewSessionOptions = {}): string | undefined {
    this.closeWriter();
    this.startNew(options, this.location);
    return this.getSessionFile();
  }

  /**
   * Continues in a new session holding the path to a point of this one (labels on it included):
   * `before` a user message (the path up to its parent; its text is returned for editing) or `at` any entry.
   * The new session records this one as `parentSession` and is stored once it has a user or assistant message.
   */
  fork(entryId: string, position: ForkPosition = "before"): ForkResult {
    const entry = this.index.get(entryId);
    if (!entry) throw new PithError("SESSION_ENTRY_NOT_FOUND", `Cannot fork: entry ${entryId} is not in session ${this.location}.`);
    if (position === "at") return { sessionFile: this.continueFrom(entry.id) };
    if (entry.type !== "message" || entry.message.role !== "user") {
      throw new PithError(
        "SESSION_FORK_INVALID",
        `Cannot fork before entry ${entryId}: it is not a user message (fork "at" works on any entry).`,
      );
    }
    return { sessionFile: this.continueFrom(this.index.parentOf(entry.id)), selectedText: messageText(entry.message) };
  }

  /** A copy of the current branch in a new session (pi's `/clone`). */
  clone(): ForkResult {
    return { sessionFile: this.continueFrom(this.leafId) };
  }

  /** Gives up the store's write access; the manager can no longer append. */
  close(): void {
    this.closeWriter();
    this.closed = true;
  }

  // --- internals ------------------------------------------------------------------------------------

  private base<T extends SessionEntry["type"]>(type: T): SessionEntryBase & { type: T } {
    return { type, id: newEntryId(this.index), parentId: this.leafId, timestamp: new Date().toISOString() };
  }

  /**
   * pi's deferred write: a session is stored only once it has a user or assistant message, so starting and quitting
   * without a prompt leaves no file, and a prompt whose reply never came is kept; from then on every entry is written
   * before it joins the tree.
   */
  private append<E extends SessionEntry>(entry: E): string {
    if (this.closed) throw new PithError("SESSION_CLOSED", `Session ${this.location} was closed; open it again to write.`);
    if (this.writer) this.writer.append(entry);
    else if (this.index.hasConversation || isConversationRole(messageRole(entry))) {
      this.writer = this.createWriter([this.header, ...this.index.entries, entry]);
    }
    this.index.add(entry);
    this.leafId = entry.id;
    return entry.id;
  }

  private continueFrom(target: string | null): string | undefined {
    const path = target === null ? [] : withoutLabels(this.index.path(target));
    const onPath = new Set(path.map((entry) => entry.id));
    const taken = new Set(onPath);
    const labels: LabelEntry[] = [];
    let parentId = path[path.length - 1]?.id ?? null;
    for (const [targetId, state] of this.index.labels) {
      if (!onPath.has(targetId)) continue;
      const id = newEntryId(taken);
      taken.add(id);
      labels.push({ type: "label", id, parentId, timestamp: state.timestamp, targetId, label: state.label });
      parentId = id;
    }
    const parentSession = this.getSessionFile();
    this.closeWriter();
    this.startNew(parentSession === undefined ? {} : { parentSession }, this.location);
    const entries = [...path, ...labels];
    this.install(entries);
    if (this.index.hasConversation) this.writer = this.createWriter([this.header, ...entries]);
    return this.getSessionFile();
  }

  private load(location: string, cwdOverride: string | undefined): void {
    const writer = this.store.openWriter(location, this.writerOptions());
    if (!writer) {
      this.startNew({}, undefined, location);
      return;
    }
    try {
      const stored = this.store.read(location, this.writerOptions()) ?? { records: [], warnings: [] };
      if (stored.empty) {
        // A file of zero bytes: a run killed between creating the file and writing its first lines, or one made by
        // hand. It holds nothing to keep, so the new session goes into it (as pi 1.6.0 does), not into a sibling.
        this.startNew({}, undefined, location);
        writer.append(this.header);
        this.writer = writer;
        return;
      }
      const result = loadSessionRecords(stored.records, location, stored.warnings);
      if (!result.ok) {
        for (const problem of result.warnings) this.warn(problem);
        writer.close();
        this.startNew({}, location);
        this.warn(warning("bad_header", location, undefined, `not a session file; continuing in a new session at ${this.location}`));
        return;
      }
      const { header, entries, index, migratedFrom } = result.session;
      for (const problem of result.session.warnings) this.warn(problem);
      if (migratedFrom !== undefined) {
        const backup = writer.replace([header, ...entries], `v${migratedFrom}`);
        this.warn(warning("migrated", location, undefined, `upgraded from version ${migratedFrom} to ${CURRENT_SESSION_VERSION}; the original is kept in ${backup}`));
      }
      this.header = header;
      this.location = location;
      this.cwd = cwdOverride ?? (header.cwd || this.cwd);
      this.install(index);
      this.writer = writer;
    } catch (error) {
      writer.close();
      throw error;
    }
  }

  private startNew(options: NewSessionOptions, near?: string, location?: string): void {
    const header: SessionHeader = {
      type: "session",
      version: CURRENT_SESSION_VERSION,
      id: options.id ?? uuidv7(),
      timestamp: new Date().toISOString(),
      cwd: this.cwd,
    };
    if (options.parentSession !== undefined) header.parentSession = options.parentSession;
    this.header = header;
    this.location = location ?? this.store.locate(header, near);
    this.install([]);
    this.closed = false;
  }

  private install(entries: readonly SessionEntry[] | EntryIndex): void {
    this.index = entries instanceof EntryIndex ? entries : new EntryIndex(entries);
    this.leafId = this.index.last?.id ?? null;
  }

  private closeWriter(): void {
    this.writer?.close();
    this.writer = undefined;
  }

  private requireEntry(id: string): void {
    if (!this.index.has(id)) throw new PithError("SESSION_ENTRY_NOT_FOUND", `Entry ${id} not found in session ${this.location}.`);
  }

  private writerOptions() {
    return { onWarning: (problem: SessionWarning) => this.warn(problem) };
  }

  /**
   * Stores a new session. Another process may have taken its location since this session started (two runs
   * given the same new `--session` file): the conversation then goes to a sibling location, which the warning
   * names, instead of being lost.
   */
  private createWriter(lines: readonly FileEntry[]): SessionWriter {
    const wanted = this.location;
    for (let attempt = 1; attempt <= MAX_SIBLINGS; attempt++) {
      const location = attempt === 1 ? wanted : siblingLocation(wanted, attempt);
      try {
        const writer = this.store.create(location, lines, this.writerOptions());
        if (location !== wanted) {
          this.location = location;
          this.warn(warning("relocated", wanted, undefined, `another process started this session file meanwhile; this session is saved as ${location}`));
        }
        return writer;
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (code !== "SESSION_EXISTS" && code !== "SESSION_LOCKED") throw error;
      }
    }
    throw new PithError("SESSION_NO_LOCATION", `Could not store the session: ${wanted} and ${MAX_SIBLINGS - 1} sibling names are all taken.`);
  }

  private warn(problem: SessionWarning): void {
    this.warnings.push(problem);
    this.options.onWarning?.(problem);
  }
}
