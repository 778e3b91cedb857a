// Settings a Responses model takes as `input` items instead of request fields, as pi 1.6.0 sends them: the tools as
// a leading `additional_tools` item (`supportsAdditionalTools` with `supportsMidConvoSystemMessages`), and the
// thinking level as `configuration_update` items (`supportsMidConvoEffort`) while the request's own effort stays
// fixed, so changing the level mid-conversation keeps the cached prefix.
import type { StreamRequest } from "../../../kernel/index.js";
import { clampThinkingLevel, reasoningEffort } from "../../../lib/provider-kit/index.js";
import type { ResponsesInputItem, ResponsesTool } from "./responses-wire.js";

/** The request effort while `configuration_update` items carry the level. */
export const CONFIGURATION_UPDATE_REQUEST_EFFORT = "medium";

/**
 * Which dialect's rules pick the level a `configuration_update` carries: OpenAI's (none when thinking is off, none
 * for a ChatGPT sign-in), Codex's (off is sent as the model's "none"), or none at all (Azure).
 */
export type ConfigurationUpdates = "openai" | "codex" | "none";

/** Whether the model takes its tools as an `additional_tools` item rather than `tools`. */
export function takesAdditionalTools(request: StreamRequest): boolean {
  const compat = request.model.compat ?? {};
  return compat.supportsAdditionalTools === true && compat.supportsMidConvoSystemMessages === true;
}

/** An OpenAI login that is not an API key (`sk-…`) is a ChatGPT sign-in, whose endpoint refuses configuration updates. */
function isChatGPTSignIn(request: StreamRequest): boolean {
  const { model, apiKey } = request;
  return model.provider === "openai" && model.baseUrl === "https://api.openai.com/v1" && apiKey !== undefined && !apiKey.startsWith("sk-");
}

/** The effort this request's `configuration_update` carries, or undefined when the effort goes in `reasoning`. */
export function configurationUpdateEffort(request: StreamRequest, updates: ConfigurationUpdates): string | undefined {
  const { model } = request;
  if (updates === "none" || model.compat?.supportsMidConvoEffort !== true) return undefined;
  const level = request.thinkingLevel === "off" ? "off" : clampThinkingLevel(model, request.thinkingLevel);
  if (level !== "off") return updates === "openai" && isChatGPTSignIn(request) ? undefined : reasoningEffort(model, level);
  if (updates === "openai" || !model.reasoning) return undefined;
  // a model whose off maps to null has no value to send for it
  const off = model.thinkingLevelMap?.off;
  return off === undefined ? "none" : (off ?? undefined);
}

export function configurationUpdate(effort: string): ResponsesInputItem {
  return { type: "configuration_update", reasoning: { effort } };
}

export function additionalToolsItem(tools: ResponsesTool[]): ResponsesInputItem {
  return { type: "additional_tools", role: "developer", tools };
}
