// A `fetch` on node:http/node:https for the provider SDKs. Node 20's global fetch (undici) compiles its
// WebAssembly HTTP parser on the first request, ~150-200 ms of a print-mode run; node:http's parser is native.
// It behaves like fetch where the SDKs and pith look: a `Response` (fetch-response.ts, so that undici is never
// loaded) whose body streams as bytes arrive,
// `TypeError("fetch failed", {cause})` before the response head and `TypeError("terminated")` in the body when
// the connection fails, the signal's reason on abort, content decoding, redirects, proxies from `HTTPS_PROXY`,
// `HTTP_PROXY` and `NO_PROXY` (proxy-env.ts). No timeout: a local model may think for many minutes before its
// first byte, and the caller's signal ends a stalled request. `PITH_FETCH=global` restores the global fetch.
import type { Agent, AgentOptions, ClientRequest, IncomingMessage, RequestOptions } from "node:http";
import { PithError } from "../../kernel/index.js";
import { loadBuiltin } from "../loading/native-import.js";
import { decodableEncodings, decoders, encodeRequestBody, responseBodyStream, streamedChunks, type WireBody } from "./http-fetch-body.js";
import { FetchHeaders } from "./fetch-headers.js";
import { FetchResponse } from "./fetch-response.js";
import { proxyFor } from "./proxy-env.js";
import { tunnelAgent, type TunnelRequestOptions } from "./proxy-tunnel.js";
import type { BodyStream } from "./body-stream.js";

export type FetchFunction = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** The fetch the provider SDKs get: ours, or the global one when `PITH_FETCH=global`. */
export function providerFetch(env: NodeJS.ProcessEnv = process.env): FetchFunction {
  const choice = env.PITH_FETCH?.trim() ?? "";
  if (choice === "global") return globalThis.fetch;
  if (choice === "" || choice === "node") return httpFetch;
  throw new PithError("PITH_FETCH_INVALID", `PITH_FETCH must be "node" (the default) or "global", not "${choice}"`);
}

const MAX_REDIRECTS = 20;
// Idle sockets close after this (or the server's Keep-Alive hint, if shorter); the agent unrefs them meanwhile,
// so they never hold a finished process open.
const IDLE_SOCKET_MS = 30_000;
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);
const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);
const BODY_HEADERS = ["content-type", "content-length", "content-encoding", "content-language", "content-location"];
const CREDENTIAL_HEADERS = ["authorization", "proxy-authorization", "cookie"];

interface Transport {
  request(url: URL, options: RequestOptions): ClientRequest;
  /** keeps idle sockets for the next request */
  agent: Agent;
  /** a new socket for each request, closed after it: for a streamed body, which cannot be sent twice */
  freshAgent: Agent;
}

// Loaded on the first request, not at start-up: node:http and node:https cost 5-20 ms to load, and a run that
// never reaches a provider (or reaches it only over one of them) should not pay for both. One transport per
// protocol and proxy: the proxy variables are read for every request, so a changed environment takes effect.
const transports = new Map<string, Transport>();
function transportFor(url: URL): Transport {
  const proxy = proxyFor(url);
  const key = proxy ? `${url.protocol} via ${proxy.href}` : url.protocol;
  let transport = transports.get(key);
  if (!transport) {
    const options = { keepAlive: true, scheduling: "lifo" as const, timeout: IDLE_SOCKET_MS };
    const { request, Agent } =
      url.protocol === "https:" ? loadBuiltin<typeof import("node:https")>("node:https") : loadBuiltin<typeof import("node:http")>("node:http");
    const agent = (agentOptions: AgentOptions) => (proxy ? tunnelAgent(proxy, url.protocol, agentOptions) : new Agent(agentOptions));
    transport = { request, agent: agent(options), freshAgent: agent({ keepAlive: false }) };
    transports.set(key, transport);
  }
  return transport;
}

interface PreparedRequest {
  url: URL;
  method: string;
  headers: FetchHeaders;
  body: WireBody | undefined;
  redirect: RequestRedirect;
  signal: AbortSignal | undefined;
}

