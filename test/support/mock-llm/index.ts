// A scripted LLM server on 127.0.0.1 that speaks the Anthropic Messages, OpenAI Chat Completions and OpenAI
// Responses streaming formats, for tests and benchmarks. See README.md.
export { startMockLlm } from "./server.js";
export { encodeAnthropicStream } from "./anthropic-messages.js";
export { encodeChatCompletionsStream } from "./openai-chat-completions.js";
export { encodeResponsesStream } from "./openai-responses.js";
export { encodeGoogleStream } from "./google-generative-ai.js";
export { encodeBedrockStream } from "./bedrock-converse-stream.js";
export { encodeMistralStream } from "./mistral-chat.js";
export { encodePiMessagesStream } from "./pi-messages.js";
export { parseScriptedReply } from "./script-schema.js";
export { holdUntilReleased, type Release } from "./release.js";
export type {
  EncodeContext,
  MockLlm,
  MockLlmOptions,
  ReceivedRequest,
  RecordedRequest,
  Script,
  ScriptedHttpError,
  ScriptedReply,
  ScriptedStreamError,
  ScriptedToolCall,
} from "./types.js";
