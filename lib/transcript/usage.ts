// Adding up what model calls cost: compaction sums the summaries of one compaction, a tool result the nested calls
// its tool made.
import type { Usage } from "../../kernel/index.js";

/** The sum of two usages, keeping the optional token splits either reports; a sum is the provider's only when both are. */
export function combineUsage(first: Usage, second: Usage): Usage {
  const sum: Usage = {
    input: first.input + second.input,
    output: first.output + second.output,
    cacheRead: first.cacheRead + second.cacheRead,
    cacheWrite: first.cacheWrite + second.cacheWrite,
    totalTokens: first.totalTokens + second.totalTokens,
    cost: {
      input: first.cost.input + second.cost.input,
      output: first.cost.output + second.cost.output,
      cacheRead: first.cost.cacheRead + second.cost.cacheRead,
      cacheWrite: first.cost.cacheWrite + second.cost.cacheWrite,
      total: first.cost.total + second.cost.total,
      totalFromProvider: first.cost.totalFromProvider === true && second.cost.totalFromProvider === true,
    },
  };
  if (first.cacheWrite1h !== undefined || second.cacheWrite1h !== undefined) sum.cacheWrite1h = (first.cacheWrite1h ?? 0) + (second.cacheWrite1h ?? 0);
  if (first.reasoning !== undefined || second.reasoning !== undefined) sum.reasoning = (first.reasoning ?? 0) + (second.reasoning ?? 0);
  return sum;
}
