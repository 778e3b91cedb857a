// Turns --continue, --session, --fork and --no-session into where the session starts.
import { PithError } from "../kernel/index.js";
import { JsonlSessionStore, resolveSessionArg, type SessionStart } from "../plugins/sessions/index.js";

export interface SessionStartRequest {
  cwd: string;
  agentDir: string;
  sessionDir?: string;
  noSession?: boolean;
  continueRecent?: boolean;
  /** a session file path or an id prefix */
  session?: string;
  /** a session (path or id prefix, any project) to copy into this project */
  fork?: string;
  /** `--session-id`: the folder's session with this exact id, else a new one with it (with `fork`: the copy's id) */
  sessionId?: string;
}

export async function resolveSessionStart(request: SessionStartRequest): Promise<SessionStart> {
  if (request.fork) {
    const clash = [request.session && "--session", request.continueRecent && "--continue", request.noSession && "--no-session"].filter(Boolean);
    if (clash.length > 0) throw new PithError("BAD_ARGUMENTS", `--fork cannot be combined with ${clash.join(" or ")}.`);
  }
  if (request.noSession) {
    if (request.session || request.continueRecent) {
      throw new PithError("BAD_ARGUMENTS", "--no-session cannot be combined with --session or --continue: an in-memory session has nothing to resume.");
    }
    return request.sessionId === undefined ? { kind: "new" } : { kind: "new", id: request.sessionId };
  }
  const wanted = request.fork ?? request.session;
  if (request.sessionId !== undefined && (request.session || request.continueRecent)) {
    throw new PithError("BAD_ARGUMENTS", "--session-id cannot be combined with --session or --continue.");
  }
  const store = new JsonlSessionStore({ agentDir: request.agentDir, sessionDir: request.sessionDir });
  if (request.sessionId !== undefined && !request.fork) return sessionWithId(store, request.sessionId, request.cwd);
  if (!wanted) return request.continueRecent ? { kind: "continue" } : { kind: "new" };

  const found = await resolveSessionArg(store, wanted, request.cwd);
  if (found.kind === "not_found") {
    throw new PithError("SESSION_NOT_FOUND", `No session matches "${wanted}". Give a session file path, or an id prefix of a session (see ${request.sessionDir ?? "the sessions folder"}).`);
  }
  if (request.fork) return { kind: "fork", location: found.location, ...(request.sessionId === undefined ? {} : { id: request.sessionId }) };
  if (found.kind === "global") {
    throw new PithError(
      "SESSION_OF_OTHER_PROJECT",
      `Session "${wanted}" belongs to ${found.cwd}. Run pith there, or copy it into this project with --fork ${wanted}.`,
    );
  }
  return { kind: "open", location: found.location };
}

/** The folder's session whose id is exactly `id`, or a new session that will have it. */
async function sessionWithId(store: JsonlSessionStore, id: string, cwd: string): Promise<SessionStart> {
  const existing = (await store.list({ cwd })).find((info) => info.id === id);
  return existing ? { kind: "open", location: existing.path } : { kind: "new", id };
}
