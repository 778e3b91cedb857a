// pi 1.6.0's `SessionManager` as `@earendil-works/pi-coding-agent` serves it to extensions: pi's class and members
// over pith's own session manager, which reads and writes pi's version 3 files. Files are written with pith's lock
// taken for each write only (./shared-file-store.ts); in-memory sessions live in a store of their own.
import { dirname, resolve } from "node:path";
import { PithError, type AgentMessage, type ImageContent, type TextContent, type Usage } from "../../../../kernel/index.js";
import {
  CURRENT_SESSION_VERSION,
  JsonlSessionStore,
  MemorySessionStore,
  SessionManager as StoredSession,
  defaultSessionDir,
  uuidv7,
  type ContextEditEntry,
  type FileEntry,
  type SessionContext,
  type SessionEntry,
  type SessionHeader,
  type SessionInfo,
  type SessionStore,
  type SessionTreeNode,
  type UsageEntry,
} from "../../../sessions/index.js";
import { contextEntries, sessionProjection, type SessionProjection } from "../../../sessions/tree/session-context.js";
import { resolveAgentDir } from "../../../../lib/agent-dir/agent-dir.js";
import { extensionHost } from "../host.js";
import { checkContextEdit } from "./context-edit-check.js";
import { newestSession, sessionWithId } from "./session-files.js";
import { SharedFileStore } from "./shared-file-store.js";

export interface NewSessionOptions {
  id?: string;
  parentSession?: string;
}

const SESSION_ID = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;

function checkId(id: string | undefined): void {
  if (id !== undefined && !SESSION_ID.test(id)) {
    throw new PithError("SESSION_ID_INVALID", `Session id "${id}": use letters, digits, ".", "_" and "-", starting and ending with a letter or digit.`);
  }
}

const agentDir = () => extensionHost()?.agentDir ?? resolveAgentDir();
const projectDir = (cwd: string) => defaultSessionDir(resolve(cwd), agentDir());
const filesIn = (dir: string) => new SharedFileStore(new JsonlSessionStore({ agentDir: agentDir(), sessionDir: dir }));
/** a folder given for the sessions of `cwd` that is not its own holds other projects' sessions too */
const cwdFilter = (cwd: string, dir: string) => (resolve(dir) === projectDir(cwd) ? undefined : resolve(cwd));

export class SessionManager {
  private constructor(
    private session: StoredSession,
    private readonly sessionDir: string,
    private readonly store: SessionStore,
  ) {}

  static create(cwd: string, sessionDir?: string, options: NewSessionOptions = {}): SessionManager {
    checkId(options.id);
    const dir = sessionDir ? resolve(sessionDir) : projectDir(cwd);
    const store = filesIn(dir);
    return new SessionManager(StoredSession.create(store, resolve(cwd), options), dir, store);
  }

  static open(path: string, sessionDir?: string, cwdOverride?: string): SessionManager {
    const file = resolve(path);
    const dir = sessionDir ? resolve(sessionDir) : dirname(file);
    const store = filesIn(dir);
    return new SessionManager(openFile(store, file, cwdOverride), dir, store);
  }

  static continueRecent(cwd: string, sessionDir?: string): SessionManager {
    const dir = sessionDir ? resolve(sessionDir) : projectDir(cwd);
    const newest = newestSession(dir, cwdFilter(cwd, dir));
    return newest ? SessionManager.open(newest, dir) : SessionManager.create(cwd, dir);
  }

  /** `entries` without a header join a new session; with one, they are that session (upgraded if older) */
  static inMemory(cwd = process.cwd(), options: NewSessionOptions = {}, entries?: FileEntry[]): SessionManager {
    checkId(options.id);
    const store = new MemorySessionStore();
    if (!entries?.length) return new SessionManager(StoredSession.create(store, resolve(cwd), options), "", store);
    const header = entries.find((entry): entry is SessionHeader => entry.type === "session") ?? newHeader(resolve(cwd), options);
    const location = store.locate(header);
    store.create(location, [header, ...entries.filter((entry) => entry !== header)]).close();
    return new SessionManager(StoredSession.open(store, location, { cwdOverride: resolve(cwd) }), "", store);
  }

  static forkFrom(sourcePath: string, targetCwd: string, sessionDir?: string, options: NewSessionOptions = {}): SessionManager {
    checkId(options.id);
    const dir = sessionDir ? resolve(sessionDir) : projectDir(targetCwd);
    const store = filesIn(dir);
    return new SessionManager(StoredSession.forkFrom(store, resolve(sourcePath), resolve(targetCwd), { id: options.id }), dir, store);
  }

  static findById(cwd: string, id: string, sessionDir?: string): string | undefined {
    const dir = sessionDir ? resolve(sessionDir) : projectDir(cwd);
    return sessionWithId(dir, id, cwdFilter(cwd, dir));
  }

  /** a project's sessions: in `sessionDir` when given, else in the running session's store (or the agent folder's) */
  static list(cwd: string, sessionDir?: string, _onProgress?: unknown, signal?: AbortSignal): Promise<SessionInfo[]> {
    const query = { cwd: resolve(cwd), ...(signal ? { signal } : {}) };
    if (sessionDir) return filesIn(resolve(sessionDir)).list(query).then((found) => found.filter((info) => !cwdFilter(cwd, sessionDir) || info.cwd === query.cwd));
    return extensionHost()?.listSessions(query) ?? new JsonlSessionStore({ agentDir: agentDir() }).list(query);
  }

