// Polling a device-code sign-in (RFC 8628) until the user has entered the code: every `interval` seconds,
// longer after `slow_down` (the server's new interval, else 5 s more), until the code expires or the signal fires.
import { setTimeout as sleep } from "node:timers/promises";
import { PithError } from "../../../kernel/index.js";

export type PollResult<T> = { status: "complete"; value: T } | { status: "pending" } | { status: "slow_down"; intervalSeconds?: number };

const MINIMUM_INTERVAL_MS = 1_000;

export async function pollDeviceCode<T>(options: {
  intervalSeconds?: number;
  expiresInSeconds: number;
  waitFirst?: boolean;
  signal: AbortSignal;
  poll(): Promise<PollResult<T>>;
}): Promise<T> {
  const deadline = Date.now() + options.expiresInSeconds * 1000;
  let intervalMs = Math.max(MINIMUM_INTERVAL_MS, (options.intervalSeconds ?? 5) * 1000);
  const pause = async () => {
    try {
      await sleep(Math.max(0, Math.min(intervalMs, deadline - Date.now())), undefined, { signal: options.signal });
    } catch {
      throw new PithError("OAUTH_SIGN_IN_CANCELLED", "The sign-in was cancelled.");
    }
  };
  if (options.waitFirst) await pause();
  while (Date.now() < deadline) {
    const result = await options.poll();
    if (result.status === "complete") return result.value;
    if (result.status === "slow_down") {
      intervalMs = result.intervalSeconds && result.intervalSeconds > 0 ? Math.max(MINIMUM_INTERVAL_MS, result.intervalSeconds * 1000) : intervalMs + 5_000;
    }
    await pause();
  }
  throw new PithError("OAUTH_SIGN_IN_FAILED", "The device code expired before the sign-in was finished; start again (a clock far off in a VM or WSL causes this too).");
}
