// Builds the Mistral body and headers: messages (system first), tools (never strict: Mistral Large 4 can go silent
// for minutes before a strict call), temperature, max_tokens, thinking, and the session as prompt-cache key and
// `x-affinity` (the same server for the whole session) unless PI_CACHE_RETENTION=none.
// A model that takes system messages mid-conversation (compat.supportsMidConvoSystemMessages, as pi 1.6.0 reads it)
// gets the conversation's first system message as its prompt and each later one where it stands, so a change of
// prompt leaves the request's head as it was; its tools are those of the moment.
import { type StreamRequest } from "../../kernel/index.js";
import { clampThinkingLevel } from "../../lib/provider-kit/thinking-levels.js";
import { inPlaceTranscript, mappedThinkingValue, turnsWithSystemMessages } from "../../lib/provider-kit/index.js";
import { outputTokenCap } from "../../lib/provider-kit/output-room.js";
import { toMistralMessages } from "./mistral-messages.js";
import type { MistralRequestBody } from "./mistral-wire.js";

export function buildMistralRequest(request: StreamRequest, env: NodeJS.ProcessEnv = process.env): { body: MistralRequestBody; headers: Record<string, string> } {
  const { model } = request;
  const transcript = model.compat?.supportsMidConvoSystemMessages === true ? inPlaceTranscript(request) : undefined;
  const messages = transcript
    ? toMistralMessages(transcript.prompt, turnsWithSystemMessages(request.messages, transcript.later), model)
    : toMistralMessages(request.systemPrompt, request.messages, model);
  const body: MistralRequestBody = { model: model.id, stream: true, messages };
  const tools = transcript?.currentTools ?? request.tools;
  if (tools.length > 0) {
    body.tools = tools.map((tool) => ({ type: "function", function: { name: tool.name, description: tool.description, parameters: tool.parameters, strict: false } }));
  }
  if (request.temperature !== undefined) body.temperature = request.temperature;
  const maxTokens = outputTokenCap(request);
  if (maxTokens !== undefined) body.max_tokens = maxTokens;
  Object.assign(body, thinkingFields(request));
  const headers: Record<string, string> = { accept: "text/event-stream" };
  if (request.sessionId && env.PI_CACHE_RETENTION !== "none") {
    body.prompt_cache_key = request.sessionId;
    headers["x-affinity"] = request.sessionId;
  }
  return { body, headers };
}

/** Models with a thinking level map take `reasoning_effort` (off included, where mapped); other reasoning models `prompt_mode`. */
function thinkingFields(request: StreamRequest): Pick<MistralRequestBody, "prompt_mode" | "reasoning_effort"> {
  const { model } = request;
  if (!model.reasoning) return {};
  const level = clampThinkingLevel(model, request.thinkingLevel);
  if (model.thinkingLevelMap) {
    const effort = level === "off" ? mappedThinkingValue(model, "off") : (mappedThinkingValue(model, level) ?? "high");
    return effort ? { reasoning_effort: effort } : {};
  }
  return level === "off" ? {} : { prompt_mode: "reasoning" };
}
