// pi 1.6.0's summarizers as `@earendil-works/pi-coding-agent` serves them: `generateSummary`,
// `generateSummaryWithUsage`, `compact` and `generateBranchSummary` ask the model given (through the served pi-ai
// `completeSimple`, answered by the session's provider plugins, or the `streamFn` given) with the prompts pith's
// compaction plugin writes, and return pi's results.
import { PithError, type AgentMessage, type AssistantMessage, type Model, type Usage } from "../../../../kernel/index.js";
import { combineUsage } from "../../../../lib/transcript/usage.js";
import type { SessionEntry } from "../../../sessions/index.js";
import { uuidv7 } from "../../../sessions/index.js";
import * as prompts from "../../../compaction/summary/prompts.js";
import type { CompactionPreparation } from "../../../compaction/preparation/prepare-compaction.js";
import { serializeConversation } from "../../../compaction/summary/serialize-conversation.js";
import { fileLists, fileListsText } from "../../../compaction/preparation/file-operations.js";
import { prepareBranchEntries } from "../../../compaction/summary/branch-summary.js";
import { completeSimple } from "../pi-ai/llm.js";
import { retryAssistantCall } from "../pi-ai/pi-ai-retry.js";
import { contentText } from "../pi-ai/pi-ai-transcript.js";
import type { StreamContext, StreamOptions } from "../../registrations/provider-from-stream.js";

type RetryPolicy = Parameters<typeof retryAssistantCall>[1];
type RetryCallbacks = Parameters<typeof retryAssistantCall>[3];
type StreamFn = (model: Model, context: StreamContext, options: StreamOptions) => { result(): Promise<AssistantMessage> } | Promise<{ result(): Promise<AssistantMessage> }>;

interface SummaryCall {
  apiKey?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  thinkingLevel?: string;
  streamFn?: StreamFn;
  retry?: RetryPolicy;
  callbacks?: RetryCallbacks;
  sessionId?: string;
}

/** One summary request: the summariser's system prompt and one user message; a fresh routing id unless given. */
function askModel(model: Model, prompt: string, call: SummaryCall): Promise<AssistantMessage> {
  const options = {
    apiKey: call.apiKey,
    headers: call.headers,
    signal: call.signal,
    sessionId: call.sessionId ?? uuidv7(),
    ...(model.reasoning && call.thinkingLevel && call.thinkingLevel !== "off" ? { reasoning: call.thinkingLevel } : {}),
  } as StreamOptions;
  const context: StreamContext = {
    systemPrompt: prompts.SUMMARY_SYSTEM_PROMPT,
    messages: [{ role: "user", content: [{ type: "text", text: prompt }], timestamp: Date.now() }],
  };
  const produce = async () => (call.streamFn ? (await call.streamFn(model, context, options)).result() : completeSimple(model, context, options));
  return retryAssistantCall(produce, call.retry, call.signal, call.callbacks);
}

/** pi's reasons not to keep a summary: the model failed, stopped at its token cap, or called a tool */
function failure(reply: AssistantMessage, label: string): string | undefined {
  if (reply.stopReason === "error") return `${label} failed: ${reply.errorMessage || "Unknown error"}`;
  if (reply.stopReason === "length") return `${label} failed: generation hit the token cap and the summary is incomplete`;
  if (reply.content.some((block) => block.type === "toolCall")) return `${label} attempted to call a tool`;
  return undefined;
}

async function summaryText(model: Model, prompt: string, call: SummaryCall, label: string): Promise<{ text: string; usage: Usage }> {
  const reply = await askModel(model, prompt, call);
  const problem = failure(reply, label);
  if (problem) throw new PithError("SUMMARY_FAILED", problem);
  return { text: contentText(reply.content), usage: reply.usage };
}

export async function generateSummaryWithUsage(
  currentMessages: AgentMessage[], model: Model, _reserveTokens: number | undefined, apiKey: string | undefined,
  headers?: Record<string, string>, signal?: AbortSignal, customInstructions?: string, previousSummary?: string,
  thinkingLevel?: string, streamFn?: StreamFn, _env?: Record<string, string>, retry?: RetryPolicy, callbacks?: RetryCallbacks, sessionId?: string,
): Promise<{ text: string; usage: Usage }> {
  const instructions = prompts.withFocus(previousSummary ? prompts.UPDATE_INSTRUCTIONS : prompts.SUMMARY_INSTRUCTIONS, customInstructions);
  const prompt = prompts.summaryPrompt(serializeConversation(currentMessages), instructions, previousSummary || undefined);
  return summaryText(model, prompt, { apiKey, headers, signal, thinkingLevel, streamFn, retry, callbacks, sessionId }, "Summarization");
}

