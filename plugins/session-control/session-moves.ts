// Moving a session to another conversation in place: a new one, a stored one, a fork or a clone. As in pi 0.73:
// any plugin may cancel first (the session_before_switch / session_before_fork hooks); a running reply is
// stopped; every plugin hears session_shutdown{reason, targetSessionFile} for the conversation it leaves; the
// runtime is rebuilt (settings, resources, and every extension run again as a new instance, see rebuild.ts);
// then every plugin hears `session_start` with the move's reason and the previous file, and the new extension
// instances `resources_discover{reason:"startup"}`.
import { isTapped, PithError, type SessionApi } from "../../kernel/index.js";
import type { ForkPosition, SessionManager, SessionsService } from "../sessions/index.js";
import { resolveSessionArg } from "../sessions/index.js";
import { recordInitialThinkingLevel, restoredState } from "./restore-session.js";
import { rebuildRuntime } from "./rebuild.js";
import { requireService } from "./require-service.js";
import { vetoed, type SessionControlHooks } from "./move-hooks.js";
import type { RebuildHost } from "./rebuild.js";

/** What a move needs: the session (to stop runs, leave and announce `session_start`), the services and hooks. */
export interface MoveHost extends RebuildHost {
  readonly hooks: SessionControlHooks;
}

export interface MoveResult {
  /** an extension cancelled the move; nothing changed */
  cancelled: boolean;
}

export interface ForkMoveResult extends MoveResult {
  /** `before` a user message: that message's text, for the user to edit and send again */
  text?: string;
}

export interface NewSessionOptions {
  /** recorded in the new session's header */
  parentSession?: string;
  /** runs on the new, still empty session before plugins hear `session_start` (pi's `ctx.newSession({setup})`) */
  setup?: (manager: SessionManager) => void | Promise<void>;
}

/** A move must not pull the conversation from under a running reply. */
export async function stopRun(agent: SessionApi): Promise<void> {
  if (agent.isStreaming) await agent.abort();
}

export async function newSession(host: MoveHost, options: NewSessionOptions = {}): Promise<MoveResult> {
  const { agent } = host;
  const sessions = requireService(host.use, "sessions", "start a new session");
  if (await beforeSwitch(host, "new")) return { cancelled: true };
  await agent.leave("new");
  const previous = sessions.manager.getSessionFile();
  sessions.newSession({ parentSession: options.parentSession });
  // Like a session created at start-up, a new one opens with the model and thinking level it uses.
  if (agent.model) sessions.manager.appendModelChange(agent.model.provider, agent.model.id);
  recordInitialThinkingLevel(sessions.manager, agent.thinkingLevel);
  await options.setup?.(sessions.manager);
  await rebuildRuntime(host);
  await agent.start("new", previous);
  return { cancelled: false };
}

/** Opens a stored session of this project (a file path, or an id prefix); its model and thinking level come back. */
export async function switchSession(host: MoveHost, target: string, signal?: AbortSignal): Promise<MoveResult> {
  const { agent } = host;
  const sessions = requireService(host.use, "sessions", "switch sessions");
  const location = await locate(sessions, target, agent.cwd, signal);
  if (await beforeSwitch(host, "resume", location)) return { cancelled: true };
  // Opened before the plugins hear session_shutdown: an unreadable or locked file leaves them as they were.
  const next = sessions.open(location);
  try {
    await agent.leave("resume", location);
  } catch (error) {
    if (next !== sessions.manager) next.close();
    throw error;
  }
  const previous = sessions.manager.getSessionFile();
  sessions.install(next);
  await rebuildRuntime(host, signal);
  await restoreModelAndThinking(host, sessions);
  await agent.start("resume", previous);
  return { cancelled: false };
}

export async function forkSession(host: MoveHost, entryId: string, position: ForkPosition = "before"): Promise<ForkMoveResult> {
  const { agent } = host;
  const sessions = requireService(host.use, "sessions", "fork the session");
  // pi asks the extensions before it looks the entry up.
  if (await beforeFork(host, entryId, position)) return { cancelled: true };
  if (!sessions.manager.getEntry(entryId)) {
    throw new PithError("SESSION_ENTRY_NOT_FOUND", `Cannot fork: entry ${entryId} is not in this session. getForkMessages() lists the user messages to fork from.`);
  }
  await agent.leave("fork");
  const previous = sessions.manager.getSessionFile();
  const result = sessions.fork(entryId, position);
  await rebuildRuntime(host);
  await agent.start("fork", previous);
  return result.selectedText === undefined ? { cancelled: false } : { cancelled: false, text: result.selectedText };
}

/** pi's `/clone`: the current branch, copied into a new session (a fork "at" the leaf). */
export async function cloneSession(host: MoveHost): Promise<MoveResult> {
  const { agent } = host;
  const sessions = requireService(host.use, "sessions", "clone the session");
  const leafId = sessions.manager.getLeafId();
  if (leafId === null) throw new PithError("SESSION_EMPTY", "Cannot clone session: no current entry selected (the session has no entries yet).");
  if (await beforeFork(host, leafId, "at")) return { cancelled: true };
  await agent.leave("fork");
  const previous = sessions.manager.getSessionFile();
  sessions.clone();
  await rebuildRuntime(host);
  await agent.start("fork", previous);
  return { cancelled: false };
}

function beforeSwitch({ hooks }: MoveHost, reason: "new" | "resume", targetSessionFile?: string): Promise<boolean> {
  if (!isTapped(hooks.session_before_switch)) return Promise.resolve(false);
  return vetoed(hooks.session_before_switch.promise(targetSessionFile ? { reason, targetSessionFile } : { reason }));
}

function beforeFork({ hooks }: MoveHost, entryId: string, position: ForkPosition): Promise<boolean> {
  if (!isTapped(hooks.session_before_fork)) return Promise.resolve(false);
  return vetoed(hooks.session_before_fork.promise({ entryId, position }));
}

async function locate(sessions: SessionsService, target: string, cwd: string, signal?: AbortSignal): Promise<string> {
  const found = await resolveSessionArg(sessions.store, target, cwd, signal);
  if (found.kind === "path" || found.kind === "local") return found.location;
  if (found.kind === "global") {
    throw new PithError(
      "SESSION_OF_OTHER_PROJECT",
      `Session "${target}" belongs to ${found.cwd}, and this session's tools work in ${cwd}. Open it in its own folder with runtime.resume("${target}"), or copy it here with createAgentSession({ fork: "${target}" }).`,
    );
  }
  throw new PithError("SESSION_NOT_FOUND", `No session matches "${target}". Give a session file path, or an id prefix of a session of ${cwd}.`);
}

/** A resumed session continues with its own model (when it is known and has a key) and thinking level. */
async function restoreModelAndThinking(host: MoveHost, sessions: SessionsService): Promise<void> {
  const { agent } = host;
  const restored = restoredState(sessions.manager);
  const models = host.use("models");
  const model = restored?.model && models?.find(restored.model.provider, restored.model.modelId);
  if (model && models?.hasAuth(model.provider)) await agent.setModel(model, "restore");
  if (restored?.thinkingLevel) await agent.setThinkingLevel(restored.thinkingLevel);
  recordInitialThinkingLevel(sessions.manager, agent.thinkingLevel);
}
