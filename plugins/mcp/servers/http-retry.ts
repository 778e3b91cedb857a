// Transient failures of an HTTP MCP server are tried again, as pi 1.6.0 does: a request the network dropped
// (connection refused or reset) and the statuses that say "later" (408, 429, 5xx) get two more attempts. The
// pause honours the server's Retry-After (seconds or a date, capped), else doubles from half a second; the
// request's own signal ends it at once. Only a failure before the response arrives can be tried again.
import { setTimeout as sleep } from "node:timers/promises";

export const MCP_HTTP_RETRIES = 2;
const FIRST_DELAY_MS = 500;
/** a Retry-After longer than this is not waited for: the failure is the answer */
const LONGEST_DELAY_MS = 30_000;

const isTransientStatus = (status: number) => status === 408 || status === 429 || (status >= 500 && status <= 599);

/** milliseconds the response asks to wait, undefined when it does not say (or says something unreadable) */
export function retryAfterMs(response: Response, now = Date.now()): number | undefined {
  const value = response.headers.get("retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export interface RetryOptions {
  retries?: number;
  /** told about each retry, for mcp.log */
  onRetry?(reason: string, delayMs: number, attempt: number): void;
}

export function retryingFetch(base: typeof fetch, options: RetryOptions = {}): typeof fetch {
  const retries = options.retries ?? MCP_HTTP_RETRIES;
  return async (input, init) => {
    const signal = init?.signal ?? undefined;
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await base(input, init);
      } catch (error) {
        if (signal?.aborted || attempt >= retries || (error as Error).name === "AbortError") throw error;
        const delay = FIRST_DELAY_MS * 2 ** attempt;
        options.onRetry?.(describeNetworkError(error), delay, attempt + 1);
        await sleep(delay, undefined, { signal });
        continue;
      }
      if (!isTransientStatus(response.status) || attempt >= retries) return response;
      const asked = retryAfterMs(response);
      if (asked !== undefined && asked > LONGEST_DELAY_MS) return response;
      const delay = asked ?? FIRST_DELAY_MS * 2 ** attempt;
      // the body is not read: let the connection go back to the pool
      await response.body?.cancel().catch(() => undefined);
      options.onRetry?.(`HTTP ${response.status}`, delay, attempt + 1);
      await sleep(delay, undefined, { signal });
    }
  };
}

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
