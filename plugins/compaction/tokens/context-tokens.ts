// How full the context is: the provider's own count for the last request that reported one, plus an estimate
// for everything after it, scaled by how far the estimate fell short of the provider's count before.
import type { AgentMessage, AssistantMessage, Usage } from "../../../kernel/index.js";
import { estimateMessageTokens } from "./token-estimate.js";

export interface ContextEstimate {
  tokens: number;
  /** the provider's count for the last usable reply (prompt plus reply); 0 without one */
  usageTokens: number;
  /** the estimate for the messages after that reply (all messages without one), calibration applied */
  trailingTokens: number;
  /** index of the reply whose usage was used */
  lastUsageIndex: number | undefined;
  /** provider's count ÷ pith's estimate over the messages that reply saw; 1 when there is nothing to compare */
  calibration: number;
}

export interface ContextEstimateOptions {
  /** system prompt and tool definitions: sent with every request but not part of the messages */
  overheadTokens?: number;
  estimate?: (message: AgentMessage) => number;
  /** the reported usage is not to be trusted: everything is estimated */
  ignoreUsage?: boolean;
}

/** Too small a sample says more about per-message framing than about the text. */
const MIN_CALIBRATION_SAMPLE = 400;
/** Calibration only ever raises estimates (they must not undercount), and by no more than this. */
const MAX_CALIBRATION = 3;

/** pi's `calculateContextTokens`: the whole request and reply of one call. */
export function usageTokens(usage: Usage): number {
  return usage.totalTokens || usage.input + usage.output + usage.cacheRead + usage.cacheWrite;
}

function promptTokens(usage: Usage): number {
  return usage.input + usage.cacheRead + usage.cacheWrite;
}

/**
 * Usage is usable when the reply completed, the provider reported a count (some servers report zeros), and the
 * reply is newer than the last compaction summary: a kept reply from before it counted the old, larger context.
 */
function lastUsableReply(messages: readonly AgentMessage[]): number | undefined {
  let compactedAt = -Infinity;
  for (const message of messages) {
    if ((message as { role?: string }).role === "compactionSummary") compactedAt = (message as { timestamp: number }).timestamp;
  }
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i] as AssistantMessage;
    if (message.role !== "assistant" || message.stopReason === "error" || message.stopReason === "aborted") continue;
    // a reply kept from before the compaction measured the old context; one sent right after it (a routed request
    // compacted first) may share its millisecond
    if (!message.usage || usageTokens(message.usage) <= 0 || message.timestamp < compactedAt) continue;
    return i;
  }
  return undefined;
}

/**
 * `estimateContextTokens(messages, options).tokens > limit`, decided without estimating what the last reported
 * usage already covers whenever the answer does not depend on it: calibration only scales the trailing estimate,
 * by 1 to 3. Resuming a long session that is far over the window then reads only its newest messages.
 */
export function contextExceeds(messages: readonly AgentMessage[], limit: number, options: ContextEstimateOptions = {}): boolean {
  const lastUsageIndex = lastUsableReply(messages);
  if (lastUsageIndex !== undefined) {
    const estimate = options.estimate ?? estimateMessageTokens;
    let trailing = 0;
    for (let i = lastUsageIndex + 1; i < messages.length; i++) trailing += estimate(messages[i]!);
    const reported = usageTokens((messages[lastUsageIndex] as AssistantMessage).usage);
    if (reported + trailing > limit) return true;
    if (reported + Math.ceil(trailing * MAX_CALIBRATION) <= limit) return false;
  }
  return estimateContextTokens(messages, options).tokens > limit;
}

export function estimateContextTokens(messages: readonly AgentMessage[], options: ContextEstimateOptions = {}): ContextEstimate {
  const estimate = options.estimate ?? estimateMessageTokens;
  const overhead = options.overheadTokens ?? 0;
  const lastUsageIndex = options.ignoreUsage ? undefined : lastUsableReply(messages);
  const sum = (from: number, to: number) => {
    let total = 0;
    for (let i = from; i < to; i++) total += estimate(messages[i]!);
    return total;
  };

  if (lastUsageIndex === undefined) {
    const trailingTokens = overhead + sum(0, messages.length);
    return { tokens: trailingTokens, usageTokens: 0, trailingTokens, lastUsageIndex, calibration: 1 };
  }
  const usage = (messages[lastUsageIndex] as AssistantMessage).usage;
  const seen = overhead + sum(0, lastUsageIndex);
  const reported = promptTokens(usage);
  const calibration =
    seen >= MIN_CALIBRATION_SAMPLE && reported > 0 ? Math.min(MAX_CALIBRATION, Math.max(1, reported / seen)) : 1;
  const trailingTokens = Math.ceil(sum(lastUsageIndex + 1, messages.length) * calibration);
  const reportedTokens = usageTokens(usage);
  return { tokens: reportedTokens + trailingTokens, usageTokens: reportedTokens, trailingTokens, lastUsageIndex, calibration };
}
