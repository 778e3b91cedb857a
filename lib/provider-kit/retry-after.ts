// How long the server asked us to wait before trying again, from its response headers.

/**
 * `retry-after-ms` (milliseconds, sent by OpenAI and Anthropic) wins over `retry-after`, which is either
 * seconds or an HTTP date. Header names must be lower case. Returns undefined when no usable value is present.
 */
export function parseRetryAfterMs(headers: Record<string, string>, now: number = Date.now()): number | undefined {
  const milliseconds = headers["retry-after-ms"];
  if (milliseconds !== undefined) {
    const value = Number.parseFloat(milliseconds);
    if (Number.isFinite(value) && value >= 0) return Math.round(value);
  }
  const retryAfter = headers["retry-after"]?.trim();
  if (!retryAfter) return undefined;
  if (/^\d+(\.\d+)?$/.test(retryAfter)) return Math.round(Number.parseFloat(retryAfter) * 1000);
  const date = Date.parse(retryAfter);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
