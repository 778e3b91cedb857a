// How much of a model's context window the conversation fills, as pi reports it: get_session_stats, the footer and
// an extension's ctx.getContextUsage() all give this one figure.
import type { AgentMessage } from "../../../kernel/index.js";
import { estimateContextTokens, type ContextEstimate } from "./context-tokens.js";

export interface ContextUsage {
  /** null right after a compaction, until a reply reports usage again */
  tokens: number | null;
  contextWindow: number;
  percent: number | null;
}

/** Undefined without a context window; `compaction` (its estimate counts the prompt and tools) when it is loaded. */
export function contextUsage(
  contextWindow: number,
  messages: readonly AgentMessage[],
  compaction: { estimateContext(): ContextEstimate } | undefined,
): ContextUsage | undefined {
  if (contextWindow <= 0) return undefined;
  const estimate = compaction?.estimateContext() ?? estimateContextTokens(messages);
  // After a compaction only a newer reply's usage counts; until one arrives the size is unknown (as in pi).
  const compacted = estimate.lastUsageIndex === undefined && messages.some((message) => message.role === "compactionSummary");
  const tokens = compacted ? null : estimate.tokens;
  return { tokens, contextWindow, percent: tokens === null ? null : (tokens / contextWindow) * 100 };
}
