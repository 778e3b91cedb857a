// Turns whatever a provider SDK throws into the message and diagnostic facts every provider reports alike.
// SDK error classes are recognised by shape, not `instanceof`, because the SDKs are imported lazily and both
// (Anthropic and OpenAI) share the same `status`/`headers`/`error` layout.
import { errorMessage, type ProviderResponseInfo } from "../../kernel/index.js";
import { isAbortError } from "../abort/abort-error.js";
import type { ProviderErrorDetails } from "./provider-failure.js";
import { isContextOverflowText } from "./context-overflow.js";
import { ProviderFailure } from "./provider-failure.js";
import { headersToRecord, type HeaderSource } from "../http/response-headers.js";
import { parseRetryAfterMs } from "./retry-after.js";

export const ABORTED_MESSAGE = "Request was aborted";

export interface ClassifiedFailure {
  reason: "error" | "aborted";
  message: string;
  details: ProviderErrorDetails;
  /** the response head of an HTTP error, for `onResponse` */
  response?: ProviderResponseInfo;
}

interface SdkErrorShape {
  name?: string;
  message: string;
  status?: unknown;
  headers?: HeaderSource;
  error?: unknown;
  cause?: unknown;
  /** a wait the provider named in its error body (http-attempt.ts) */
  retryAfterMs?: unknown;
}

export function classifyProviderError(error: unknown, signal: AbortSignal): ClassifiedFailure {
  if (signal.aborted || isAbortError(error) || nameOf(error) === "APIUserAbortError") {
    return { reason: "aborted", message: ABORTED_MESSAGE, details: { kind: "aborted" } };
  }
  if (error instanceof ProviderFailure) {
    return { reason: "error", message: error.message, details: { ...error.details } };
  }
  const sdkError = error as SdkErrorShape;
  if (error instanceof Error && typeof sdkError.status === "number") return httpFailure(sdkError, sdkError.status);
  const name = nameOf(error);
  if (name === "APIConnectionTimeoutError") {
    return { reason: "error", message: "Request timed out before the provider answered", details: { kind: "network" } };
  }
  if (name === "APIConnectionError") {
    return { reason: "error", message: `Connection error: ${describeCause(sdkError.cause) ?? "fetch failed"}`, details: { kind: "network" } };
  }
  if (name === "APIError" && sdkError.error !== undefined) return inStreamFailure(sdkError.error);
  if (error instanceof SyntaxError) {
    return {
      reason: "error",
      message: `Malformed response from provider: ${error.message}`,
      details: { kind: "invalid_response" },
    };
  }
  if (isDroppedConnection(error)) {
    return {
      reason: "error",
      message: `Connection lost while streaming: ${describeCause(error) ?? "terminated"}`,
      details: { kind: "network" },
    };
  }
  return { reason: "error", message: errorMessage(error), details: { kind: "stream" } };
}

function httpFailure(error: SdkErrorShape, status: number): ClassifiedFailure {
  const headers = headersToRecord(error.headers);
  const { text, type } = describeErrorBody(error.error);
  const message = text ? `${status} ${type ? `${type}: ` : ""}${text}` : error.message;
  const retryAfterMs = parseRetryAfterMs(headers) ?? (typeof error.retryAfterMs === "number" ? error.retryAfterMs : undefined);
  const kind = isContextOverflowText(message) ? "overflow" : status === 401 || status === 403 ? "auth" : "http";
  const details: ProviderErrorDetails = { kind, status };
  if (retryAfterMs !== undefined) details.retryAfterMs = retryAfterMs;
  if (type) details.errorType = type;
  return { reason: "error", message, details, response: { status, headers } };
}

/** An error the provider sent inside an otherwise successful stream (Anthropic `event: error`, OpenAI `{error}`). */
function inStreamFailure(body: unknown): ClassifiedFailure {
  const { text, type } = describeErrorBody(body);
  const message = text ? `${type ? `${type}: ` : ""}${text}` : `Provider stream error: ${safeJson(body)}`;
  const details: ProviderErrorDetails = { kind: isContextOverflowText(message) ? "overflow" : "stream" };
  if (type) details.errorType = type;
  return { reason: "error", message, details };
}

/**
 * The human text and the error type of a provider's error body. Handles Anthropic's
 * `{type:"error", error:{type, message}}`, OpenAI's `{error:{message, type, code}}` (or the inner object, as the
 * OpenAI SDK hands it over), Google's `{error:{code, message, status}}`, FastAPI-style `{detail}` (vLLM) and plain strings. OpenRouter's upstream text in
 * `metadata.raw` is kept too.
 */
export function describeErrorBody(body: unknown): { text?: string; type?: string } {
  if (typeof body === "string") return body.trim() ? { text: body.trim() } : {};
  if (!isRecord(body)) return {};
  const inner = isRecord(body.error) ? body.error : body;
  const text = firstString(inner.message, body.message, body.detail, typeof body.error === "string" ? body.error : undefined);
  const type = firstString(inner.code, inner.type !== "error" ? inner.type : undefined, inner.status);
  const raw = isRecord(inner.metadata) ? firstString(inner.metadata.raw) : undefined;
  const combined = text && raw && !text.includes(raw) ? `${text}\n${raw}` : (text ?? raw);
  return { ...(combined ? { text: combined } : {}), ...(type ? { type } : {}) };
}

function isDroppedConnection(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.message === "terminated" || /socket|ECONNRESET|other side closed|premature close/i.test(error.message)) return true;
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === "string" && /^(UND_ERR_|ECONN|EPIPE)/.test(code);
}

/** "terminated (other side closed)" style: the error and what caused it. */
function describeCause(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return cause && cause !== error.message ? `${error.message} (${cause})` : error.message;
}

/** The SDK's error class name; the OpenAI SDK leaves `name` as "Error", so the constructor decides. */
function nameOf(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const className = error.constructor?.name;
  return className && className !== "Error" ? className : error.name;
}

function firstString(...values: unknown[]): string | undefined {
  for (const value of values) if (typeof value === "string" && value.trim() !== "") return value.trim();
  for (const value of values) if (typeof value === "number") return String(value);
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
