// pi 1.6.0's actionable boundaries, `turn_end` and `agent_before_settle`, on pith's hooks of those names. Each
// extension handler is one tap: it sees the session entries proposed so far (`entries`), the continuation asked
// for so far (`continue`) and the context those entries would give (`context`), and may replace either. The
// proposal travels in `runtime.boundary` for the one hook call (the kernel's state carries `continue` only: entries
// are a session matter). One tap after every handler validates the proposal, appends it in order (each entry
// announced with `entry_appended`), rebuilds the conversation from the session and lets the continuation stand
// only when the model has something to answer. Invalid entries are reported and nothing of them is appended.
import { PithError, errorMessage, type AgentMessage, type SessionApi, type TurnEndState } from "../../../kernel/index.js";
import { convertToLlm } from "../../../lib/transcript/convert-to-llm.js";
import { buildSessionContext, projectedEntries } from "../../sessions/tree/session-context.js";
import type { SessionManager } from "../../sessions/session-manager.js";
import type { SessionEntry } from "../../sessions/format/types.js";
import { extensionError } from "../instance/errors.js";
import type { BoundaryContextPreview, BoundaryResult, SessionBoundaryDraft } from "../contract/event-types.js";
import type { ExtensionRuntime } from "../runtime.js";
import { catchUp, type Tap } from "./tap.js";

export type BoundaryName = "turn_end" | "agent_before_settle";

/** What the handlers of one boundary proposed so far. */
const DRAFT_TYPES = ["custom", "custom_message", "context_edit", "compaction"];

export function tapBoundary(tap: Tap, name: BoundaryName): void {
  const { runtime, record } = tap;
  commitAfterHandlers(runtime);
  const scope = runtime.pluginContextFor(record);
  if (name === "agent_before_settle") {
    scope.on("agent_before_settle", async (state) => {
      await catchUp(runtime);
      const asked = await ask(tap, name, { type: name, outcome: state.outcome }, state.continue, state.signal);
      return asked === undefined ? undefined : { ...state, continue: asked };
    });
    return;
  }
  scope.on("turn_end", async (state) => {
    await runtime.session.drainEvents(); // the turn's messages are stored once their message_end was delivered
    const manager = runtime.sessions()?.manager;
    const idOf = (message: AgentMessage) => (manager ? entryIdOf(manager, message) : undefined);
    const { turnIndex, message, toolResults, outcome } = state;
    const messageEntryId = idOf(message);
    if (manager && !messageEntryId) throw new PithError("EXTENSION_ERROR", `turn_end could not find the stored entry of the assistant message`, { plugin: record.owner, hook: name });
    const toolResultEntryIds = toolResults.flatMap((result) => idOf(result) ?? []);
    const base = { type: name, turnIndex, message, toolResults, messageEntryId: messageEntryId ?? "", toolResultEntryIds, outcome };
    const asked = await ask(tap, name, base, state.continue, runtime.currentSignal);
    return asked === undefined ? undefined : { ...state, continue: asked };
  });
}

/** Calls one handler with the proposal so far; the `continue` it returned, if any. */
async function ask(tap: Tap, name: BoundaryName, base: { type: BoundaryName; outcome: TurnEndState["outcome"] }, asked: boolean, signal?: AbortSignal): Promise<boolean | undefined> {
  const { runtime, record, call } = tap;
  const proposal = runtime.boundary;
  const context = proposal.context ?? preview(runtime, [], name);
  const result = await call<BoundaryResult>({ ...base, entries: proposal.entries, continue: asked, context }, signal);
  if (result?.entries !== undefined) {
    proposal.entries = result.entries;
    try {
      proposal.context = preview(runtime, result.entries, name);
      proposal.valid = true;
    } catch (error) {
      proposal.valid = false;
      runtime.report(extensionError(record.owner, name, `Invalid boundary entries: ${errorMessage(error)}`));
    }
  }
  return typeof result?.continue === "boolean" ? result.continue : undefined;
}

/** Once per runtime: after every handler, append the proposal and settle the continuation. */
function commitAfterHandlers(runtime: ExtensionRuntime): void {
  if (runtime.commitsBoundaries) return;
  runtime.commitsBoundaries = true;
  const settle = <S extends { continue: boolean }>(name: BoundaryName, state: S): S => {
    const proposal = runtime.boundary;
    runtime.boundary = { entries: [], valid: true };
    if (!proposal.valid) return { ...state, continue: false };
    if (proposal.entries.length > 0) commit(runtime, proposal.entries, name);
    const queued = runtime.session.getState().pendingMessageCount > 0;
    // as in pi, messages queued meanwhile make the settling run go on
    const wanted = state.continue || (name === "agent_before_settle" && queued);
    if (wanted && !canContinue(runtime.session, name, queued)) {
      if (state.continue) runtime.report(new PithError("EXTENSION_ERROR", `${name} requested continuation without runnable model context`, { plugin: "<boundary>", hook: name }));
      return { ...state, continue: false };
    }
    return { ...state, continue: wanted };
  };
  runtime.context.on("turn_end", (state) => settle("turn_end", state), { stage: 1000 });
  runtime.context.on("agent_before_settle", (state) => settle("agent_before_settle", state), { stage: 1000 });
}

