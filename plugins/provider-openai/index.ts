// The OpenAI providers: Chat Completions ("openai-completions", also every OpenAI-compatible server) and the
// Responses API ("openai-responses"), through the official SDK.
import { definePlugin, type PithPlugin } from "../../kernel/index.js";
import { streamOpenAICompletions } from "./completions-stream.js";
import { streamOpenAIResponses } from "./responses-stream.js";

export const OPENAI_COMPLETIONS_API = "openai-completions";
export const OPENAI_RESPONSES_API = "openai-responses";

export function openaiProviderPlugin(): PithPlugin {
  return definePlugin({
    name: "provider-openai",
    setup(context) {
      context.registerProvider({ api: OPENAI_COMPLETIONS_API, stream: streamOpenAICompletions });
      context.registerProvider({ api: OPENAI_RESPONSES_API, stream: streamOpenAIResponses });
    },
  });
}

export { streamOpenAICompletions } from "./completions-stream.js";
export { streamOpenAIResponses } from "./responses-stream.js";
export { buildCompletionsRequest, type CompletionsRequest } from "./completions-request.js";
export { buildResponsesRequest, type ResponsesRequest } from "./responses-request.js";
export { resolveCompletionsCompat, type CompletionsCompat, type ThinkingFormat } from "./completions-compat.js";
