// Helpers shared by the provider plugins, and by anyone writing a provider of their own.
export { AssistantMessageBuilder, providerErrorDetails, type UsageReport } from "./assistant-builder.js";
export { parsePartialJson } from "./partial-json.js";
export { parseRetryAfterMs } from "./retry-after.js";
export { headersToRecord, type HeaderSource } from "../http/response-headers.js";
export { isContextOverflowText } from "./context-overflow.js";
export { sanitizeText } from "./sanitize-text.js";
export { ProviderFailure, streamEndedEarly } from "./provider-failure.js";
export { ABORTED_MESSAGE, classifyProviderError, describeErrorBody, type ClassifiedFailure } from "./classify-error.js";
export { guardProviderStream, type FinishReason, type StreamAttempt, type StreamAttemptContext } from "./guard-stream.js";
export { sdkAttempt, type SdkCall, type SendOptions } from "./sdk-attempt.js";
export { ClientCache, mergeHeaders, type ClientIdentity } from "./client-cache.js";
export { NO_TOOL_RESULT_TEXT, isFromModel, prepareReplay, sanitizeToolCallId, type ReplayOptions } from "./replay-messages.js";
export { budgetThinkingLevel, mappedThinkingValue, reasoningEffort } from "./thinking-levels.js";
export { httpFetch, providerFetch, type FetchFunction } from "../http/http-fetch.js";
export { sdkClientOptions, type SdkClientOptions } from "./sdk-client-options.js";
export { STREAMED_BODY_THRESHOLD, streamedJsonBody, streamedPostOptions, type StreamedPostOptions } from "../http/json-body-stream.js";
export { httpAttempt, HttpStatusError, type HttpCall, type HttpTarget } from "./http-attempt.js";
export { readServerSentEvents, type ServerSentEvent } from "./server-sent-events.js";
