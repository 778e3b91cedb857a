// What people read about cache warming, in pi 1.6.0's wording: the /session status line and the transcript notice.
import { MINIMUM_EXPECTED_SAVINGS, type WarmingDecision } from "./policy.js";
import type { CacheWarmingStatus } from "./warmer.js";

const dollars = (value: number) => `${value < 0 ? "-" : ""}$${Math.abs(value).toFixed(3)}`;

function economics(decision: WarmingDecision): string {
  if (!decision.economicsAvailable) return "cache economics unavailable";
  const percent = Math.round(decision.continuationProbability * 100);
  const probability = decision.phase === "streaming" ? `${percent}% continuation probability while agent is running` : `${percent}% continuation probability`;
  const comparison = decision.action === "warm" ? ">=" : "<";
  return `${probability}, expected savings ${dollars(decision.expectedSavings)} ${comparison} $${MINIMUM_EXPECTED_SAVINGS.toFixed(3)}`;
}

/** "Decision in 4m 30s", or "Decision now" when it is due. */
function decisionTime(nextWarmAt: number | undefined, now: number): string {
  if (nextWarmAt === undefined || nextWarmAt <= now) return "Decision now";
  const total = Math.ceil((nextWarmAt - now) / 1000);
  const [hours, minutes, seconds] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const parts = [hours > 0 ? `${hours}h` : "", minutes > 0 ? `${minutes}m` : "", seconds > 0 || total < 60 ? `${seconds}s` : ""].filter(Boolean);
  return `Decision in ${parts.join(" ")}`;
}

/** The one-line status /session shows. */
export function cacheWarmingStatusText(status: CacheWarmingStatus, now = Date.now()): string {
  const { decision } = status;
  // a stop before any decision was made (no economics, no override) only has its reason to tell
  if (!decision || (status.state === "inactive" && !decision.economicsAvailable && !status.extensionOverride)) {
    return `Inactive (${status.reason ?? "unknown reason"})`;
  }
  const details = status.extensionOverride ? `extension override, ${economics(decision)}` : `${economics(decision)} -> ${decision.action}`;
  if (status.state === "inactive") return `Stopped (${details})`;
  if (status.state === "refreshing") return `Warming cache (${details})`;
  return `${decisionTime(status.nextWarmAt, now)} (${details})`;
}

/** The transcript line for one or more consecutive refreshes: their total cost, trailing zeros after the third decimal dropped. */
export function cacheWarmedText(totalCost: number, note?: string): string {
  const cost = totalCost.toFixed(6).replace(/(\.\d{3}\d*?)0+$/, "$1");
  return `Cache warmed${note ? ` (${note})` : ""}: $${cost}`;
}
