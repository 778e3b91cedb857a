// The retry settings in effect: settings.json (`retry.*`) under the plugin's own overrides, read at every
// failure so a changed file applies to the next retry without a restart.
import type { Settings } from "../settings/schema/schema.js";

export interface RetrySettings {
  enabled: boolean;
  /** retries after the first failure; 0 turns retrying off */
  maxRetries: number;
  /** the first wait; each further retry doubles it */
  baseDelayMs: number;
  /** the longest wait pith accepts, whether computed or asked for by the provider; 0 = no limit */
  maxRetryDelayMs: number;
  /**
   * a request silent this long is abandoned and retried; undefined = never. `retry.provider.timeoutMs`, else
   * `httpIdleTimeoutMs` (pi 1.6.0's headers-and-body idle timeout: 5 minutes unless set; 0 or "disabled": never)
   */
  requestIdleTimeoutMs?: number;
}

export const DEFAULT_RETRY_SETTINGS: Readonly<RetrySettings> = Object.freeze({
  enabled: true,
  maxRetries: 3,
  baseDelayMs: 2000,
  maxRetryDelayMs: 60_000,
  requestIdleTimeoutMs: 300_000,
});

/** Reads `retry.*` from effective settings; `retry.maxDelayMs` (pi before 0.70.1) stands in for the newer key. */
export function retrySettingsFrom(settings: Partial<Pick<Settings, "retry" | "httpIdleTimeoutMs">> | undefined, overrides: Partial<RetrySettings> = {}): RetrySettings {
  const retry = (settings?.retry ?? {}) as Partial<Settings["retry"]> & { maxDelayMs?: unknown };
  const legacyCap = wholeNumber(retry.maxDelayMs);
  return {
    enabled: overrides.enabled ?? (typeof retry.enabled === "boolean" ? retry.enabled : DEFAULT_RETRY_SETTINGS.enabled),
    maxRetries: overrides.maxRetries ?? wholeNumber(retry.maxRetries) ?? DEFAULT_RETRY_SETTINGS.maxRetries,
    baseDelayMs: overrides.baseDelayMs ?? wholeNumber(retry.baseDelayMs) ?? DEFAULT_RETRY_SETTINGS.baseDelayMs,
    maxRetryDelayMs:
      overrides.maxRetryDelayMs ?? wholeNumber(retry.provider?.maxRetryDelayMs) ?? legacyCap ?? DEFAULT_RETRY_SETTINGS.maxRetryDelayMs,
    requestIdleTimeoutMs: overrides.requestIdleTimeoutMs ?? positiveNumber(retry.provider?.timeoutMs) ?? httpIdleTimeout(settings?.httpIdleTimeoutMs),
  };
}

function httpIdleTimeout(value: unknown): number | undefined {
  if (value === "disabled" || value === 0) return undefined;
  return positiveNumber(value) ?? DEFAULT_RETRY_SETTINGS.requestIdleTimeoutMs;
}

function positiveNumber(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : undefined;
}

function wholeNumber(value: unknown): number | undefined {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : undefined;
}
