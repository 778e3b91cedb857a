// The command context's `ctx.newSession`, `ctx.fork`, `ctx.switchSession`, `ctx.navigateTree` and `ctx.reload`
// over the "sessionControl" service. A move (and a reload) runs every extension again as a new instance;
// `withSession` then gets a command context of the new instance (it goes stale at the next move, like any other).
import { PithError, type ImageContent, type TextContent } from "../../../kernel/index.js";
import type { SessionControlService } from "../../session-control/index.js";
import type { ExtensionRecord } from "../instance/extension-record.js";
import { sendMessage, sendUserMessage } from "../events/message-delivery.js";
import type { ExtensionRuntime } from "../runtime.js";
import { guarded } from "../instance/stale.js";
import type {
  ExtensionCommandContext,
  PiCustomMessageInput,
  ReplacedSessionContext,
  SendMessageOptions,
  SessionChangeResult,
} from "../contract/types.js";

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
