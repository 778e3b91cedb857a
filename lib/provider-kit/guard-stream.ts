// The frame every provider stream runs in: it builds the message, reports the response head, and turns any
// failure into the final `error` event, so `ProviderApi.stream` never throws and every provider ends alike.
import { AssistantMessageBuilder } from "./assistant-builder.js";
import type { AssistantMessageEvent, ProviderResponseInfo, StreamRequest } from "../../kernel/index.js";
import { ABORTED_MESSAGE, classifyProviderError } from "./classify-error.js";
import { idleWatchdog } from "./idle-watchdog.js";

export type FinishReason = "stop" | "length" | "toolUse";

export interface StreamAttemptContext {
  request: StreamRequest;
  builder: AssistantMessageBuilder;
  /** Call once the HTTP response head arrived; forwards it to `request.onResponse`. */
  reportResponse(response: ProviderResponseInfo): Promise<void>;
}

/**
 * One provider call: yields the events of the message (starting with `builder.start()` once the response head
 * arrived) and returns the finish reason. It may throw anything; the guard classifies it.
 */
export type StreamAttempt = (context: StreamAttemptContext) => AsyncGenerator<AssistantMessageEvent, FinishReason>;

export async function* guardProviderStream(
  request: StreamRequest,
  attempt: StreamAttempt,
): AsyncGenerator<AssistantMessageEvent, void> {
  const builder = new AssistantMessageBuilder(request.model);
  const watchdog = idleWatchdog(request);
  let responseReported = false;
  const reportResponse = async (response: ProviderResponseInfo): Promise<void> => {
    responseReported = true;
    watchdog?.disarm();
    await request.onResponse?.(response);
    watchdog?.arm();
  };
  try {
    const events = attempt({ request: watchdog ? { ...request, signal: watchdog.signal } : request, builder, reportResponse });
    let next: IteratorResult<AssistantMessageEvent, FinishReason>;
    for (;;) {
      watchdog?.arm();
      next = await events.next();
      watchdog?.disarm();
      if (next.done) break;
      yield next.value;
    }
    if (watchdog?.fired && !request.signal.aborted) throw watchdog.fired;
    // The SDKs end a stream quietly when it is aborted, so a "complete" stream may be a cut-off one.
    if (request.signal.aborted) {
      yield builder.fail("aborted", ABORTED_MESSAGE, { kind: "aborted" });
      return;
    }
    yield builder.done(next.value);
  } catch (error) {
    watchdog?.disarm();
    const silent = watchdog?.fired && !request.signal.aborted;
    const failure = classifyProviderError(silent ? watchdog.fired : error, request.signal);
    if (failure.response && !responseReported) {
      // The hook is an observer here; its own failure must not replace the provider's error.
      await reportResponse(failure.response).catch(() => undefined);
    }
    yield builder.fail(failure.reason, failure.message, failure.details);
  }
}
