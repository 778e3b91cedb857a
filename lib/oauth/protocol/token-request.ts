// The HTTP requests of a sign-in: JSON or form bodies to an authorization server, JSON back. Through pith's own
// client, so HTTPS_PROXY/NO_PROXY apply as to model requests; 30 s at most each, and the caller's signal.
import { PithError } from "../../../kernel/index.js";
import { httpFetch } from "../../http/http-fetch.js";

const TIMEOUT_MS = 30_000;

export interface TokenRequest {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  signal: AbortSignal;
  /** what the request is for, in messages ("token exchange") */
  purpose: string;
}

export interface TokenResponse {
  status: number;
  body: unknown;
  text: string;
}

/** The response, whatever its status; throws only when no answer came. */
export async function sendTokenRequest(url: string, request: TokenRequest): Promise<TokenResponse> {
  const headers: Record<string, string> = { accept: "application/json", ...request.headers };
  let body: string | undefined;
  if (request.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(request.json);
  } else if (request.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(request.form).toString();
  }
  try {
    const response = await httpFetch(url, {
      method: request.method ?? (body === undefined ? "GET" : "POST"),
      headers,
      body,
      signal: AbortSignal.any([request.signal, AbortSignal.timeout(TIMEOUT_MS)]),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, body: parsed, text };
  } catch (error) {
    if (request.signal.aborted) throw new PithError("OAUTH_SIGN_IN_CANCELLED", "The sign-in was cancelled.", { cause: error });
    const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    throw new PithError("OAUTH_SERVER_UNREACHABLE", `The ${request.purpose} at ${url} failed: ${reason}`, { cause: error });
  }
}

/** The JSON object of a 2xx answer; a PithError naming the status and body otherwise. */
export async function requestJson(url: string, request: TokenRequest): Promise<Record<string, unknown>> {
  const response = await sendTokenRequest(url, request);
  if (response.status < 200 || response.status >= 300) {
    throw new PithError("OAUTH_SERVER_REFUSED", `The ${request.purpose} at ${url} failed with HTTP ${response.status}: ${response.text.slice(0, 500) || "(no body)"}`);
  }
  if (typeof response.body !== "object" || response.body === null || Array.isArray(response.body)) {
    throw new PithError("OAUTH_SERVER_REFUSED", `The ${request.purpose} at ${url} answered without a JSON object: ${response.text.slice(0, 500)}`);
  }
  return response.body as Record<string, unknown>;
}

export function stringField(body: Record<string, unknown>, field: string, what: string): string {
  const value = body[field];
  if (typeof value !== "string" || value === "") throw new PithError("OAUTH_SERVER_REFUSED", `The ${what} lacks "${field}": ${JSON.stringify(body).slice(0, 500)}`);
  return value;
}

export function numberField(body: Record<string, unknown>, field: string, what: string): number {
  const value = body[field];
  if (typeof value !== "number" || !Number.isFinite(value)) throw new PithError("OAUTH_SERVER_REFUSED", `The ${what} lacks a numeric "${field}": ${JSON.stringify(body).slice(0, 500)}`);
  return value;
}
