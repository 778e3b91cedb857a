// One streamed model call through a provider SDK, the same for every wire format: build the body, let `onPayload`
// rewrite it, send it (a large one streamed, see json-body-stream.ts), report the response head, convert the
// events. A provider names only what differs: its body builder, how its SDK sends, and its event reader.
import type { AssistantMessageBuilder } from "./assistant-builder.js";
import type { AssistantMessageEvent, StreamRequest } from "../../kernel/index.js";
import type { FinishReason, StreamAttempt } from "./guard-stream.js";
import { headersToRecord } from "../http/response-headers.js";
import { streamedJsonBody } from "../http/json-body-stream.js";
import { htmlInsteadOfApi } from "./provider-failure.js";

export interface SendOptions {
  signal: AbortSignal;
  headers: Record<string, string>;
}

export interface SdkCall<Body, Events> {
  /** the provider's own body (typed by its builder); after `onPayload` it is sent as `Body` */
  build(request: StreamRequest): { body: object; headers: Record<string, string>; providerThinkingLevel?: string };
  /** false: this body must go the SDK's usual way even when large */
  canStreamBody?(body: Body): boolean;
  /** sends the body with the SDK's `create`, or `streamed` (the same bytes in chunks) with its `post` */
  send(
    request: StreamRequest,
    body: Body,
    options: SendOptions,
    streamed: AsyncIterable<Uint8Array> | undefined,
  ): Promise<{ data: Events; response: Response }>;
  read(events: Events, builder: AssistantMessageBuilder, request: StreamRequest): AsyncGenerator<AssistantMessageEvent, FinishReason>;
}

export function sdkAttempt<Body, Events>(call: SdkCall<Body, Events>): StreamAttempt {
  return async function* ({ request, builder, reportResponse }) {
    const built = call.build(request);
    // recorded on the reply whatever `onPayload` makes of the body: later requests replay the level it was asked at
    builder.setProviderThinkingLevel(built.providerThinkingLevel);
    const body = ((await request.onPayload?.(built.body)) ?? built.body) as Body;
    const streamed = call.canStreamBody?.(body) === false ? undefined : streamedJsonBody(body, request.signal);
    const { data, response } = await call.send(request, body, { signal: request.signal, headers: built.headers }, streamed);
    await reportResponse({ status: response.status, headers: headersToRecord(response.headers) });
    if (/^\s*text\/html\b/i.test(response.headers.get("content-type") ?? "")) {
      throw htmlInsteadOfApi(request.model, response.status);
    }
    yield builder.start();
    const onStreamEvent = request.onStreamEvent;
    return yield* call.read(onStreamEvent ? (observed(data as AsyncIterable<unknown>, onStreamEvent) as Events) : data, builder, request);
  };
}

/** The wire's events, each handed to `observe` (and awaited) before the provider reads it. */
export async function* observed<Event>(events: AsyncIterable<Event>, observe: (data: unknown) => Promise<void>): AsyncGenerator<Event> {
  for await (const event of events) {
    await observe(event);
    yield event;
  }
}
