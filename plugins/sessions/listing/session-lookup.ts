// Finding a session to continue: the most recent of a project, or what a `--session <arg>` names.
import { isAbsolute, resolve } from "node:path";
import { SessionManager, type SessionManagerOptions } from "../session-manager.js";
import type { SessionStore } from "../storage/store.js";

/** Opens the session of `cwd` that changed last, or starts a new one when there is none. */
export async function continueRecent(store: SessionStore, cwd: string, options: SessionManagerOptions = {}): Promise<SessionManager> {
  const sessions = await store.list({ cwd });
  const newest = sessions.reduce<(typeof sessions)[number] | undefined>(
    (best, session) => (!best || session.changed.getTime() > best.changed.getTime() ? session : best),
    undefined,
  );
  return newest ? SessionManager.open(store, newest.path, options) : SessionManager.create(store, cwd, options);
}

export type SessionArgResolution =
  | { kind: "path"; location: string }
  | { kind: "local"; location: string }
  /** found in another project: pi asks before forking it into this one (`SessionManager.forkFrom`) */
  | { kind: "global"; location: string; cwd: string }
  | { kind: "not_found"; arg: string };

/** True when `--session` names a file rather than an id prefix. */
export function looksLikePath(arg: string): boolean {
  return arg.includes("/") || arg.includes("\\") || arg.endsWith(".jsonl");
}

/**
 * `--session <arg>`: a path (anything with a separator or ending `.jsonl`, relative to `cwd`), else a
 * session id prefix searched in the project first, then everywhere; the most recent match wins.
 */
export async function resolveSessionArg(store: SessionStore, arg: string, cwd: string, signal?: AbortSignal): Promise<SessionArgResolution> {
  if (looksLikePath(arg)) return { kind: "path", location: isAbsolute(arg) ? arg : resolve(cwd, arg) };
  const local = (await store.list({ cwd, signal })).find((session) => session.id.startsWith(arg));
  if (local) return { kind: "local", location: local.path };
  const global = (await store.list({ all: true, signal })).find((session) => session.id.startsWith(arg));
  if (global) return { kind: "global", location: global.path, cwd: global.cwd };
  return { kind: "not_found", arg };
}
