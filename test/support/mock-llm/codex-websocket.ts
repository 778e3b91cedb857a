// The ChatGPT backend's WebSocket transport for "openai-codex-responses" (pi 1.6.0's default): an upgrade on the Codex
// route, then one `{"type":"response.create", ...body}` message per turn, answered with the Responses stream's
// events as JSON messages. A scripted HTTP error becomes an `error` event (`{type, status, error}`), `streamError`
// the stream's `response.failed`/`error`, `dropAfterChunks` a connection cut without a close frame.
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { WebSocketServer, type WebSocket } from "ws";
import { openAiErrorBody } from "./openai-errors.js";
import { framedResponses } from "./openai-responses.js";
import { requestedModel } from "./wire-format.js";
import type { ScriptQueue } from "./script-queue.js";
import type { RecordedRequest, ScriptedReply } from "./types.js";

export const CODEX_WEBSOCKET_PATH = "/backend-api/codex/responses";

interface CodexWebSocketOptions {
  queue: ScriptQueue;
  requests: RecordedRequest[];
  /** false: the upgrade is refused with 426, as by a proxy or server without WebSocket support */
  accept: boolean;
}

/** Serves the Codex WebSocket route on `server`; the returned function closes every open socket. */
export function serveCodexWebSocket(server: Server, options: CodexWebSocketOptions): () => void {
  const websockets = new WebSocketServer({ noServer: true });
  let connections = 0;
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    if (path !== CODEX_WEBSOCKET_PATH || !options.accept) {
      const status = path === CODEX_WEBSOCKET_PATH ? "426 Upgrade Required" : "404 Not Found";
      socket.end(`HTTP/1.1 ${status}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n`);
      return;
    }
    websockets.handleUpgrade(req, socket, head, (websocket) => {
      const connection = ++connections;
      let turn = Promise.resolve();
      websocket.on("message", (data) => {
        turn = turn.then(() => answerMessage(websocket, req, connection, data.toString(), options));
      });
    });
  });
  return () => {
    for (const client of websockets.clients) client.terminate();
    websockets.close();
  };
}

async function answerMessage(websocket: WebSocket, req: IncomingMessage, connection: number, text: string, options: CodexWebSocketOptions): Promise<void> {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    message = undefined;
  }
  if (typeof message !== "object" || message === null || (message as { type?: unknown }).type !== "response.create") {
    websocket.send(JSON.stringify({ type: "error", status: 400, error: { type: "invalid_request_error", message: "mock-llm: expected a response.create message" } }));
    return;
  }
  const { type: _type, ...body } = message as Record<string, unknown>;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  const request: RecordedRequest = { api: "openai-codex-responses", path: req.url ?? "/", headers, body, websocket: { connection } };
  options.requests.push(request);
  const sequence = options.requests.length;
  const outcome = options.queue.next(request, sequence);
  if ("problem" in outcome) {
    websocket.send(JSON.stringify({ type: "error", status: 500, error: { type: "server_error", message: outcome.problem } }));
    return;
  }
  await sendReply(websocket, outcome.reply, framedResponses(outcome.reply, { sequence, model: requestedModel(body) }, JSON.stringify, `{"type":"response.output_text.delta","delta"`));
}

async function sendReply(websocket: WebSocket, reply: ScriptedReply, frames: string[]): Promise<void> {
  const open = (): boolean => websocket.readyState === websocket.OPEN;
  if (reply.error !== undefined) {
    if (reply.delayMs) await sleep(reply.delayMs);
    const { status, message, type, code } = reply.error;
    const body = asObject(reply.error.body) ?? (openAiErrorBody(status, { message: message ?? `mock-llm: scripted error ${status}`, type, code }) as object);
    if (open()) websocket.send(JSON.stringify({ type: "error", status, ...body }));
    return;
  }
  for (const [index, frame] of frames.entries()) {
    if (index === reply.dropAfterChunks) {
      websocket.terminate();
      return;
    }
    if (index > 0 && reply.delayMs) await sleep(reply.delayMs);
    if (!open()) return;
    websocket.send(frame);
  }
  if (reply.dropAfterChunks !== undefined) websocket.terminate();
}

/** A scripted error body as the object the event carries (a JSON string is parsed; other text becomes the message). */
function asObject(body: unknown): object | undefined {
  if (body === undefined) return undefined;
  if (typeof body === "string") {
    try {
      const parsed: unknown = JSON.parse(body);
      if (typeof parsed === "object" && parsed !== null) return parsed;
    } catch {
      // not JSON: the text is the message
    }
    return { error: { message: body } };
  }
  return typeof body === "object" && body !== null ? body : { error: { message: String(body) } };
}
