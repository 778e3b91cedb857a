// Extensions and session moves. The moves themselves are the "sessionControl" service's (the same ones RPC and
// the SDK make); here are the events extensions hear around them (`session_before_switch`, `session_before_fork`,
// `session_before_tree`, `session_shutdown`, `session_tree`) and the command context's `ctx.newSession`,
// `ctx.fork`, `ctx.switchSession`, `ctx.navigateTree` and `ctx.reload` over that service. A move (and a reload)
// runs every extension again as a new instance; `withSession` then gets a command context of the new instance
// (it goes stale at the next move, like any other).
import { PithError } from "../../../kernel/errors.js";
import type { ImageContent, TextContent } from "../../../kernel/messages.js";
import type { SessionControlService } from "../../session-control/index.js";
import { firstResult, observe } from "../events/dispatch.js";
import type { ExtensionRecord } from "../extension-record.js";
import { sendMessage, sendUserMessage } from "../events/message-delivery.js";
import type { ExtensionRuntime } from "../runtime.js";
import { guarded } from "../stale.js";
import type { TreePreparation } from "../service.js";
import type {
  ExtensionCommandContext,
  PiCustomMessageInput,
  ReplacedSessionContext,
  SendMessageOptions,
  SessionBeforeForkResult,
  SessionBeforeSwitchResult,
  SessionBeforeTreeResult,
  SessionChangeResult,
  SessionTreeEvent,
} from "../types.js";

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

type SessionMoves = Pick<ExtensionCommandContext, "newSession" | "fork" | "switchSession" | "navigateTree" | "reload">;

/** The command context's moves; `freshContext` builds the context `withSession` gets after a move (and its instance). */
export function sessionMoves(runtime: ExtensionRuntime, freshContext: () => { record: ExtensionRecord; context: ExtensionCommandContext }): SessionMoves {
  const control = (): SessionControlService => {
    const service = runtime.context.tryUse("sessionControl");
    if (service) return service;
    throw new PithError(
      "SESSION_CONTROL_UNAVAILABLE",
      "This session cannot start, switch or fork sessions: no loaded plugin provides the \"sessionControl\" service; load pith's built-in \"session-control\" plugin.",
    );
  };
  const after = async (result: SessionChangeResult, withSession?: (ctx: ReplacedSessionContext) => Promise<void>): Promise<SessionChangeResult> => {
    if (!result.cancelled && withSession) await withSession(replacedContext(runtime, freshContext()));
    return { cancelled: result.cancelled };
  };
  return {
    newSession: async (options = {}) => after(await control().newSession({ parentSession: options.parentSession, setup: options.setup }), options.withSession),
    fork: async (entryId, options = {}) => after(await control().fork(entryId, options.position ?? "before"), options.withSession),
    switchSession: async (sessionPath, options = {}) => after(await control().switchSession(sessionPath), options.withSession),
    navigateTree: async (targetId, options = {}) => after(await control().navigateTree(targetId, options)),
    reload: () => control().reload(),
  };
}

function replacedContext(runtime: ExtensionRuntime, fresh: { record: ExtensionRecord; context: ExtensionCommandContext }): ReplacedSessionContext {
  const own = Object.assign(Object.create(fresh.context) as ExtensionCommandContext, {
    sendMessage: (message: PiCustomMessageInput, options?: SendMessageOptions) => sendMessage(runtime, message, options),
    sendUserMessage: (content: string | (TextContent | ImageContent)[], options?: { deliverAs?: "steer" | "followUp" }) =>
      sendUserMessage(runtime, content, options),
  });
  return guarded(own, () => runtime.assertCurrent(fresh.record));
}
