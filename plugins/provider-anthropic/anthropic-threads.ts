// Anthropic message threads, as pi 1.6.0 sends them (beta `message-threads-2026-08-12`): a session's request starts a
// thread (`thread: {type: "create"}`); the next one, when everything the server already holds is unchanged (the
// endpoint, model, system prompt, tools, thinking and betas, and every earlier message), sends only the new
// messages after `thread: {type: "continue", previous_message_id}` and neither `system` nor `tools`. Each reply is
// continued once. A continue the server no longer knows is sent again as a new thread; an endpoint that rejects
// threads gets the full request without one, and that session stops using them.
import { createHash } from "node:crypto";
import type { AssistantMessage, StreamRequest } from "../../kernel/index.js";
import { ProviderFailure } from "../../lib/provider-kit/index.js";
import type { AnthropicRequestBody, WireMessage } from "./anthropic-wire.js";

export const MESSAGE_THREADS_BETA = "message-threads-2026-08-12";

type ThreadState = { prefixCount: number; prefixHash: string; replyId: string } | "off";

/** Per session; the oldest sessions are dropped past the cap (their threads have long expired on the server). */
const sessions = new Map<string, ThreadState>();
const MAX_SESSIONS = 10_000;

/** Rejections of a `continue` that a new thread fixes: expired, raced, or a fixed setting changed. */
const NEW_THREAD_ERRORS = new Set(["thread_not_found", "thread_already_continued", "thread_continue_in_flight", "thread_fingerprint_mismatch"]);

/** The session whose requests may use threads: the model's `supportsMessageThreads`, on by default for api.anthropic.com only. */
export function threadSession(request: StreamRequest): string | undefined {
  const { model } = request;
  const supported = (model.compat?.supportsMessageThreads as boolean | undefined) ?? model.baseUrl.includes("api.anthropic.com");
  return supported ? request.sessionId : undefined;
}

function remember(sessionId: string, state: ThreadState): void {
  sessions.delete(sessionId);
  sessions.set(sessionId, state);
  if (sessions.size > MAX_SESSIONS) sessions.delete(sessions.keys().next().value!);
}

/** A hash of the settings a thread keeps and of `messages`, with cache markers left out and plain text as one block. */
function prefixHash(request: StreamRequest, body: AnthropicRequestBody, betas: string | undefined, messages: readonly WireMessage[]): string {
  const { system, tools, thinking, output_config, tool_choice } = body as AnthropicRequestBody & { tool_choice?: unknown };
  const settings = JSON.stringify([request.model.provider, request.model.baseUrl, body.model, system, tools, thinking, output_config, tool_choice, betas]);
  const conversation = JSON.stringify(messages, (key, value: unknown) => {
    if (key === "cache_control") return undefined;
    if (key === "content" && typeof value === "string") return [{ type: "text", text: value }];
    return value;
  });
  return createHash("sha256").update(settings).update(conversation).digest("base64url");
}

export interface ThreadRequest {
  sessionId: string;
  body: AnthropicRequestBody;
  continued: boolean;
}

/** The body to send in `sessionId`'s thread; undefined once the endpoint turned threads off for the session. */
export function threadRequest(
  sessionId: string,
  request: StreamRequest,
  body: AnthropicRequestBody,
  betas: string | undefined,
  options: { fresh?: boolean } = {},
): ThreadRequest | undefined {
  const state = options.fresh ? undefined : sessions.get(sessionId);
  if (state === "off") return undefined;
  if (state && body.messages.length > state.prefixCount && prefixHash(request, body, betas, body.messages.slice(0, state.prefixCount)) === state.prefixHash) {
    sessions.delete(sessionId);
    const { system: _system, tools: _tools, ...rest } = body;
    const continued = { ...rest, messages: body.messages.slice(state.prefixCount), thread: { type: "continue", previous_message_id: state.replyId } };
    return { sessionId, body: continued as AnthropicRequestBody, continued: true };
  }
  return { sessionId, body: { ...body, thread: { type: "create" } } as AnthropicRequestBody, continued: false };
}

/**
 * What to do after `error` rejected a thread request: "new" (send it again as a new thread), "without" (send the
 * full request without a thread; the session stops using them), or undefined (not about the thread: report it).
 */
export function threadFallback(error: unknown, thread: ThreadRequest): "new" | "without" | undefined {
  const failure = error as { status?: unknown; error?: unknown; message?: unknown };
  if (typeof failure.status !== "number" && !(error instanceof ProviderFailure)) return undefined;
  const body = failure.error as { error?: { details?: { error_code?: unknown } } } | undefined;
  const code = typeof body?.error?.details?.error_code === "string" ? body.error.details.error_code : undefined;
  if (code !== undefined && NEW_THREAD_ERRORS.has(code)) return "new";
  const message = typeof failure.message === "string" ? failure.message : "";
  if (code === "thread_unsupported_request" || (code === undefined && failure.status === 400 && message.includes("thread"))) {
    remember(thread.sessionId, "off");
    return "without";
  }
  return undefined;
}

/**
 * After a clean reply to `thread` (whose full body was `body`): where the session's next request may continue. A
 * reply from another model than the one asked (a server-side fallback) is not stored by the server.
 */
export function recordThreadReply(thread: ThreadRequest, request: StreamRequest, body: AnthropicRequestBody, betas: string | undefined, reply: AssistantMessage, replyAsSent: WireMessage[]): void {
  if (reply.stopReason === "error" || reply.stopReason === "aborted" || !reply.responseId) return;
  if (reply.responseModel !== undefined && reply.responseModel !== body.model) return;
  const prefix = [...body.messages, ...replyAsSent];
  remember(thread.sessionId, { prefixCount: prefix.length, prefixHash: prefixHash(request, body, betas, prefix), replyId: reply.responseId });
}
