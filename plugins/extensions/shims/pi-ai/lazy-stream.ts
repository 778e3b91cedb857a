// pi-ai's `lazyStream` and `lazyApi`: a stream handed back at once while its setup (loading a module, resolving a
// key) still runs; a setup that fails ends the stream with an error event instead of a rejection.
import { errorMessage, type AssistantMessage, type AssistantMessageEvent, type Model } from "../../../../kernel/index.js";
import { AssistantMessageEventStream } from "./event-stream.js";
import { zeroUsage } from "./zero-usage.js";
import type { LlmContext, LlmStreamOptions } from "./llm.js";

/** pi-ai's `LazyStreamObserver`: sees each forwarded event, and the result once. */
export interface LazyStreamObserver {
  onEvent?(event: AssistantMessageEvent): void;
  onResult?(result: AssistantMessage | undefined): void;
}

type ModelStream = (model: Model, context: LlmContext, options?: LlmStreamOptions) => AsyncIterable<AssistantMessageEvent>;

/** pi-ai's `ProviderStreams`: one wire protocol's stream functions, deferred responses optional. */
export interface ProviderStreams {
  stream: ModelStream;
  streamSimple: ModelStream;
  fetchDeferred?(model: Model, handle: unknown, options?: { signal?: AbortSignal }): AsyncIterable<AssistantMessageEvent>;
  cancelDeferred?(model: Model, handle: unknown, options?: { signal?: AbortSignal }): Promise<void>;
}

/** An assistant message that says the request failed before any event (pi-ai's setup failure). */
export function failedRequestMessage(model: Model, error: unknown, stopReason: "error" | "aborted", timestamp = Date.now()): AssistantMessage {
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : errorMessage(error);
  return { role: "assistant", content: [], api: model.api, provider: model.provider, model: model.id, usage: zeroUsage(), stopReason, errorMessage: message, timestamp };
}

export function lazyStream(
  model: Model,
  setup: () => Promise<AsyncIterable<AssistantMessageEvent>>,
  observer?: LazyStreamObserver,
  signal?: AbortSignal,
): AssistantMessageEventStream {
  const startedAt = Date.now();
  const outer = new AssistantMessageEventStream();
  let observed = false;
  const observeResult = (result: AssistantMessage | undefined) => {
    if (observed) return;
    observed = true;
    observer?.onResult?.(result);
  };
  const forward = async (inner: AsyncIterable<AssistantMessageEvent>) => {
    let result: AssistantMessage | undefined;
    for await (const event of inner) {
      outer.push(event);
      observer?.onEvent?.(event);
      if (event.type === "done") result = event.message;
      else if (event.type === "error") result = event.error;
    }
    // a pi-ai event stream knows its result even when no event carried it
    const withResult = inner as { result?: () => Promise<AssistantMessage> };
    if (typeof withResult.result === "function") result = await withResult.result();
    outer.end(result);
    observeResult(result);
  };
  setup()
    .then(forward)
    .catch((error: unknown) => {
      const reason = signal?.aborted ? "aborted" : "error";
      const message = failedRequestMessage(model, error, reason, startedAt);
      const event: AssistantMessageEvent = { type: "error", reason, error: message };
      outer.push(event);
      observer?.onEvent?.(event);
      outer.end(message);
      observeResult(message);
    });
  return outer;
}

/** Stream functions whose implementation `load` brings in at the first call (the import cache keeps it). */
export function lazyApi(load: () => Promise<ProviderStreams>, capabilities: { fetchDeferred?: boolean; cancelDeferred?: boolean } = {}): ProviderStreams {
  const api: ProviderStreams = {
    stream: (model, context, options) => lazyStream(model, async () => (await load()).stream(model, context, options), undefined, options?.signal),
    streamSimple: (model, context, options) => lazyStream(model, async () => (await load()).streamSimple(model, context, options), undefined, options?.signal),
  };
  if (capabilities.fetchDeferred) {
    api.fetchDeferred = (model, handle, options) =>
      lazyStream(
        model,
        async () => {
          const implementation = await load();
          if (!implementation.fetchDeferred) throw new Error("API does not support deferred responses");
          return implementation.fetchDeferred(model, handle, options);
        },
        undefined,
        options?.signal,
      );
  }
  if (capabilities.cancelDeferred) {
    api.cancelDeferred = async (model, handle, options) => {
      const implementation = await load();
      if (!implementation.cancelDeferred) throw new Error("API cannot cancel deferred responses");
      await implementation.cancelDeferred(model, handle, options);
    };
  }
  return api;
}
