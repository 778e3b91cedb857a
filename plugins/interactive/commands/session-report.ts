// The text of /session: name, file and id, message counts, tokens, cache warming and cost.
import { cacheWarmingStatusText, type CacheWarmingService } from "../../cache-warming/index.js";
import type { SessionInfoService } from "../../session-services/session-info.js";

export function sessionReport(info: SessionInfoService, cacheWarming?: CacheWarmingService): string {
  const state = info.state();
  const stats = info.stats();
  const lines = ["Session Info", ""];
  if (state.sessionName) lines.push(`Name: ${state.sessionName}`);
  lines.push(`File: ${stats.sessionFile ?? "(not saved)"}`, `ID: ${stats.sessionId}`, "", "Messages");
  lines.push(`  User: ${stats.userMessages}`, `  Assistant: ${stats.assistantMessages}`, `  Tool Calls: ${stats.toolCalls}`);
  lines.push(`  Tool Results: ${stats.toolResults}`, `  Total: ${stats.totalMessages}`, "", "Tokens");
  const { input, output, cacheRead, cacheWrite, total } = stats.tokens;
  lines.push(`  Input: ${input.toLocaleString("en-US")}`, `  Output: ${output.toLocaleString("en-US")}`);
  lines.push(`  Cache Read: ${cacheRead.toLocaleString("en-US")}`, `  Cache Write: ${cacheWrite.toLocaleString("en-US")}`);
  lines.push(`  Total: ${total.toLocaleString("en-US")}`);
  if (cacheWarming) lines.push("", ...cacheWarmingReport(cacheWarming));
  if (stats.cost > 0) lines.push("", `Cost: $${stats.cost.toFixed(4)}`);
  return lines.join("\n");
}

/** pi's "Cache Warming" block: the mode, what is planned or why nothing is, and the estimates behind it. */
function cacheWarmingReport(service: CacheWarmingService): string[] {
  const status = service.status();
  const lines = ["Cache Warming", `  Mode: ${service.mode()}`, `  Status: ${cacheWarmingStatusText(status)}`];
  if (status.decision?.economicsAvailable) {
    lines.push(`  Cache miss penalty: $${status.decision.missCost.toFixed(3)}`, `  Refresh cost: $${status.decision.warmCost.toFixed(3)}`);
  }
  return lines;
}
