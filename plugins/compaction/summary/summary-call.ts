// One summarisation request to a model: the system prompt, one user message, text back.
import { type AssistantMessage, type Model, type ThinkingLevel, type ProviderApi, type StreamRequest, type ResolvedAuth, type Usage, PithError } from "../../../kernel/index.js";
import { clampThinkingLevel } from "../../../lib/provider-kit/thinking-levels.js";
import { SUMMARY_SYSTEM_PROMPT } from "./prompts.js";
import { combineUsage } from "../../../lib/transcript/usage.js";

export interface SummaryRequest {
  prompt: string;
  /** the reply's budget; lowered to what the model allows */
  maxTokens: number;
  /** default: the summariser's system prompt */
  systemPrompt?: string;
  /** think at the session's level when the model can (default true); pi does so for compaction, not branches */
  reasoning?: boolean;
  signal: AbortSignal;
}

/** Asks a model for a summary and returns its text; throws a PithError when the model fails or is aborted. */
export type Summarize = (request: SummaryRequest) => Promise<string>;

/** How the plugin reaches models: the provider plugin for an api, and the key for a model. */
export interface ModelAccess {
  providerFor(api: string): ProviderApi | undefined;
  authFor(model: Model, signal: AbortSignal): Promise<ResolvedAuth | undefined>;
}

/** Makes the model call `produce` makes, once or (the retry plugin's `retryCall`) again after transient failures. */
export type SendSummary = (produce: () => Promise<AssistantMessage>, signal: AbortSignal) => Promise<AssistantMessage>;

export interface SummaryCall {
  model: Model;
  access: ModelAccess;
  thinkingLevel: ThinkingLevel;
  sessionId?: string;
  /** default: one attempt */
  send?: SendSummary;
  /** hears the usage of each summary the model gave (stored with the compaction or branch summary, as pi 1.6.0) */
  onUsage?: (usage: Usage) => void;
}

export const SUMMARY_ABORTED = "COMPACTION_ABORTED";

export async function requestSummary(call: SummaryCall, request: SummaryRequest): Promise<string> {
  const { model, access } = call;
  const provider = access.providerFor(model.api);
  if (!provider) {
    throw new PithError("NO_PROVIDER", `No provider plugin handles the "${model.api}" API of ${model.provider}/${model.id}, so it cannot summarise.`);
  }
  const auth = await access.authFor(model, request.signal);
  const thinks = request.reasoning !== false && model.reasoning && call.thinkingLevel !== "off";
  const produce = () =>
    complete(provider, {
      model,
      systemPrompt: request.systemPrompt ?? SUMMARY_SYSTEM_PROMPT,
      messages: [{ role: "user", content: [{ type: "text", text: request.prompt }], timestamp: Date.now() }],
      tools: [],
      thinkingLevel: thinks ? clampThinkingLevel(model, call.thinkingLevel) : "off",
      apiKey: auth?.apiKey,
      headers: auth?.headers,
      maxTokens: Math.max(1, Math.min(request.maxTokens, model.maxTokens || request.maxTokens)),
      sessionId: call.sessionId,
      signal: request.signal,
    });
  const reply = call.send ? await call.send(produce, request.signal) : await produce();
  if (reply.stopReason === "aborted" || request.signal.aborted) throw new PithError(SUMMARY_ABORTED, "Compaction cancelled");
  if (reply.stopReason === "error") {
    throw new PithError("SUMMARY_FAILED", `Summarization failed (${model.provider}/${model.id}): ${reply.errorMessage ?? "unknown error"}`);
  }
  call.onUsage?.(reply.usage);
  return reply.content
    .filter((block) => block.type === "text")
    .map((block) => block.text)
    .join("\n");
}

/** Runs one provider stream to its final message. Providers never throw; a broken one still ends here. */
async function complete(provider: ProviderApi, request: StreamRequest): Promise<AssistantMessage> {
  let final: AssistantMessage | undefined;
  for await (const event of provider.stream(request)) {
    if (event.type === "done") final = event.message;
    else if (event.type === "error") final = event.error;
  }
  if (!final) throw new PithError("SUMMARY_FAILED", `Summarization failed: the provider of ${request.model.provider}/${request.model.id} ended without a reply.`);
  return final;
}

/** Adds up the usage of the summaries one compaction or branch summary asked for. */
export class UsageTally {
  total: Usage | undefined;
  readonly add = (usage: Usage): void => {
    this.total = this.total ? combineUsage(this.total, usage) : usage;
  };
}
