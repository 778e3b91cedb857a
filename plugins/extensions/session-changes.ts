// Command-context session moves (`ctx.newSession`, `ctx.fork`, `ctx.switchSession`, `ctx.navigateTree`) over the
// sessions service. Extensions may cancel them first (`session_before_switch`, `session_before_fork`,
// `session_before_tree`); afterwards they see `session_shutdown` and `session_start` with the move's reason, as
// in pi 0.73. pith keeps the same extension instances across the move (pi rebuilds them); `withSession` gets a
// fresh command context all the same.
import { PithError } from "../../kernel/errors.js";
import type { ImageContent, TextContent } from "../../kernel/messages.js";
import { firstResult, observe } from "./dispatch.js";
import { sendMessage, sendUserMessage } from "./message-delivery.js";
import type { ExtensionRuntime } from "./runtime.js";
import type {
  ExtensionCommandContext,
  PiCustomMessageInput,
  ReplacedSessionContext,
  SendMessageOptions,
  SessionBeforeForkResult,
  SessionBeforeSwitchResult,
  SessionBeforeTreeResult,
  SessionChangeResult,
} from "./types.js";

type WithSession = (ctx: ReplacedSessionContext) => Promise<void>;

export type SessionChange =
  | { kind: "new"; parentSession?: string; setup?: (sessionManager: unknown) => Promise<void>; withSession?: WithSession }
  | { kind: "switch"; sessionPath: string; withSession?: WithSession }
  | { kind: "fork"; entryId: string; position?: "before" | "at"; withSession?: WithSession }
  | { kind: "tree"; targetId: string; summarize?: boolean; customInstructions?: string; replaceInstructions?: boolean; label?: string };

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

export async function changeSession(
  runtime: ExtensionRuntime,
  change: SessionChange,
  freshContext: () => ExtensionCommandContext,
): Promise<SessionChangeResult> {
  const service = runtime.sessions();
  if (!service) throw new PithError("SESSIONS_UNAVAILABLE", "This session has no sessions plugin, so it cannot start, switch or fork sessions.");
  const previousSessionFile = service.manager.getSessionFile();

  if (change.kind === "tree") {
    const oldLeafId = service.manager.getLeafId();
    const preparation = {
      targetId: change.targetId,
      oldLeafId,
      userWantsSummary: change.summarize === true,
      customInstructions: change.customInstructions,
      replaceInstructions: change.replaceInstructions,
      label: change.label,
    };
    const signal = new AbortController().signal;
    const decision = await firstResult<SessionBeforeTreeResult>(runtime, "session_before_tree", { type: "session_before_tree", preparation, signal }, () => true);
    if (decision?.cancel) return { cancelled: true };
    service.navigate(change.targetId);
    const newLeafId = service.manager.getLeafId();
    const label = decision?.label ?? change.label;
    if (label) service.manager.setLabel(change.targetId, label);
    await observe(runtime, "session_tree", { type: "session_tree", newLeafId, oldLeafId, fromExtension: false });
    return { cancelled: false };
  }

  if (change.kind === "fork") {
    if (await beforeFork(runtime, change.entryId, change.position ?? "before")) return { cancelled: true };
  } else if (await beforeSwitch(runtime, change.kind === "new" ? "new" : "resume", change.kind === "switch" ? change.sessionPath : undefined)) {
    return { cancelled: true };
  }

  const reason = change.kind === "switch" ? "resume" : change.kind;
  await runtime.session.waitForIdle();
  await observe(runtime, "session_shutdown", { type: "session_shutdown", reason, ...(change.kind === "switch" ? { targetSessionFile: change.sessionPath } : {}) });
  if (change.kind === "new") {
    service.newSession();
    await change.setup?.(service.manager);
  } else if (change.kind === "switch") {
    service.resume(change.sessionPath);
  } else {
    service.fork(change.entryId, change.position ?? "before");
  }
  await observe(runtime, "session_start", { type: "session_start", reason, ...(previousSessionFile ? { previousSessionFile } : {}) });
  await change.withSession?.(replacedContext(runtime, freshContext()));
  return { cancelled: false };
}

function replacedContext(runtime: ExtensionRuntime, base: ExtensionCommandContext): ReplacedSessionContext {
  return Object.assign(Object.create(base) as ExtensionCommandContext, {
    sendMessage: (message: PiCustomMessageInput, options?: SendMessageOptions) => sendMessage(runtime, message, options),
    sendUserMessage: (content: string | (TextContent | ImageContent)[], options?: { deliverAs?: "steer" | "followUp" }) =>
      sendUserMessage(runtime, content, options),
  });
}
