// The frame every provider stream runs in: it builds the message, reports the response head, and turns any
// failure into the final `error` event, so `ProviderApi.stream` never throws and every provider ends alike.
import { AssistantMessageBuilder } from "./assistant-builder.js";
import type { AssistantMessageEvent, ProviderResponseInfo, StreamRequest } from "../../kernel/provider.js";
import { ABORTED_MESSAGE, classifyProviderError } from "./classify-error.js";

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
  let responseReported = false;
  const reportResponse = async (response: ProviderResponseInfo): Promise<void> => {
    responseReported = true;
    await request.onResponse?.(response);
  };
  try {
    const reason = yield* attempt({ request, builder, reportResponse });
    // The SDKs end a stream quietly when it is aborted, so a "complete" stream may be a cut-off one.
    if (request.signal.aborted) {
      yield builder.fail("aborted", ABORTED_MESSAGE, { kind: "aborted" });
      return;
    }
    yield builder.done(reason);
  } catch (error) {
    const failure = classifyProviderError(error, request.signal);
    if (failure.response && !responseReported) {
      // The hook is an observer here; its own failure must not replace the provider's error.
      await reportResponse(failure.response).catch(() => undefined);
    }
    yield builder.fail(failure.reason, failure.message, failure.details);
  }
}
