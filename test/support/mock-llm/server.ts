// The HTTP server: routes each request to its wire format, records it, and answers with the next scripted reply.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { errorMessage } from "../../../kernel/errors.js";
import { anthropicMessages } from "./anthropic-messages.js";
import { openAiChatCompletions } from "./openai-chat-completions.js";
import { azureOpenAiResponses, openAiCodexResponses, openAiResponses } from "./openai-responses.js";
import { googleGenerativeAi, googleVertex } from "./google-generative-ai.js";
import { bedrockConverseStream } from "./bedrock-converse-stream.js";
import { mistralChat } from "./mistral-chat.js";
import { piMessages } from "./pi-messages.js";
import { cloudflareSystemOne, openAiDecisions, systemOne } from "./classifiers.js";
import { ScriptQueue } from "./script-queue.js";
import { serveCodexWebSocket } from "./codex-websocket.js";
import type { WireFormat } from "./wire-format.js";
import type { MockLlm, MockLlmOptions, RecordedRequest, ScriptedReply } from "./types.js";

const FORMATS: WireFormat[] = [anthropicMessages, openAiChatCompletions, openAiResponses, azureOpenAiResponses, openAiCodexResponses, googleVertex, googleGenerativeAi, bedrockConverseStream, mistralChat, piMessages, systemOne, cloudflareSystemOne, openAiDecisions];

function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return flat;
}

function readBody(req: IncomingMessage, onComplete: (bodyBytes: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    req.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      bytes += chunk.length;
    });
    req.on("end", () => {
      onComplete(bytes);
      resolve(Buffer.concat(chunks, bytes).toString("utf8"));
    });
    req.on("error", reject);
  });
}

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function sendBody(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  const contentType = typeof body === "string" ? "text/plain; charset=utf-8" : "application/json";
  res.writeHead(status, { "content-type": contentType, ...headers });
  res.end(text);
}

/** Resolves once the frame is handed to the socket, or at once when the response is gone. */
function writeFrame(res: ServerResponse, frame: string | Uint8Array, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const finish = (): void => {
      signal.removeEventListener("abort", finish);
      resolve();
    };
    signal.addEventListener("abort", finish);
    res.write(frame, finish);
  });
}

/** False when the response went away before `held` settled. */
async function hold(held: Promise<unknown>, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return false;
  let leave = (): void => undefined;
  const gone = new Promise<void>((resolve) => {
    leave = resolve;
    signal.addEventListener("abort", leave, { once: true });
  });
  await Promise.race([held.then(() => undefined, () => undefined), gone]);
  signal.removeEventListener("abort", leave);
  return !signal.aborted;
}

/** False when the response went away during the pause. */
async function pause(ms: number | undefined, signal: AbortSignal): Promise<boolean> {
  if (ms === undefined || ms === 0) return !signal.aborted;
  try {
    await sleep(ms, undefined, { signal });
    return true;
  } catch {
    return false;
  }
}

async function sendStream(res: ServerResponse, frames: (string | Uint8Array)[], reply: ScriptedReply, signal: AbortSignal, contentType = "text/event-stream; charset=utf-8"): Promise<void> {
  res.writeHead(200, { "content-type": contentType, "cache-control": "no-cache" });
  res.flushHeaders();
  for (const [index, frame] of frames.entries()) {
    if (index === reply.dropAfterChunks) {
      res.destroy();
      return;
    }
    if (index === (reply.holdAfterChunks ?? 1) && reply.holdUntil && !(await hold(reply.holdUntil, signal))) return;
    if (index > 0 && !(await pause(reply.delayMs, signal))) return;
    await writeFrame(res, frame, signal);
  }
  if (reply.dropAfterChunks !== undefined) res.destroy();
  else res.end();
}

