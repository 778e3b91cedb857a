// The ChatGPT backend's Responses dialect ("openai-codex-responses", a ChatGPT Plus/Pro login): the Responses body
// with Codex's settings (no output limit unless asked, terse text, encrypted reasoning back, parallel tool calls,
// tools without `strict`), at `<base>/codex/responses`, with the ChatGPT account of the token and Codex's headers.
// Facts from pi 1.6.0.
import { PithError, type StreamRequest } from "../../../kernel/index.js";
import { chatgptAccountId } from "../../../lib/oauth/providers/chatgpt-account.js";
import { CODEX_RESPONSES_DIALECT, buildResponsesRequest, type ResponsesRequest } from "../responses/responses-request.js";

const DEFAULT_BASE_URL = "https://chatgpt.com/backend-api";

/** The base the SDK posts `/responses` to: `<base>/codex` (a base already ending in /codex or /codex/responses is kept). */
export function codexBaseUrl(baseUrl: string): string {
  const base = (baseUrl.trim() || DEFAULT_BASE_URL).replace(/\/+$/, "");
  if (base.endsWith("/codex/responses")) return base.slice(0, -"/responses".length);
  return base.endsWith("/codex") ? base : `${base}/codex`;
}

/** The WebSocket transport's URL: `<base>/codex/responses` with the ws(s) scheme. */
export function codexWebSocketUrl(baseUrl: string): string {
  const url = new URL(`${codexBaseUrl(baseUrl)}/responses`);
  url.protocol = url.protocol === "http:" ? "ws:" : "wss:";
  return url.href;
}

/** The ChatGPT account the login's token names; every request must carry it. */
export function codexAccountId(request: StreamRequest): string {
  const accountId = request.apiKey ? chatgptAccountId(request.apiKey) : undefined;
  if (!accountId) {
    throw new PithError("NO_API_KEY", `The ChatGPT models (${request.model.provider}) need a ChatGPT login, whose token names the account: sign in with pith login openai-codex.`);
  }
  return accountId;
}

/** the pi release whose client identity Codex requests carry, with its originator */
const PI_VERSION = "1.6.0";

/** Headers every Codex request carries, whatever the transport: pi's originator and its detailed `User-Agent`. */
function codexIdentityHeaders(): Record<string, string> {
  return { originator: "pi", "User-Agent": `pi/${PI_VERSION} (${process.platform}; node/${process.version}; ${process.arch})` };
}

/**
 * pi's precedence for a Codex request's headers, on both transports: Codex's identity under the model's and the
 * request's headers (`null` removes one), then what the backend requires, which nothing overrides: the login's
 * token and account, and the transport's own (`required`).
 */
function codexHeaders(request: StreamRequest, accountId: string, required: Record<string, string | null>): Record<string, string> {
  const headers = new Map<string, [string, string]>();
  const set = (name: string, value: string | null): void => {
    if (value === null) headers.delete(name.toLowerCase());
    else headers.set(name.toLowerCase(), [name, value]);
  };
  for (const source of [codexIdentityHeaders(), request.model.headers, request.headers]) for (const [name, value] of Object.entries(source ?? {})) set(name, value);
  set("Authorization", `Bearer ${request.apiKey}`);
  set("chatgpt-account-id", accountId);
  for (const [name, value] of Object.entries(required)) set(name, value);
  return Object.fromEntries(headers.values());
}

/** The WebSocket upgrade's headers; the request id is the session's, or a fresh one per socket. */
export function codexWebSocketHeaders(request: StreamRequest, accountId: string, requestId: string): Record<string, string> {
  return codexHeaders(request, accountId, {
    accept: null,
    "content-type": null,
    "OpenAI-Beta": "responses_websockets=2026-02-06",
    "x-client-request-id": requestId,
    "session-id": requestId,
  });
}

export function buildCodexRequest(request: StreamRequest): ResponsesRequest {
  const accountId = codexAccountId(request);
  const built = buildResponsesRequest(request, CODEX_RESPONSES_DIALECT);
  const { body, providerThinkingLevel } = built;
  Object.assign(body, {
    text: { verbosity: "low" },
    include: ["reasoning.encrypted_content"],
    tool_choice: "auto",
    parallel_tool_calls: true,
  });
  const session: Record<string, string> = request.sessionId ? { "session-id": request.sessionId, "x-client-request-id": request.sessionId } : {};
  const headers = codexHeaders(request, accountId, { "OpenAI-Beta": "responses=experimental", accept: "text/event-stream", "content-type": "application/json", ...session });
  return { body, headers, ...(providerThinkingLevel === undefined ? {} : { providerThinkingLevel }) };
}
