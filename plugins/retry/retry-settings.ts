// The retry settings in effect: settings.json (`retry.*`) under the plugin's own overrides, read at every
// failure so a changed file applies to the next retry without a restart.
import type { Settings } from "../settings/schema.js";

export interface RetrySettings {
  enabled: boolean;
  /** retries after the first failure; 0 turns retrying off */
  maxRetries: number;
  /** the first wait; each further retry doubles it */
  baseDelayMs: number;
  /** the longest wait pith accepts, whether computed or asked for by the provider; 0 = no limit */
  maxRetryDelayMs: number;
  /** `retry.provider.timeoutMs`: a request silent this long is abandoned and retried; undefined = never */
  requestIdleTimeoutMs?: number;
}

export const DEFAULT_RETRY_SETTINGS: Readonly<RetrySettings> = Object.freeze({
  enabled: true,
  maxRetries: 3,
  baseDelayMs: 2000,
  maxRetryDelayMs: 60_000,
});

/** Reads `retry.*` from effective settings; `retry.maxDelayMs` (pi before 0.70.1) stands in for the newer key. */
export function retrySettingsFrom(settings: Pick<Settings, "retry"> | undefined, overrides: Partial<RetrySettings> = {}): RetrySettings {
  const retry = (settings?.retry ?? {}) as Partial<Settings["retry"]> & { maxDelayMs?: unknown };
  const legacyCap = wholeNumber(retry.maxDelayMs);
  return {
    enabled: overrides.enabled ?? (typeof retry.enabled === "boolean" ? retry.enabled : DEFAULT_RETRY_SETTINGS.enabled),
    maxRetries: overrides.maxRetries ?? wholeNumber(retry.maxRetries) ?? DEFAULT_RETRY_SETTINGS.maxRetries,
    baseDelayMs: overrides.baseDelayMs ?? wholeNumber(retry.baseDelayMs) ?? DEFAULT_RETRY_SETTINGS.baseDelayMs,
    maxRetryDelayMs:
      overrides.maxRetryDelayMs ?? wholeNumber(retry.provider?.maxRetryDelayMs) ?? legacyCap ?? DEFAULT_RETRY_SETTINGS.maxRetryDelayMs,
    requestIdleTimeoutMs: overrides.requestIdleTimeoutMs ?? positiveNumber(retry.provider?.timeoutMs),
  };
}

function positiveNumber(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : undefined;
}

function wholeNumber(value: unknown): number | undefined {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : undefined;
}
