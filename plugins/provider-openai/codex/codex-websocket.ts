// The ChatGPT backend's WebSocket transport (pi 1.6.0's default for "openai-codex-responses"): a socket to
// `wss://…/codex/responses` through the `ws` package (Node 20 has no global WebSocket; it loads with the first
// WebSocket request only), proxied like every provider request, and kept per session and account for the next
// turn: idle sockets close after 5 minutes, and none serves a request after 45 (the server cuts a socket at 60
// minutes, even mid-response). A kept socket never holds the process open: its connection is unreferenced while
// it waits for the next turn.
import type { Socket } from "node:net";
import type { WebSocket } from "ws";
import { proxyFor } from "../../../lib/http/proxy-env.js";
import { tunnelAgent } from "../../../lib/http/proxy-tunnel.js";

const CONNECT_TIMEOUT_MS = 15_000;
const IDLE_CLOSE_MS = 5 * 60_000;
const MAX_AGE_MS = 45 * 60_000;

/** The socket failed as a transport (no connection, refused upgrade, closed early): SSE may take over. */
export class CodexTransportError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "CodexTransportError";
  }
}

/** What the next turn on the same socket may leave out: the last full body and what the reply added to it. */
export interface CodexContinuation {
  /** the body without `input` and `previous_response_id`, as JSON */
  settings: string;
  /** the items the server holds after the reply: the last input and the reply's own items, each as JSON */
  items: string[];
  responseId: string;
}

interface PooledSocket {
  socket: WebSocket;
  connection: Socket | undefined;
  busy: boolean;
  createdAt: number;
  idleTimer?: NodeJS.Timeout;
  continuation?: CodexContinuation;
}

export interface SocketLease {
  socket: WebSocket;
  /** the session's kept socket (undefined: a socket for this request only) */
  pooled: PooledSocket | undefined;
  /** keep: hand the socket back for the next turn; otherwise it is closed */
  release(keep: boolean): void;
}

let wsClient: Promise<typeof WebSocket> | undefined;

/** ws's client class: named by Node's loader and the CLI's vendor bundle; in the library's chunks the package is only `default`. */
async function loadClient(): Promise<typeof WebSocket> {
  const module = await import("ws");
  return module.WebSocket ?? (module as unknown as { default: { WebSocket: typeof WebSocket } }).default.WebSocket;
}
const pool = new Map<string, PooledSocket>();

/** A socket for one request: the session's kept one when it is free and young enough, else a new one. */
export async function leaseSocket(url: string, headers: Record<string, string>, poolKey: string | undefined, signal: AbortSignal): Promise<SocketLease> {
  const kept = poolKey === undefined ? undefined : pool.get(poolKey);
  if (kept && !kept.busy) {
    clearTimeout(kept.idleTimer);
    if (kept.socket.readyState === kept.socket.OPEN && Date.now() - kept.createdAt < MAX_AGE_MS) return lend(poolKey!, kept);
    discard(poolKey!, kept);
  }
  const { socket, connection } = await connect(url, headers, signal);
  // A busy kept socket (a concurrent request of the same session) is left alone; this one is not kept.
  if (poolKey === undefined || pool.get(poolKey)?.busy) return { socket, pooled: undefined, release: () => socket.close(1000) };
  const pooled: PooledSocket = { socket, connection, busy: false, createdAt: Date.now() };
  pool.set(poolKey, pooled);
  return lend(poolKey, pooled);
}

function lend(key: string, pooled: PooledSocket): SocketLease {
  pooled.busy = true;
  pooled.connection?.ref();
  return {
    socket: pooled.socket,
    pooled,
    release(keep) {
      pooled.busy = false;
      if (!keep || pooled.socket.readyState !== pooled.socket.OPEN) return discard(key, pooled);
      pooled.connection?.unref();
      pooled.idleTimer = setTimeout(() => discard(key, pooled), IDLE_CLOSE_MS);
      pooled.idleTimer.unref();
    },
  };
}

