// The text of /session: name, file and id, message counts, tokens and cost.
import type { SessionInfoService } from "../../session-services/session-info.js";

export function sessionReport(info: SessionInfoService): string {
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
  if (stats.cost > 0) lines.push("", `Cost: $${stats.cost.toFixed(4)}`);
  return lines.join("\n");
}
