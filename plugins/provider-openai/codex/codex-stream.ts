// One ChatGPT-backend call ("openai-codex-responses"): the Codex body (codex-request.ts) posted by the OpenAI SDK
// to `<base>/codex/responses`, its stream read as the Responses API's (the backend's `response.done` ends it like
// `response.completed`). Over SSE only: pi's WebSocket transport is not spoken.
import type { Stream } from "openai/core/streaming";
import type { ResponseCreateParamsStreaming, ResponseStreamEvent } from "openai/resources/responses/responses";
import type { AssistantMessageEvent, StreamRequest } from "../../../kernel/index.js";
import { guardProviderStream, sdkAttempt } from "../../../lib/provider-kit/index.js";
import { buildCodexRequest, codexBaseUrl } from "./codex-request.js";
import { openaiClient } from "../openai-client.js";
import { readResponsesEvents } from "../responses/responses-events.js";
import { postResponses } from "../responses/responses-stream.js";

async function* asResponsesEvents(events: AsyncIterable<ResponseStreamEvent>): AsyncIterable<ResponseStreamEvent> {
  for await (const event of events) {
    const type = (event as { type: string }).type;
    yield type === "response.done" ? ({ ...event, type: "response.completed" } as ResponseStreamEvent) : event;
  }
}

const attempt = sdkAttempt<ResponseCreateParamsStreaming, Stream<ResponseStreamEvent>>({
  build: buildCodexRequest,
  async send(request, body, options, streamed) {
    const client = await openaiClient({ ...request, model: { ...request.model, baseUrl: codexBaseUrl(request.model.baseUrl) } });
    return postResponses(client, body, options, streamed);
  },
  read: (stream, builder) => readResponsesEvents(asResponsesEvents(stream), builder),
});

export function streamOpenAICodexResponses(request: StreamRequest): AsyncIterable<AssistantMessageEvent> {
  return guardProviderStream(request, attempt);
}
