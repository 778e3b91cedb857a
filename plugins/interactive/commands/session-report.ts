// The text of /session as pi 1.6.0 draws it: name, file and id, message counts, the prompt's tokens split into what
// the cache served and what it did not, cache warming, and the cost: in all, per model when more than the selected
// one was billed, and what the prompt caches missed. Painted when drawn, so a theme change repaints it.
import { cacheWarmingStatusText, type CacheWarmingService } from "../../cache-warming/index.js";
import type { SessionInfoService } from "../../session-services/session-info.js";
import type { Theme } from "../theme/theme.js";
import { formatTokens } from "../components/footer.js";

export function sessionReport(info: SessionInfoService, theme: Theme, cacheWarming?: CacheWarmingService): () => string {
  const state = info.state();
  const stats = info.stats();
  const { breakdown, cacheWaste } = info.spending();
  const selected = `${state.model?.provider}/${state.model?.id}`;
  const status = cacheWarming?.status();
  const mode = cacheWarming?.mode();
  return () => {
    const dim = (text: string) => theme.fg("dim", text);
    const heading = (text: string) => theme.bold(text);
    const count = (value: number) => value.toLocaleString("en-US");
    const lines = [heading("Session Info"), ""];
    if (state.sessionName) lines.push(`${dim("Name:")} ${state.sessionName}`);
    lines.push(`${dim("File:")} ${stats.sessionFile ?? "In-memory"}`, `${dim("ID:")} ${stats.sessionId}`, "");
    lines.push(heading("Messages"), `${dim("Total:")} ${stats.totalMessages}`, `${dim("User:")} ${stats.userMessages}`, `${dim("Assistant:")} ${stats.assistantMessages}`);
    lines.push(`${dim("Tools:")} ${stats.toolCalls} calls, ${stats.toolResults} results`, "", heading("Tokens"));
    // the prompt's whole volume, split into what the cache served and the rest (cache writes are part of the rest)
    const { input, output, cacheRead, cacheWrite, total } = stats.tokens;
    const prompt = input + cacheRead + cacheWrite;
    lines.push(`${dim("Input:")} ${count(prompt)}`);
    if (prompt > 0 && (cacheRead > 0 || cacheWrite > 0)) {
      lines.push(`  ${dim("Cached:")} ${count(cacheRead)} ${dim(`(${((cacheRead / prompt) * 100).toFixed(1)}%)`)}`);
      lines.push(`  ${dim("Uncached:")} ${count(input + cacheWrite)}${cacheWrite > 0 ? ` ${dim(`(${count(cacheWrite)} written to cache)`)}` : ""}`);
    }
    lines.push(`${dim("Output:")} ${count(output)}`, `${dim("Total:")} ${count(total)}`);
    if (cacheWarming) {
      lines.push("", heading("Cache Warming"), `${dim("Mode:")} ${mode}`, `${dim("Status:")} ${status ? cacheWarmingStatusText(status) : "Inactive (cache warming unavailable)"}`);
      if (status?.decision?.economicsAvailable) {
        lines.push(`${dim("Cache miss penalty:")} $${status.decision.missCost.toFixed(3)}`, `${dim("Refresh cost:")} $${status.decision.warmCost.toFixed(3)}`);
      }
    }
    if (stats.cost > 0 || cacheWaste.missedTokens > 0) {
      lines.push("", heading("Cost"), `${dim("Total:")} $${stats.cost.toFixed(3)}`);
      // one share repeats the total, unless it is another model's than the selected one
      if (breakdown.length > 1 || breakdown[0]?.key !== selected) {
        for (const share of breakdown) lines.push(`  ${dim(`${share.key}:`)} $${share.cost.toFixed(3)} ${dim(`(${formatTokens(share.tokens)} tokens)`)}`);
      }
      if (cacheWaste.missedTokens > 0) {
        const detail = `${count(cacheWaste.missedTokens)} tokens, ${cacheWaste.missCount === 1 ? "1 miss" : `${cacheWaste.missCount} misses`}`;
        lines.push(cacheWaste.missedCost >= 0.0001 ? `${dim("Cache Re-billed:")} $${cacheWaste.missedCost.toFixed(3)} ${dim(`(${detail})`)}` : `${dim("Cache Re-billed:")} ${detail}`);
      }
    }
    return lines.join("\n");
  };
}
