// The OpenAI providers: Chat Completions ("openai-completions", also every OpenAI-compatible server), the
// Responses API ("openai-responses"), Azure OpenAI's Responses API ("azure-openai-responses") and the ChatGPT
// backend's Responses dialect ("openai-codex-responses"), through the official SDK.
import { definePlugin, type PithPlugin } from "../../kernel/index.js";
import { streamOpenAICompletions } from "./completions/completions-stream.js";
import { streamOpenAIResponses } from "./responses/responses-stream.js";
import { streamAzureOpenAIResponses } from "./azure/azure-stream.js";
import { streamOpenAICodexResponses } from "./codex/codex-stream.js";

export const OPENAI_COMPLETIONS_API = "openai-completions";
export const OPENAI_RESPONSES_API = "openai-responses";
export const AZURE_OPENAI_RESPONSES_API = "azure-openai-responses";
export const OPENAI_CODEX_RESPONSES_API = "openai-codex-responses";

export function openaiProviderPlugin(): PithPlugin {
  return definePlugin({
    name: "provider-openai",
    setup(context) {
      context.registerProvider({ api: OPENAI_COMPLETIONS_API, stream: streamOpenAICompletions });
      context.registerProvider({ api: OPENAI_RESPONSES_API, stream: streamOpenAIResponses });
      context.registerProvider({ api: AZURE_OPENAI_RESPONSES_API, stream: streamAzureOpenAIResponses });
      context.registerProvider({ api: OPENAI_CODEX_RESPONSES_API, stream: streamOpenAICodexResponses });
    },
  });
}

export { streamOpenAICompletions } from "./completions/completions-stream.js";
export { streamOpenAIResponses } from "./responses/responses-stream.js";
export { streamAzureOpenAIResponses } from "./azure/azure-stream.js";
export { streamOpenAICodexResponses } from "./codex/codex-stream.js";
export { buildCodexRequest, codexBaseUrl } from "./codex/codex-request.js";
export { azureTarget, type AzureTarget } from "./azure/azure-config.js";
export { buildCompletionsRequest, type CompletionsRequest } from "./completions/completions-request.js";
export { buildResponsesRequest, type ResponsesRequest } from "./responses/responses-request.js";
export { resolveCompletionsCompat, type CompletionsCompat, type ThinkingFormat } from "./completions/completions-compat.js";
