// Builds the Responses API request body and its per-request headers.
import type { StreamRequest } from "../../../kernel/index.js";
import { reasoningEffort, copilotRequestHeaders } from "../../../lib/provider-kit/index.js";
import { toResponsesInput } from "./responses-messages.js";
import type { ResponsesBody } from "./responses-wire.js";

/** Output allowance when the request names none (pi's). */
const DEFAULT_MAX_TOKENS_CAP = 32000;

export interface ResponsesRequest {
  body: ResponsesBody;
  headers: Record<string, string>;
}

export function buildResponsesRequest(request: StreamRequest): ResponsesRequest {
  const { model } = request;
  const body: ResponsesBody = {
    model: model.id,
    input: toResponsesInput(request.systemPrompt, request.messages, model),
    stream: true,
    // Nothing is stored server-side; reasoning travels back encrypted instead.
    store: false,
  };
  if (request.sessionId) body.prompt_cache_key = request.sessionId;
  const maxTokens = request.maxTokens ?? (model.maxTokens > 0 ? Math.min(model.maxTokens, DEFAULT_MAX_TOKENS_CAP) : undefined);
  if (maxTokens !== undefined) body.max_output_tokens = maxTokens;
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.tools.length > 0) {
    body.tools = request.tools.map((tool) => ({
      type: "function",
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters,
      strict: false,
    }));
  }
  if (model.reasoning) {
    if (request.thinkingLevel !== "off") {
      body.reasoning = { effort: reasoningEffort(model, request.thinkingLevel), summary: "auto" };
      body.include = ["reasoning.encrypted_content"];
    } else if (model.thinkingLevelMap?.off !== null) {
      // Reasoning models think unless told "none"; a model mapping "off" to null has no off switch.
      body.reasoning = { effort: model.thinkingLevelMap?.off ?? "none" };
    }
  }
  const headers: Record<string, string> = copilotRequestHeaders(request);
  if (request.sessionId) {
    if (model.compat?.sendSessionIdHeader !== false) headers["session_id"] = request.sessionId;
    headers["x-client-request-id"] = request.sessionId;
  }
  return { body, headers };
}
