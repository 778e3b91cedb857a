// Moving a session to another conversation in place: a new one, a stored one, a fork or a clone. Extensions may
// cancel first (session_before_switch / session_before_fork); a running reply is stopped; afterwards plugins
// hear `session_start` with the move's reason, as pi 0.73 announces a replaced session.
import type { AgentSession } from "../../kernel/agent-session.js";
import { PithError } from "../../kernel/errors.js";
import type { ForkPosition, SessionsService } from "../../plugins/sessions/index.js";
import { resolveSessionArg } from "../../plugins/sessions/index.js";
import type { ExtensionsService } from "../../plugins/extensions/index.js";
import { recordInitialThinkingLevel, restoredState } from "../restore-session.js";
import { requireService, serviceOf } from "./services.js";

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
}

/** A move must not pull the conversation from under a running reply. */
export async function stopRun(agent: AgentSession): Promise<void> {
  if (agent.isStreaming) await agent.abort();
}

function extensionsOf(agent: AgentSession): ExtensionsService | undefined {
  return serviceOf(agent, "extensions");
}

export async function newSession(agent: AgentSession, options: NewSessionOptions = {}): Promise<MoveResult> {
  const sessions = requireService(agent, "sessions", "start a new session");
  if (await extensionsOf(agent)?.beforeSwitch("new")) return { cancelled: true };
  await stopRun(agent);
  const previous = sessions.manager.getSessionFile();
  if (options.parentSession === undefined) {
    sessions.newSession();
  } else {
    // The service's newSession takes no header options; start the manager's and install its empty context.
    sessions.manager.newSession({ parentSession: options.parentSession });
    sessions.navigate(null);
    agent.sessionId = sessions.manager.getSessionId();
  }
  // Like a session created at start-up, a new one opens with the model and thinking level it uses.
  if (agent.model) sessions.manager.appendModelChange(agent.model.provider, agent.model.id);
  recordInitialThinkingLevel(agent);
  await agent.start("new", previous);
  return { cancelled: false };
}

/** Opens a stored session of this project: a file path, or an id prefix. */
export async function switchSession(agent: AgentSession, target: string, signal?: AbortSignal): Promise<MoveResult> {
  const sessions = requireService(agent, "sessions", "switch sessions");
  const location = await locate(sessions, target, agent.cwd, signal);
  if (await extensionsOf(agent)?.beforeSwitch("resume", location)) return { cancelled: true };
  await stopRun(agent);
  const previous = sessions.manager.getSessionFile();
  sessions.resume(location);
  await restoreModelAndThinking(agent);
  await agent.start("resume", previous);
  return { cancelled: false };
}

export async function forkSession(agent: AgentSession, entryId: string, position: ForkPosition = "before"): Promise<ForkMoveResult> {
  const sessions = requireService(agent, "sessions", "fork the session");
  if (!sessions.manager.getEntry(entryId)) {
    throw new PithError("SESSION_ENTRY_NOT_FOUND", `Cannot fork: entry ${entryId} is not in this session. getForkMessages() lists the user messages to fork from.`);
  }
  if (await extensionsOf(agent)?.beforeFork(entryId, position)) return { cancelled: true };
  await stopRun(agent);
  const previous = sessions.manager.getSessionFile();
  const result = sessions.fork(entryId, position);
  await agent.start("fork", previous);
  return result.selectedText === undefined ? { cancelled: false } : { cancelled: false, text: result.selectedText };
}

/** pi's `/clone`: the current branch, copied into a new session (a fork "at" the leaf). */
export async function cloneSession(agent: AgentSession): Promise<MoveResult> {
  const sessions = requireService(agent, "sessions", "clone the session");
  const leafId = sessions.manager.getLeafId();
  if (leafId === null) throw new PithError("SESSION_EMPTY", "Cannot clone session: no current entry selected (the session has no entries yet).");
  if (await extensionsOf(agent)?.beforeFork(leafId, "at")) return { cancelled: true };
  await stopRun(agent);
  const previous = sessions.manager.getSessionFile();
  sessions.clone();
  await agent.start("fork", previous);
  return { cancelled: false };
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
async function restoreModelAndThinking(agent: AgentSession): Promise<void> {
  const restored = restoredState(agent);
  const models = serviceOf(agent, "models");
  const model = restored?.model && models?.find(restored.model.provider, restored.model.modelId);
  if (model && models?.hasAuth(model.provider)) await agent.setModel(model, "restore");
  if (restored?.thinkingLevel) await agent.setThinkingLevel(restored.thinkingLevel);
  recordInitialThinkingLevel(agent);
}
