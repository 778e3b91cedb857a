// pi's cached WebSocket context ("auto" and "websocket-cached"): the backend keeps a socket's last response, so a
// turn whose body differs from the last one only by input that extends the last input and the reply's own items
// is sent as that new input after `previous_response_id`. Anything else (another setting, an edited history, a
// compaction) sends the whole body.
import type { AssistantMessage, StreamRequest } from "../../../kernel/index.js";
import type { CodexContinuation } from "./codex-websocket.js";
import { toResponsesInput } from "../responses/responses-messages.js";
import type { ResponsesBody, ResponsesInputItem } from "../responses/responses-wire.js";

type SentBody = ResponsesBody & { previous_response_id?: string };

function settingsOf(body: SentBody): string {
  const { input: _input, previous_response_id: _previous, ...settings } = body;
  return JSON.stringify(settings);
}

/** The body to send on a socket that served `last`: only the new input when it continues it. */
export function continuedBody(body: SentBody, last: CodexContinuation | undefined): SentBody {
  if (!last || settingsOf(body) !== last.settings || body.input.length < last.items.length) return body;
  for (const [index, item] of last.items.entries()) if (JSON.stringify(body.input[index]) !== item) return body;
  return { ...body, previous_response_id: last.responseId, input: body.input.slice(last.items.length) };
}

/**
 * What the socket holds after `reply`: the body's input and the reply's own items, as pi 1.6.0 keeps them (the reply
 * converted alone: the items the request built around the conversation, its system messages and level settings,
 * are in the body's input already).
 */
export function continuationAfter(body: SentBody, request: StreamRequest, reply: AssistantMessage): CodexContinuation | undefined {
  if (!reply.responseId) return undefined;
  const replyItems = toResponsesInput("", [reply], request.model).filter((item: ResponsesInputItem) => (item as { type?: unknown }).type !== "function_call_output");
  return { settings: settingsOf(body), items: [...body.input, ...replyItems].map((item) => JSON.stringify(item)), responseId: reply.responseId };
}