export async function httpFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const request = await prepare(input, init);
  const { signal } = request;
  if (signal?.aborted) throw signal.reason;
  for (let redirects = 0; ; redirects++) {
    const response = await exchange(request, transportFor(request.url));
    if (signal?.aborted) {
      response.destroy();
      throw signal.reason;
    }
    const location = isRedirect(response.statusCode) && request.redirect !== "manual" ? response.headers.location : undefined;
    if (location === undefined) return await toResponse(response, request, redirects > 0);
    if (request.redirect === "error" || redirects === MAX_REDIRECTS) {
      response.destroy();
      throw fetchFailed(new Error(request.redirect === "error" ? "unexpected redirect" : "redirect count exceeded"));
    }
    // Read to the end so the keep-alive socket serves the next location.
    response.resume();
    followRedirect(request, response.statusCode ?? 0, location);
  }
}

async function prepare(input: string | URL | Request, init: RequestInit): Promise<PreparedRequest> {
  // Not `instanceof Request`: touching the global loads undici.
  const fromRequest = Object.prototype.toString.call(input) === "[object Request]" ? (input as Request) : undefined;
  const href = fromRequest ? fromRequest.url : String(input);
  let url: URL;
  try {
    url = new URL(href);
  } catch (error) {
    throw new TypeError(`Failed to parse URL from ${href}`, { cause: error });
  }
  if (url.username || url.password) throw new TypeError(`Request cannot be constructed from a URL that includes credentials: ${href}`);
  if (url.protocol !== "http:" && url.protocol !== "https:") throw fetchFailed(new Error(`unsupported URL scheme ${url.protocol}`));
  const method = normalizeMethod(init.method ?? fromRequest?.method ?? "GET");
  const headers = new FetchHeaders((init.headers ?? fromRequest?.headers) as ConstructorParameters<typeof FetchHeaders>[0]);
  const rawBody = init.body !== undefined ? init.body : fromRequest?.body;
  if (rawBody != null && (method === "GET" || method === "HEAD")) throw new TypeError("Request with GET/HEAD method cannot have body.");
  const body = await encodeRequestBody(rawBody);
  if (body?.kind === "bytes" && body.contentType && !headers.has("content-type")) headers.set("content-type", body.contentType);
  if (!headers.has("accept")) headers.set("accept", "*/*");
  if (!headers.has("accept-encoding")) headers.set("accept-encoding", "gzip, deflate, br");
  if (!headers.has("user-agent")) headers.set("user-agent", "node");
  const signal = init.signal ?? fromRequest?.signal ?? undefined;
  return { url, method, headers, body, redirect: init.redirect ?? fromRequest?.redirect ?? "follow", signal };
}

/** Upper case: node:http sends every method upper-cased (fetch would send a lowercase "patch" as is, to fail). */
function normalizeMethod(method: string): string {
  if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(method)) throw new TypeError(`'${method}' is not a valid HTTP method.`);
  const upper = method.toUpperCase();
  if (FORBIDDEN_METHODS.has(upper)) throw new TypeError(`'${method}' HTTP method is unsupported.`);
  return upper;
}

/**
 * Sends the request and waits for the response head. A keep-alive socket the server closed meanwhile fails at
 * once with ECONNRESET/EPIPE; a body held in memory is then sent again on a fresh socket, as node's docs advise.
 * A streamed body cannot be sent again, so it never goes on a kept-alive socket (sendOnce): a server closing an
 * idle connection just as it is reused would otherwise fail the request.
 */
async function exchange(request: PreparedRequest, transport: Transport): Promise<IncomingMessage> {
  for (;;) {
    try {
      return await sendOnce(request, transport);
    } catch (error) {
      if (!(error instanceof StaleSocket)) throw error;
    }
  }
}

class StaleSocket extends Error {}

