// pi-ai's per-API entry points for extensions: the lazy API factories (`anthropicMessagesApi()`...) and the
// `stream<Api>`/`streamSimple<Api>` wrappers. Each sends the model through pith's provider plugin for that wire
// protocol; an API pith has no provider for fails the way any model call does, with an error event that says so.
import { apiProvider, through } from "./api-streams.js";

export const anthropicMessagesApi = () => apiProvider("anthropic-messages");
export const openAIResponsesApi = () => apiProvider("openai-responses");
export const openAICompletionsApi = () => apiProvider("openai-completions");
export const openAICodexResponsesApi = () => apiProvider("openai-codex-responses");
export const azureOpenAIResponsesApi = () => apiProvider("azure-openai-responses");
export const googleGenerativeAIApi = () => apiProvider("google-generative-ai");
export const googleVertexApi = () => apiProvider("google-vertex");
export const mistralConversationsApi = () => apiProvider("mistral-conversations");
export const bedrockConverseStreamApi = () => apiProvider("bedrock-converse-stream");
export const piMessagesApi = () => apiProvider("pi-messages");

export const streamAnthropic = through("anthropic-messages");
export const streamSimpleAnthropic = streamAnthropic;
export const streamOpenAIResponses = through("openai-responses");
export const streamSimpleOpenAIResponses = streamOpenAIResponses;
export const streamOpenAICompletions = through("openai-completions");
export const streamSimpleOpenAICompletions = streamOpenAICompletions;
export const streamOpenAICodexResponses = through("openai-codex-responses");
export const streamSimpleOpenAICodexResponses = streamOpenAICodexResponses;
export const streamAzureOpenAIResponses = through("azure-openai-responses");
export const streamSimpleAzureOpenAIResponses = streamAzureOpenAIResponses;
export const streamGoogle = through("google-generative-ai");
export const streamSimpleGoogle = streamGoogle;
export const streamGoogleVertex = through("google-vertex");
export const streamSimpleGoogleVertex = streamGoogleVertex;
export const streamMistral = through("mistral-conversations");
export const streamSimpleMistral = streamMistral;
