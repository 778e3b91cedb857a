// pi-agent-core 1.6.0's `streamProxy`: a stream function for apps whose server holds the keys. It POSTs
// `{model, context, options}` to `<proxyUrl>/api/stream` with the bearer `authToken`, reads `data: <event>` lines
// back (proxy-events.ts) and answers with pi-ai's event stream. Every failure (an HTTP error, whose JSON `error`
// is quoted, a dropped connection, an abort) ends in an error event, never a throw.
import type { AssistantMessage, Model } from "../../../../kernel/index.js";
import { providerFetch } from "../../../../lib/http/http-fetch.js";
import type { PartialJsonReader } from "../../../../lib/provider-kit/partial-json-reader.js";
import { AssistantMessageEventStream } from "../pi-ai/event-stream.js";
import { applyProxyEvent, type ProxyEvent } from "./proxy-events.js";

/** The options that travel to the server; the signal and the credentials stay here. */
const FORWARDED_OPTIONS = [
  "temperature",
  "samplingParams",
  "maxTokens",
  "reasoning",
  "cacheRetention",
  "sessionId",
  "disableContinuation",
  "headers",
  "metadata",
  "transport",
  "thinkingBudgets",
  "maxRetryDelayMs",
] as const;

export interface ProxyStreamOptions {
  signal?: AbortSignal;
  authToken: string;
  proxyUrl: string;
  [option: string]: unknown;
}

export function streamProxy(model: Model, context: unknown, options: ProxyStreamOptions): AssistantMessageEventStream {
  const events = new AssistantMessageEventStream();
  void proxyInto(events, model, context, options);
  return events;
}

async function proxyInto(events: AssistantMessageEventStream, model: Model, context: unknown, options: ProxyStreamOptions): Promise<void> {
  const partial: AssistantMessage = {
    role: "assistant",
    stopReason: "pending",
    content: [],
    api: model.api,
    provider: model.provider,
    model: model.id,
    usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
    timestamp: Date.now(),
  };
  try {
    const forwarded = Object.fromEntries(FORWARDED_OPTIONS.map((name) => [name, options[name]]));
    const response = await providerFetch()(`${options.proxyUrl}/api/stream`, {
      method: "POST",
      headers: { Authorization: `Bearer ${options.authToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ model, context, options: forwarded }),
      signal: options.signal,
    });
    if (!response.ok) throw new Error(await proxyErrorText(response));
    const toolArguments = new Map<number, PartialJsonReader>();
    let ended = false;
    const takeLine = (line: string) => {
      if (!line.startsWith("data: ")) return;
      const data = line.slice(6).trim();
      if (!data) return;
      const event = applyProxyEvent(JSON.parse(data) as ProxyEvent, partial, toolArguments);
      if (!event) return;
      if (event.type === "done" || event.type === "error") ended = true;
      events.push(event);
    };
    const decoder = new TextDecoder();
    let buffer = "";
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      if (options.signal?.aborted) throw new Error("Request aborted by user");
      buffer += decoder.decode(chunk, { stream: true });
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      lines.forEach(takeLine);
    }
    if (options.signal?.aborted) throw new Error("Request aborted by user");
    // the last event may lack its newline
    buffer += decoder.decode();
    if (buffer) takeLine(buffer);
    if (!ended) {
      partial.stopReason = "error";
      partial.errorMessage = "Connection closed by proxy server before the response completed";
      events.push({ type: "error", reason: "error", error: partial });
    }
    events.end();
  } catch (error) {
    const reason = options.signal?.aborted ? "aborted" : "error";
    partial.stopReason = reason;
    partial.errorMessage = error instanceof Error ? error.message : String(error);
    events.push({ type: "error", reason, error: partial });
    events.end();
  }
}

async function proxyErrorText(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown };
    if (body.error) return `Proxy error: ${String(body.error)}`;
  } catch {
    // not JSON: the status says it
  }
  return `Proxy error: ${response.status} ${response.statusText}`;
}