async function answer(
  format: WireFormat,
  reply: ScriptedReply,
  request: RecordedRequest,
  sequence: number,
  res: ServerResponse,
  signal: AbortSignal,
): Promise<void> {
  const context = format.contextFor(request.body, sequence, new URL(request.path, "http://127.0.0.1").pathname);
  if (reply.error !== undefined) {
    if (!(await pause(reply.delayMs, signal))) return;
    const { status, headers, message, type, code } = reply.error;
    const fields = { message: message ?? `mock-llm: scripted HTTP ${status}`, type, code };
    const body = reply.error.body ?? format.errorBody(status, fields);
    sendBody(res, status, body, { ...format.errorHeaders?.(status, fields), ...headers });
    return;
  }
  if (format.isStreamRequest(request.body)) {
    await sendStream(res, format.streamFrames(reply, context), reply, signal, format.contentType);
    return;
  }
  if (!(await pause(reply.delayMs, signal))) return;
  if (reply.dropAfterChunks !== undefined) res.destroy();
  else sendBody(res, 200, format.jsonBody(reply, context, request.body));
}

/** What a recorded pi run (test/support/pi-runs) reads and replays of a mock server it talks to. */
export interface MockLlmRecording {
  requests: RecordedRequest[];
  scriptedAhead: ScriptQueue["scriptedAhead"];
  /** a replayed run's requests: recorded, each taking its reply (a function reply is called) as if it had come */
  replay(requests: RecordedRequest[]): void;
}

const listening = new Map<number, MockLlmRecording>();

/** The mock server of this process listening on `port`, if any. */
export function mockLlmOnPort(port: number): MockLlmRecording | undefined {
  return listening.get(port);
}

export async function startMockLlm(options: MockLlmOptions = {}): Promise<MockLlm> {
  const queue = new ScriptQueue(options.replies, options.fallback);
  const requests: RecordedRequest[] = [];
  const live = new Set<AbortController>();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const startedAt = performance.now();
    const lifetime = new AbortController();
    live.add(lifetime);
    // A client that hangs up ends the response; whatever is still scripted for it is dropped.
    res.on("close", () => {
      lifetime.abort();
      live.delete(lifetime);
    });
    const target = req.url ?? "/";
    const pathname = new URL(target, "http://127.0.0.1").pathname;
    const format = req.method === "POST" ? FORMATS.find(({ path }) => (typeof path === "string" ? path === pathname : path.test(pathname))) : undefined;
    const text = await readBody(req, (bodyBytes) =>
      options.onReceived?.({ method: req.method ?? "", path: target, startedAt, receivedAt: performance.now(), bodyBytes }),
    );
    if (format === undefined) {
      sendBody(res, 404, { error: { type: "not_found_error", message: `mock-llm: no route for ${req.method ?? "?"} ${target}` } });
      return;
    }
    const body = parseJsonObject(text);
    if (body === undefined) {
      sendBody(res, 400, format.errorBody(400, { message: "mock-llm: the request body is not a JSON object" }));
      return;
    }
    const request: RecordedRequest = { api: format.api, path: target, headers: flattenHeaders(req.headers), body };
    requests.push(request);
    const sequence = requests.length;
    const outcome = queue.next(request, sequence);
    if ("problem" in outcome) {
      // x-should-retry keeps SDKs with retries on from burning the next scripted replies on this one.
      sendBody(res, 500, format.errorBody(500, { message: outcome.problem }), { "x-should-retry": "false" });
      return;
    }
    await answer(format, outcome.reply, request, sequence, res, lifetime.signal);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) res.destroy();
      else sendBody(res, 500, { error: { type: "api_error", message: `mock-llm: internal failure: ${errorMessage(error)}` } });
    });
  });
  const closeWebSockets = serveCodexWebSocket(server, { queue, requests, accept: options.websocket ?? true });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  listening.set(port, {
    requests,
    scriptedAhead: () => queue.scriptedAhead(),
    replay: (replayed) => {
      for (const request of replayed) {
        requests.push(request);
        queue.next(request, requests.length);
      }
    },
  });

  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    enqueue: (...replies) => queue.enqueue(replies),
    pending: () => queue.pending(),
    close: () => {
      listening.delete(port);
      closing ??= new Promise<void>((resolve, reject) => {
        for (const lifetime of live) lifetime.abort();
        closeWebSockets();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
