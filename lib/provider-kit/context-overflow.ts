// Recognises "the prompt no longer fits the context window" in a provider's error text, so the failure is
// reported with kind "overflow" (compaction's cue) instead of as a plain HTTP error.

export const OVERFLOW_TEXTS: readonly RegExp[] = [
  /prompt is too long/i, // Anthropic
  /request_too_large/i, // Anthropic, request bytes over the limit (HTTP 413)
  /exceeds the context window/i, // OpenAI
  /context_length_exceeded|context length exceeded/i, // OpenAI error code, generic servers
  /maximum context length is \d+/i, // OpenRouter, vLLM
  /maximum prompt length is \d+/i, // xAI
  /reduce the length of the messages/i, // Groq
  /exceeds the available context size/i, // llama.cpp server
  /greater than the context length/i, // LM Studio
  /prompt too long; exceeded (max )?context length/i, // Ollama
  /input is too long for requested model/i, // Bedrock
  /input token count.*exceeds the maximum/i, // Gemini
  /exceeds the limit of \d+/i, // GitHub Copilot
  /context window exceeds limit/i, // MiniMax
  /exceeded model token limit/i, // Kimi
  /too large for model with \d+ maximum context length/i, // Mistral
  /model_context_window_exceeded/i, // z.ai
  /token limit exceeded|too many tokens/i,
];

// Rate limiting sometimes talks about "too many tokens" per minute; that is not an overflow.
const NOT_OVERFLOW_TEXTS: readonly RegExp[] = [/rate.?limit/i, /too many requests/i, /throttl/i];

export function isContextOverflowText(text: string): boolean {
  if (NOT_OVERFLOW_TEXTS.some((pattern) => pattern.test(text))) return false;
  return OVERFLOW_TEXTS.some((pattern) => pattern.test(text));
}