function sendOnce({ url, method, headers, body, signal }: PreparedRequest, transport: Transport): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const outgoing: Record<string, string> = Object.fromEntries(headers);
    if (body?.kind === "bytes") outgoing["content-length"] = String(body.bytes.byteLength);
    else if (body === undefined && (method === "POST" || method === "PUT")) outgoing["content-length"] = "0";
    else delete outgoing["content-length"];
    const agent = body?.kind === "stream" ? transport.freshAgent : transport.agent;
    const options: RequestOptions & TunnelRequestOptions = { method, headers: outgoing, agent, tunnelSignal: signal };
    const req = transport.request(url, options);
    const onAbort = () => {
      req.destroy();
      reject(signal!.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    req.on("response", (response) => {
      // Until the body stream listens (after node:zlib loads, for a compressed body), a dropped connection must
      // not surface as an unhandled 'error' event; the body stream reports it from the stream's state.
      response.on("error", ignore);
      signal?.removeEventListener("abort", onAbort);
      resolve(response);
    });
    // Stays attached after the head arrives: node may report a later socket error on the request too.
    req.on("error", (error: NodeJS.ErrnoException) => {
      signal?.removeEventListener("abort", onAbort);
      if (signal?.aborted) return reject(signal.reason);
      const stale = req.reusedSocket && (error.code === "ECONNRESET" || error.code === "EPIPE");
      reject(stale ? new StaleSocket("stale keep-alive socket", { cause: fetchFailed(error) }) : fetchFailed(error));
    });
    if (body?.kind === "stream") void writeStream(req, body.chunks);
    else req.end(body?.bytes);
  });
}

/** Leaving the loop early (the request destroyed: abort, a dropped connection) stops the source producing chunks. */
async function writeStream(req: ClientRequest, chunks: AsyncIterable<unknown>): Promise<void> {
  try {
    for await (const chunk of streamedChunks(chunks)) {
      if (req.destroyed) return;
      if (!req.write(chunk)) await drainedOrClosed(req);
      if (req.destroyed) return;
    }
    req.end();
  } catch (error) {
    req.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}

function drainedOrClosed(req: ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const settle = () => {
      req.off("drain", settle).off("close", settle);
      resolve();
    };
    req.on("drain", settle).on("close", settle);
  });
}

async function toResponse(response: IncomingMessage, request: PreparedRequest, redirected: boolean): Promise<Response> {
  const status = response.statusCode ?? 0;
  const headers = new FetchHeaders();
  const raw = response.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  let body: BodyStream | null = null;
  if (request.method === "HEAD" || NULL_BODY_STATUSES.has(status)) {
    response.resume();
  } else {
    const encodings = decodableEncodings(response.headers["content-encoding"]) ?? [];
    // The decoded body is not the length the server announced.
    if (encodings.length > 0) headers.delete("content-length");
    const { signal } = request;
    const onAbort = () => stream.fail(signal!.reason);
    const stream = responseBodyStream(response, await decoders(encodings), () => signal?.removeEventListener("abort", onAbort));
    signal?.addEventListener("abort", onAbort, { once: true });
    if (signal?.aborted) onAbort();
    body = stream.body;
  }
  try {
    const result = new FetchResponse(body, { status, statusText: response.statusMessage ?? "", headers, url: request.url.href, redirected });
    // The SDKs and pith's types speak the standard Response; FetchResponse has every member they read.
    return result as unknown as Response;
  } catch (error) {
    response.destroy();
    throw fetchFailed(error);
  }
}

function isRedirect(status: number | undefined): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

/** Fetch's "follow" rules: which method, body and headers go to the next location. */
function followRedirect(request: PreparedRequest, status: number, location: string): void {
  let next: URL;
  try {
    next = new URL(location, request.url);
  } catch (error) {
    throw fetchFailed(error);
  }
  if (next.protocol !== "http:" && next.protocol !== "https:") throw fetchFailed(new Error(`redirect to unsupported URL scheme ${next.protocol}`));
  if (next.username || next.password) throw fetchFailed(new Error("redirect to a URL that includes credentials"));
  if ((status === 303 && request.method !== "HEAD") || ((status === 301 || status === 302) && request.method === "POST")) {
    request.method = "GET";
    request.body = undefined;
    for (const name of BODY_HEADERS) request.headers.delete(name);
  }
  if (request.body?.kind === "stream") throw fetchFailed(new Error("cannot follow a redirect with a streamed request body"));
  if (next.origin !== request.url.origin) for (const name of CREDENTIAL_HEADERS) request.headers.delete(name);
  request.url = next;
}

function ignore(): void {}

function fetchFailed(cause: unknown): TypeError {
  return new TypeError("fetch failed", { cause });
}
