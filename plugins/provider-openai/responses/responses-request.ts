// Builds the Responses API request body and its per-request headers.
import type { StreamRequest } from "../../../kernel/index.js";
import { cacheRetention, clampThinkingLevel, copilotRequestHeaders, promptCacheKey, reasoningEffort, type CacheRetention } from "../../../lib/provider-kit/index.js";
import { openCodeSessionHeaders } from "../../../lib/provider-kit/opencode-session.js";
import { outputTokenCap } from "../../../lib/provider-kit/output-room.js";
import { instructionRole, toResponsesInput } from "./responses-messages.js";
import { CONFIGURATION_UPDATE_REQUEST_EFFORT, configurationUpdateEffort, takesAdditionalTools, type ConfigurationUpdates } from "./responses-input-settings.js";
import { SystemUpdateWriter, type ToolConversion } from "./responses-system-updates.js";
import { responsesTranscript } from "./responses-transcript.js";
import type { ResponsesBody, ResponsesTool } from "./responses-wire.js";

/** The Responses API refuses a `max_output_tokens` below this. */
const MIN_OUTPUT_TOKENS = 16;

export interface ResponsesRequest {
  body: ResponsesBody;
  headers: Record<string, string>;
  /** the level the trailing `configuration_update` sets, recorded on the reply */
  providerThinkingLevel?: string;
}

/**
 * How the dialects built on this one (Azure, Codex) differ: no session headers (Codex sends its own), no cache
 * tier, a cache key whatever the retention, their own `strict` on tools, and their own rules for `configuration_update`.
 */
export interface ResponsesDialect {
  sessionHeaders: boolean;
  retentionGatesCacheKey: boolean;
  /** Codex's tools carry `strict: null` whatever the model; undefined: `strict: false` where the model takes `strict` */
  toolStrict: null | undefined;
  /** whether a model that does not say (`supportsStrictMode` unset) takes `strict`: pi 1.6.0's Azure yes, OpenAI no */
  strictModeByDefault: boolean;
  configurationUpdates: ConfigurationUpdates;
}

const OPENAI_DIALECT: ResponsesDialect = { sessionHeaders: true, retentionGatesCacheKey: true, toolStrict: undefined, strictModeByDefault: false, configurationUpdates: "openai" };
export const AZURE_RESPONSES_DIALECT: ResponsesDialect = { sessionHeaders: false, retentionGatesCacheKey: false, toolStrict: undefined, strictModeByDefault: true, configurationUpdates: "none" };
export const CODEX_RESPONSES_DIALECT: ResponsesDialect = { ...AZURE_RESPONSES_DIALECT, toolStrict: null, configurationUpdates: "codex" };

export function buildResponsesRequest(request: StreamRequest, dialect: ResponsesDialect = OPENAI_DIALECT, env: NodeJS.ProcessEnv = process.env): ResponsesRequest {
  const { model } = request;
  const compat = model.compat ?? {};
  const retention = cacheRetention(env);
  const convertTools: ToolConversion = (specs, asSearchResult = false) => specs.map((tool): ResponsesTool => ({
    type: "function",
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
    ...(asSearchResult ? { defer_loading: true } : {}),
    // only endpoints known to take `strict` get it (pi 1.6.0's `supportsStrictMode`, its default the dialect's)
    ...(dialect.toolStrict === null ? { strict: null } : (compat.supportsStrictMode ?? dialect.strictModeByDefault) ? { strict: false } : {}),
  }));
  const transcript = responsesTranscript(request);
  const tools = convertTools(transcript ? transcript.requestTools : request.tools);
  const additionalTools = transcript ? transcript.toolChanges === "additional-tools" : takesAdditionalTools(request);
  const configurationEffort = configurationUpdateEffort(request, dialect.configurationUpdates);
  const input = transcript
    ? toResponsesInput(transcript.prompt, request.messages, model, {
        additionalTools: convertTools(transcript.leadingTools),
        configurationEffort,
        systemUpdates: new SystemUpdateWriter(transcript, convertTools, instructionRole(model)),
      })
    : toResponsesInput(request.systemPrompt, request.messages, model, { additionalTools: additionalTools ? tools : undefined, configurationEffort });
  const body: ResponsesBody = {
    model: model.id,
    input,
    stream: true,
    // Nothing is stored server-side; reasoning travels back encrypted instead.
    store: false,
  };
  if ((retention !== "none" || !dialect.retentionGatesCacheKey) && compat.promptCacheKeyMode !== "disabled") {
    const key = promptCacheKey(request.sessionId);
    if (key !== undefined) body.prompt_cache_key = key;
  }
  if (dialect.retentionGatesCacheKey) applyCacheTier(body, compat, retention);
  const maxTokens = outputTokenCap(request);
  if (maxTokens !== undefined && compat.supportsMaxOutputTokens !== false) body.max_output_tokens = Math.max(maxTokens, MIN_OUTPUT_TOKENS);
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (tools.length > 0 && !additionalTools) body.tools = tools;
  if (configurationEffort !== undefined) {
    body.reasoning = { effort: CONFIGURATION_UPDATE_REQUEST_EFFORT, summary: "auto" };
    body.include = ["reasoning.encrypted_content"];
  } else if (model.reasoning) {
    const level = request.thinkingLevel === "off" ? "off" : clampThinkingLevel(model, request.thinkingLevel);
    if (level !== "off") {
      body.reasoning = { effort: reasoningEffort(model, level), summary: "auto" };
      body.include = ["reasoning.encrypted_content"];
    } else if (model.thinkingLevelMap?.off !== null) {
      // Reasoning models think unless told "none"; a model mapping "off" to null has no off switch.
      body.reasoning = { effort: model.thinkingLevelMap?.off ?? "none" };
    }
  }
  const headers: Record<string, string> = copilotRequestHeaders(request, transcript?.endsWithSystemMessage ? "system" : undefined);
  if (request.sessionId && dialect.sessionHeaders) Object.assign(headers, sessionAffinityHeaders(request.sessionId, model.provider, model.baseUrl, compat));
  Object.assign(headers, openCodeSessionHeaders(model, request.sessionId));
  return { body, headers, ...(configurationEffort === undefined ? {} : { providerThinkingLevel: configurationEffort }) };
}

type ResponsesCompat = NonNullable<StreamRequest["model"]["compat"]>;

/**
 * The cache tier: a 24-hour retention for PI_CACHE_RETENTION=long where the endpoint keeps one; endpoints with an
 * explicit cache mode (`supportsExplicitPromptCacheMode`) take `prompt_cache_options` instead.
 */
function applyCacheTier(body: ResponsesBody, compat: ResponsesCompat, retention: CacheRetention): void {
  const longRetention = retention === "long" && compat.supportsLongCacheRetention !== false;
  if (compat.supportsExplicitPromptCacheMode === true) {
    if (retention === "none") body.prompt_cache_options = { mode: "explicit" };
    else if (longRetention) body.prompt_cache_options = { ttl: "30m" };
  } else if (longRetention) body.prompt_cache_retention = "24h";
}

/** Keeps a session on one server: OpenRouter's `x-session-id`, OpenAI's `session-id`, and the request id everywhere else. */
function sessionAffinityHeaders(sessionId: string, provider: string, baseUrl: string, compat: ResponsesCompat): Record<string, string> {
  const format = compat.sessionAffinityFormat ?? (provider === "openrouter" || baseUrl.includes("openrouter.ai") ? "openrouter" : "openai");
  if (format === "openrouter") return { "x-session-id": sessionId };
  return { ...(format === "openai" ? { "session-id": sessionId } : {}), "x-client-request-id": sessionId };
}