function commit(runtime: ExtensionRuntime, drafts: readonly SessionBoundaryDraft[], name: BoundaryName): void {
  const manager = runtime.sessions()?.manager;
  if (!manager) {
    runtime.report(new PithError("EXTENSION_ERROR", `${name} proposed entries, but this session stores none; they were dropped`, { plugin: "<boundary>", hook: name }));
    return;
  }
  for (const draft of drafts) {
    const entry = manager.getEntry(append(manager, draft, runtime));
    if (entry) runtime.context.emit({ type: "entry_appended", entry });
  }
  runtime.session.replaceMessages(manager.buildSessionContext().messages);
}

function append(manager: SessionManager, draft: SessionBoundaryDraft, runtime: ExtensionRuntime): string {
  switch (draft.type) {
    case "custom":
      return manager.appendCustomEntry(draft.customType, draft.data);
    case "custom_message":
      return manager.appendCustomMessage(draft.customType, draft.content, draft.display, draft.details);
    case "context_edit":
      return manager.appendContextEdit(draft.targetId, draft.replacement);
    case "compaction": {
      const tokensBefore = runtime.compaction()?.estimateContext().tokens ?? 0;
      return manager.appendCompaction(draft.summary, draft.firstKeptEntryId, tokensBefore, draft.details, true, draft.usage);
    }
  }
}

/** The context the drafts would give, built the way the session builds its own; throws on a draft that is not valid. */
function preview(runtime: ExtensionRuntime, drafts: unknown, name: BoundaryName): BoundaryContextPreview {
  if (!Array.isArray(drafts)) throw new Error("entries must be an array");
  const manager = runtime.sessions()?.manager;
  const path: SessionEntry[] = manager ? manager.getBranch() : [];
  let parentId = path.at(-1)?.id ?? null;
  drafts.forEach((draft: unknown, position) => {
    const entry = draftEntry(draft, `boundary-draft-${position}`, parentId, path);
    path.push(entry);
    parentId = entry.id;
  });
  const contextMessages = manager ? buildSessionContext(path, parentId).messages : [...runtime.session.messages];
  const pendingMessages = [...runtime.session.getState().pendingMessages];
  const queued = pendingMessages.length > 0;
  return {
    contextEntries: projectedEntries(path),
    contextMessages,
    llmMessages: convertToLlm(contextMessages),
    pendingMessages,
    canContinue: canContinueWith(contextMessages, name, queued),
  };
}

function canContinue(session: SessionApi, name: BoundaryName, queued: boolean): boolean {
  return canContinueWith(session.messages, name, queued);
}

/** pi's rule: the model has something to answer, or queued messages will give it something. */
function canContinueWith(messages: readonly AgentMessage[], name: BoundaryName, queued: boolean): boolean {
  const llm = convertToLlm(messages);
  const finalRole = llm.at(-1)?.role;
  const answerable = llm.some((message) => (message.role as string) !== "system") && finalRole !== "assistant";
  return answerable || (queued && (name === "turn_end" || finalRole === "assistant"));
}

/** A draft as the entry it would become; throws naming what is wrong with it. */
function draftEntry(draft: unknown, id: string, parentId: string | null, path: readonly SessionEntry[]): SessionEntry {
  const fields = (draft ?? {}) as Record<string, unknown>;
  const type = fields.type;
  if (typeof type !== "string" || !DRAFT_TYPES.includes(type)) {
    throw new Error(`entry type ${JSON.stringify(type)} is not one of ${DRAFT_TYPES.join(", ")}`);
  }
  const base = { id, parentId, timestamp: new Date().toISOString() };
  const onBranch = (target: unknown) => typeof target === "string" && path.some((entry) => entry.id === target);
  const content = (value: unknown) => typeof value === "string" || Array.isArray(value);
  if (type === "custom" || type === "custom_message") {
    if (typeof fields.customType !== "string" || !fields.customType) throw new Error(`a ${type} entry needs a customType`);
    if (type === "custom") return { ...base, type, customType: fields.customType, data: fields.data } as SessionEntry;
    if (!content(fields.content) || typeof fields.display !== "boolean") throw new Error("a custom_message entry needs content (text or blocks) and display (boolean)");
    return { ...base, type, customType: fields.customType, content: fields.content, display: fields.display, details: fields.details } as SessionEntry;
  }
  if (type === "context_edit") {
    if (!onBranch(fields.targetId)) throw new Error(`context_edit target ${JSON.stringify(fields.targetId)} is not an entry of this branch`);
    const replacement = fields.replacement as { content?: unknown } | null;
    if (replacement !== null && !content(replacement?.content)) throw new Error("a context_edit replacement is null or {content}");
    return { ...base, type, targetId: fields.targetId, replacement } as SessionEntry;
  }
  if (typeof fields.summary !== "string") throw new Error("a compaction entry needs a summary");
  if (fields.firstKeptEntryId !== null && !onBranch(fields.firstKeptEntryId)) throw new Error(`compaction firstKeptEntryId ${JSON.stringify(fields.firstKeptEntryId)} is not an entry of this branch`);
  return { ...base, type, summary: fields.summary, firstKeptEntryId: fields.firstKeptEntryId ?? id, tokensBefore: 0, details: fields.details } as SessionEntry;
}

/** The stored entry of a message of this run: the same object, or the same role and time (a replaced message). */
function entryIdOf(manager: SessionManager, message: AgentMessage): string | undefined {
  const branch = manager.getBranch();
  for (let at = branch.length - 1; at >= 0; at--) {
    const entry = branch[at]!;
    if (entry.type !== "message") continue;
    const stored = entry.message as AgentMessage & { timestamp?: number };
    if (stored === message || (stored.role === message.role && stored.timestamp === (message as { timestamp?: number }).timestamp)) return entry.id;
  }
  return undefined;
}
