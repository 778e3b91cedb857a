// One streamed model call over plain HTTP, for the APIs pith speaks without an SDK: build the body, let
// `onPayload` rewrite it, POST it (a large one streamed, see json-body-stream.ts), report the response head, fail an
// error status the way the SDKs do (classify-error.ts reads the same shape), then hand the body to the reader.
import type { AssistantMessageBuilder } from "./assistant-builder.js";
import type { AssistantMessageEvent, StreamRequest } from "../../kernel/index.js";
import type { FinishReason, StreamAttempt } from "./guard-stream.js";
import { headersToRecord } from "../http/response-headers.js";
import { streamedJsonBody } from "../http/json-body-stream.js";
import { providerFetch } from "../http/http-fetch.js";
import { htmlInsteadOfApi } from "./provider-failure.js";

export interface HttpTarget {
  url: string;
  /** over the built ones; `null` removes a header (StreamRequest.headers) */
  headers: Record<string, string | null>;
  /** the request body as sent; default JSON */
  encode?(body: object, signal: AbortSignal): BodyInit | AsyncIterable<Uint8Array>;
}

export interface HttpCall {
  build(request: StreamRequest): { body: object; headers: Record<string, string> };
  /** where the body goes and with which credentials (may fetch a token first) */
  target(request: StreamRequest, body: object): Promise<HttpTarget>;
  read(body: AsyncIterable<Uint8Array>, builder: AssistantMessageBuilder, request: StreamRequest): AsyncGenerator<AssistantMessageEvent, FinishReason>;
  /** a wait the provider asks for in its error body rather than a header (Google's RetryInfo) */
  retryAfterMs?(errorBody: unknown): number | undefined;
  /** the error body in the shape describeErrorBody reads, for a provider that puts the error type in a header */
  errorBody?(errorBody: unknown, headers: Record<string, string>): unknown;
}

/** An HTTP error status, shaped like the SDKs' errors: `status`, `headers`, the parsed `error` body. */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly headers: Record<string, string>,
    readonly error: unknown,
    readonly retryAfterMs?: number,
  ) {
    super(`${status} ${typeof error === "string" ? error : JSON.stringify(error)}`);
    this.name = "HttpStatusError";
  }
}

/** Error bodies past this are cut: a proxy's page or a runaway body says what it needs to in the first part. */
const MAX_ERROR_BODY_CHARS = 4000;

export function httpAttempt(call: HttpCall): StreamAttempt {
  return async function* ({ request, builder, reportResponse }) {
    const built = call.build(request);
    const body = ((await request.onPayload?.(built.body)) ?? built.body) as object;
    const target = await call.target(request, body);
    const encoded = target.encode?.(body, request.signal) ?? streamedJsonBody(body, request.signal) ?? JSON.stringify(body);
    const response = await providerFetch()(target.url, {
      method: "POST",
      headers: sentHeaders({ "content-type": "application/json", ...built.headers }, target.headers),
      body: encoded as BodyInit,
      signal: request.signal,
      ...(typeof encoded === "object" && Symbol.asyncIterator in encoded ? { duplex: "half" } : {}),
    } as RequestInit);
    const headers = headersToRecord(response.headers);
    if (!response.ok) throw await httpStatusError(response, call);
    await reportResponse({ status: response.status, headers });
    if (/^\s*text\/html\b/i.test(response.headers.get("content-type") ?? "")) throw htmlInsteadOfApi(request.model, response.status);
    if (!response.body) throw new TypeError("terminated");
    yield builder.start();
    return yield* call.read(response.body as unknown as AsyncIterable<Uint8Array>, builder, request);
  };
}

/** Later names win whatever their case; a `null` value removes the header. */
function sentHeaders(...sources: Record<string, string | null>[]): Record<string, string> {
  const byName = new Map<string, [string, string | null]>();
  for (const source of sources) for (const [name, value] of Object.entries(source)) byName.set(name.toLowerCase(), [name, value]);
  const headers: Record<string, string> = {};
  for (const [name, value] of byName.values()) if (value !== null) headers[name] = value;
  return headers;
}

/** The error a response with an error status fails with: its head and its (parsed) body. */
export async function httpStatusError(response: Response, call: Pick<HttpCall, "retryAfterMs" | "errorBody"> = {}): Promise<HttpStatusError> {
  const headers = headersToRecord(response.headers);
  const raw = await readErrorBody(response);
  const errorBody = call.errorBody ? call.errorBody(raw, headers) : raw;
  return new HttpStatusError(response.status, headers, errorBody, call.retryAfterMs?.(errorBody));
}

async function readErrorBody(response: Response): Promise<unknown> {
  const text = (await response.text()).slice(0, MAX_ERROR_BODY_CHARS);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
