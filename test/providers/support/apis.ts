// The three wire protocols side by side, so behaviour every provider shares is tested once for all of them.
import type { AssistantMessageEvent, StreamRequest } from "../../../kernel/provider.js";
import { streamAnthropic } from "../../../plugins/provider-anthropic/index.js";
import { streamOpenAICompletions, streamOpenAIResponses } from "../../../plugins/provider-openai/index.js";
import { encodeAnthropicStream, encodeChatCompletionsStream, encodeResponsesStream, type ScriptedReply } from "../../support/mock-llm/index.js";
import type { TestApi } from "./models.js";

export interface ApiUnderTest {
  api: TestApi;
  stream: (request: StreamRequest) => AsyncIterable<AssistantMessageEvent>;
  /** the SSE text the API sends for a reply */
  encode: (reply: ScriptedReply) => string;
  /** the request path, for a hand-rolled server */
  path: string;
}

export const APIS: ApiUnderTest[] = [
  { api: "anthropic-messages", stream: streamAnthropic, encode: (reply) => encodeAnthropicStream(reply), path: "/v1/messages" },
  { api: "openai-completions", stream: streamOpenAICompletions, encode: (reply) => encodeChatCompletionsStream(reply), path: "/v1/chat/completions" },
  { api: "openai-responses", stream: streamOpenAIResponses, encode: (reply) => encodeResponsesStream(reply), path: "/v1/responses" },
];
