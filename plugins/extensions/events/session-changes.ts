// The events extensions hear around session moves (`session_before_switch`, `session_before_fork`,
// `session_before_tree`, `session_shutdown`, `session_tree`). The moves themselves are the "sessionControl"
// service's (the same ones RPC and the SDK make); the command context's moves are in ../context/session-moves.ts.
import { firstResult, observe } from "./dispatch.js";
import type { ExtensionRuntime } from "../runtime.js";
import type { TreePreparation } from "../service.js";
import type { SessionBeforeForkResult, SessionBeforeSwitchResult, SessionBeforeTreeResult, SessionTreeEvent } from "../types.js";

const cancelled = (result: { cancel?: boolean } | undefined) => result?.cancel === true;

/** `session_before_switch`: true when an extension cancelled. */
export async function beforeSwitch(runtime: ExtensionRuntime, reason: "new" | "resume", targetSessionFile?: string): Promise<boolean> {
  const event = { type: "session_before_switch", reason, ...(targetSessionFile ? { targetSessionFile } : {}) };
  return cancelled(await firstResult<SessionBeforeSwitchResult>(runtime, "session_before_switch", event, cancelled));
}

/** `session_before_fork`: true when an extension cancelled. */
export async function beforeFork(runtime: ExtensionRuntime, entryId: string, position: "before" | "at"): Promise<boolean> {
  const event = { type: "session_before_fork", entryId, position };
  return cancelled(await firstResult<SessionBeforeForkResult>(runtime, "session_before_fork", event, cancelled));
}

/** `session_before_tree`: the first handler that answers decides. */
export function beforeTree(runtime: ExtensionRuntime, preparation: TreePreparation, signal: AbortSignal): Promise<SessionBeforeTreeResult | undefined> {
  return firstResult<SessionBeforeTreeResult>(runtime, "session_before_tree", { type: "session_before_tree", preparation, signal }, () => true, signal);
}

export function treeMoved(runtime: ExtensionRuntime, event: Omit<SessionTreeEvent, "type">): Promise<void> {
  return observe(runtime, "session_tree", { type: "session_tree", ...event });
}

/** `session_shutdown` for the conversation a reload or move leaves; the instances that heard it are stale after. */
export async function leaving(runtime: ExtensionRuntime, reason: "reload" | "new" | "resume" | "fork", targetSessionFile?: string): Promise<void> {
  await observe(runtime, "session_shutdown", { type: "session_shutdown", reason, ...(targetSessionFile ? { targetSessionFile } : {}) });
  runtime.retire();
}