  static listAll(...args: unknown[]): Promise<SessionInfo[]> {
    const signal = args.find((arg): arg is AbortSignal => arg instanceof AbortSignal);
    const query = { all: true, ...(signal ? { signal } : {}) };
    if (typeof args[0] === "string") return filesIn(resolve(args[0])).list(query);
    return extensionHost()?.listSessions(query) ?? new JsonlSessionStore({ agentDir: agentDir() }).list(query);
  }

  // --- the session ----------------------------------------------------------------------------------

  setSessionFile(sessionFile: string): void {
    this.session.close();
    this.session = openFile(this.store instanceof MemorySessionStore ? filesIn(dirname(resolve(sessionFile))) : this.store, resolve(sessionFile));
  }

  newSession(options: NewSessionOptions = {}): string | undefined {
    checkId(options.id);
    return this.session.newSession(options);
  }

  isPersisted = (): boolean => this.session.isPersisted();
  getCwd = (): string => this.session.getCwd();
  getSessionDir = (): string => this.sessionDir;
  usesDefaultSessionDir = (): boolean => this.sessionDir === projectDir(this.session.getCwd());
  getSessionId = (): string => this.session.getSessionId();
  getSessionFile = (): string | undefined => this.session.getSessionFile();
  getHeader = (): SessionHeader | null => this.session.getHeader() ?? null;

  // --- appending ------------------------------------------------------------------------------------

  appendMessage = (message: AgentMessage): string => this.session.appendMessage(message);
  appendThinkingLevelChange = (thinkingLevel: string): string => this.session.appendThinkingLevelChange(thinkingLevel);
  appendModelChange = (provider: string, modelId: string): string => this.session.appendModelChange(provider, modelId);
  appendCustomEntry = (customType: string, data?: unknown): string => this.session.appendCustomEntry(customType, data);

  /** pi returns the entry itself */
  appendUsage(kind: string, provider: string, model: string, usage: Usage, note?: string): UsageEntry {
    return this.session.getEntry(this.session.appendUsage(kind, provider, model, usage, note || undefined)) as UsageEntry;
  }

  appendCompaction(summary: string, firstKeptEntryId: string | null, tokensBefore: number, details?: unknown, fromHook?: boolean, usage?: Usage): string {
    return this.session.appendCompaction(summary, firstKeptEntryId, tokensBefore, details, fromHook, usage);
  }

  /** a name is one line */
  appendSessionInfo = (name: string): string => this.session.setSessionName(name.replace(/[\r\n]+/g, " "));
  getSessionName = (): string | undefined => this.session.getSessionName();

  appendCustomMessageEntry(customType: string, content: string | (TextContent | ImageContent)[], display: boolean, details?: unknown): string {
    return this.session.appendCustomMessage(customType, content, display, details);
  }

  appendContextEdit(targetId: string, replacement: ContextEditEntry["replacement"]): string {
    return this.session.appendContextEdit(targetId, checkContextEdit(this.session, targetId, replacement));
  }

  appendLabelChange = (targetId: string, label: string | undefined): string => this.session.setLabel(targetId, label);

  branchWithSummary(branchFromId: string | null, summary: string, details?: unknown, fromHook?: boolean, usage?: Usage): string {
    return this.session.appendBranchSummary(branchFromId, summary, details, fromHook, usage);
  }

  // --- reading --------------------------------------------------------------------------------------

  getLeafId = (): string | null => this.session.getLeafId();
  getLeafEntry = (): SessionEntry | undefined => this.session.getLeafEntry();
  getEntry = (id: string): SessionEntry | undefined => this.session.getEntry(id);
  getChildren = (parentId: string): SessionEntry[] => this.session.getChildren(parentId);
  getLabel = (id: string): string | undefined => this.session.getLabel(id);
  getBranch = (fromId?: string): SessionEntry[] => this.session.getBranch(fromId);
  getEntries = (): SessionEntry[] => this.session.getEntries();
  getEntryCount = (): number => this.session.getEntries().length;
  getTree = (): SessionTreeNode[] => this.session.getTree();
  buildContextEntries = (): SessionEntry[] => contextEntries(this.session.getBranch());
  buildSessionProjection = (): SessionProjection => sessionProjection(this.session.getBranch());

  buildSessionContext(): SessionContext {
    const { messages, thinkingLevel, model } = this.buildSessionProjection();
    return { messages, thinkingLevel, model };
  }

  // --- moving ---------------------------------------------------------------------------------------

  branch = (branchFromId: string): void => this.session.branch(branchFromId);
  resetLeaf = (): void => this.session.resetLeaf();

  /** the path to `leafId` (labels on it included) as a new session; its file, none in memory */
  createBranchedSession(leafId: string): string | undefined {
    if (!this.session.getEntry(leafId)) throw new PithError("SESSION_ENTRY_NOT_FOUND", `Entry ${leafId} not found in session ${this.session.getLocation()}.`);
    return this.session.fork(leafId, "at").sessionFile;
  }
}

function newHeader(cwd: string, options: NewSessionOptions): SessionHeader {
  const header: SessionHeader = { type: "session", version: CURRENT_SESSION_VERSION, id: options.id ?? uuidv7(), timestamp: new Date().toISOString(), cwd };
  if (options.parentSession !== undefined) header.parentSession = options.parentSession;
  return header;
}

/** pi refuses a file that holds something other than a session, where pith's own start would go elsewhere */
function openFile(store: SessionStore, file: string, cwdOverride?: string): StoredSession {
  const session = StoredSession.open(store, file, cwdOverride === undefined ? {} : { cwdOverride });
  if (session.getLocation() !== file) {
    session.close();
    throw new PithError("SESSION_INVALID", `Session file is not a valid session: ${file}`);
  }
  return session;
}