export async function generateSummary(...args: Parameters<typeof generateSummaryWithUsage>): Promise<string> {
  return (await generateSummaryWithUsage(...args)).text;
}

/** pi's `CompactionPreparation`, as `session_before_compact` handlers get it (its settings are not read) */
type Preparation = Omit<CompactionPreparation, "settings">;

/** The summary a compaction stores: the history (updated from the previous summary), a split turn's beginning, the files. */
export async function compact(
  preparation: Preparation, model: Model, apiKey: string | undefined, headers?: Record<string, string>, customInstructions?: string,
  signal?: AbortSignal, thinkingLevel?: string, streamFn?: StreamFn, env?: Record<string, string>, retry?: RetryPolicy, callbacks?: RetryCallbacks, sessionId?: string,
) {
  const { messagesToSummarize, turnPrefixMessages, previousSummary } = preparation;
  const call: SummaryCall = { apiKey, headers, signal, thinkingLevel, streamFn, retry, callbacks, sessionId };
  const history = () => generateSummaryWithUsage(messagesToSummarize, model, undefined, apiKey, headers, signal, customInstructions, previousSummary, thinkingLevel, streamFn, env, retry, callbacks, sessionId);
  let summary: string;
  let usage: Usage | undefined;
  if (preparation.isSplitTurn && turnPrefixMessages.length > 0) {
    const earlier = messagesToSummarize.length > 0 ? await history() : { text: previousSummary ?? prompts.NO_PRIOR_HISTORY, usage: undefined };
    // pi lays a turn prefix's request out as two headed parts rather than a tagged conversation
    const prompt = `# Conversation\n${serializeConversation(turnPrefixMessages)}\n\n# Instructions\n${prompts.withFocus(prompts.TURN_PREFIX_INSTRUCTIONS, customInstructions)}`;
    const prefix = await summaryText(model, prompt, call, "Turn prefix summarization");
    summary = prompts.mergeSplitTurn(earlier.text, prefix.text);
    usage = earlier.usage ? combineUsage(earlier.usage, prefix.usage) : prefix.usage;
  } else {
    ({ text: summary, usage } = await history());
  }
  const details = fileLists(preparation.fileOps);
  if (!preparation.firstKeptEntryId) throw new PithError("COMPACTION_INVALID", "The preparation names no first kept entry: the session may need upgrading.");
  return { summary: summary + fileListsText(details), firstKeptEntryId: preparation.firstKeptEntryId, tokensBefore: preparation.tokensBefore, usage, details };
}

export interface GenerateBranchSummaryOptions extends SummaryCall {
  model: Model;
  customInstructions?: string;
  replaceInstructions?: boolean;
  /** tokens kept free of the model's window when choosing what to summarise (default 16384) */
  reserveTokens?: number;
}

/** A summary of the entries of a branch being left; failures are reported in the result, as pi does. */
export async function generateBranchSummary(entries: SessionEntry[], options: GenerateBranchSummaryOptions) {
  const { model, customInstructions } = options;
  const { messages, fileOps } = prepareBranchEntries(entries, (model.contextWindow || 128_000) - (options.reserveTokens ?? 16_384));
  if (messages.length === 0) return { summary: "No content to summarize" };
  const instructions = options.replaceInstructions && customInstructions ? customInstructions : prompts.withFocus(prompts.BRANCH_INSTRUCTIONS, customInstructions);
  const reply = await askModel(model, prompts.summaryPrompt(serializeConversation(messages), instructions), { ...options, sessionId: undefined });
  if (reply.stopReason === "aborted") return { aborted: true };
  const problem = failure(reply, "Branch summarization");
  if (problem) return { error: problem };
  const { readFiles, modifiedFiles } = fileLists(fileOps);
  const summary = prompts.BRANCH_SUMMARY_PREAMBLE + contentText(reply.content) + fileListsText({ readFiles, modifiedFiles });
  return { summary, usage: reply.usage, readFiles, modifiedFiles };
}