function discard(key: string, pooled: PooledSocket): void {
  clearTimeout(pooled.idleTimer);
  if (pool.get(key) === pooled) pool.delete(key);
  pooled.socket.close(1000);
}

async function connect(url: string, headers: Record<string, string>, signal: AbortSignal): Promise<{ socket: WebSocket; connection: Socket | undefined }> {
  const Client = await (wsClient ??= loadClient());
  signal.throwIfAborted();
  const target = new URL(url);
  target.protocol = target.protocol === "ws:" ? "http:" : "https:";
  const proxy = proxyFor(target);
  return new Promise((resolve, reject) => {
    const socket = new Client(url, { headers, handshakeTimeout: CONNECT_TIMEOUT_MS, ...(proxy ? { agent: tunnelAgent(proxy, target.protocol, {}) } : {}) });
    let connection: Socket | undefined;
    const settle = (error?: unknown): void => {
      socket.off("upgrade", onUpgrade).off("open", onOpen).off("error", onError).off("close", onClose);
      signal.removeEventListener("abort", onAbort);
      if (error === undefined) return resolve({ socket, connection });
      socket.terminate();
      reject(error);
    };
    const onUpgrade = (response: { socket: Socket }) => (connection = response.socket);
    const onOpen = () => settle();
    const onError = (error: Error) => settle(new CodexTransportError(`WebSocket error: ${error.message}`, { cause: error }));
    const onClose = (code: number) => settle(new CodexTransportError(`WebSocket closed ${code} before it opened`));
    const onAbort = () => settle(signal.reason);
    socket.on("upgrade", onUpgrade).on("open", onOpen).on("error", onError).on("close", onClose);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

const FINAL_EVENTS = new Set(["response.completed", "response.done", "response.incomplete"]);

/**
 * Sends `message` (once listening) and yields the events of its response, parsed, up to and including the final
 * one. A socket that closes or fails before it fails with a CodexTransportError; a message that is not JSON with a
 * SyntaxError; an abort with the signal's reason.
 */
export async function* socketEvents(socket: WebSocket, message: string, signal: AbortSignal): AsyncGenerator<Record<string, unknown>> {
  const queue: Record<string, unknown>[] = [];
  let failure: unknown;
  let finished = false;
  let wake: (() => void) | undefined;
  const notify = () => wake?.();
  const onMessage = (data: Buffer | ArrayBuffer | Buffer[]) => {
    try {
      const event = JSON.parse(Buffer.isBuffer(data) ? data.toString("utf8") : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString("utf8")) as Record<string, unknown>;
      queue.push(event);
    } catch (error) {
      failure ??= new SyntaxError(`Invalid Codex WebSocket JSON: ${(error as Error).message}`);
    }
    notify();
  };
  const onClose = (code: number, reason: Buffer) => {
    failure ??= new CodexTransportError(`WebSocket closed ${code}${reason.length > 0 ? ` ${reason.toString("utf8")}` : ""}`);
    notify();
  };
  const onError = (error: Error) => {
    failure ??= new CodexTransportError(`WebSocket error: ${error.message}`, { cause: error });
    notify();
  };
  const onAbort = () => {
    failure ??= signal.reason;
    notify();
  };
  socket.on("message", onMessage).on("close", onClose).on("error", onError);
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    signal.throwIfAborted();
    if (socket.readyState !== socket.OPEN) throw new CodexTransportError("WebSocket closed before the request was sent");
    socket.send(message);
    while (!finished) {
      const event = queue.shift();
      if (event !== undefined) {
        finished = FINAL_EVENTS.has(String(event.type));
        yield event;
      } else if (failure !== undefined) {
        throw failure;
      } else {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
      }
    }
  } finally {
    socket.off("message", onMessage).off("close", onClose).off("error", onError);
    signal.removeEventListener("abort", onAbort);
  }
}
