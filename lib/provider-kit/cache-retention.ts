// The prompt-cache tier a request asks for (pi's PI_CACHE_RETENTION), and OpenAI's cache key limit.

export type CacheRetention = "short" | "long" | "none";

/** "long" and "none" as set; anything else is the provider's default ("short"). */
export function cacheRetention(env: Readonly<Record<string, string | undefined>> = process.env): CacheRetention {
  const value = env.PI_CACHE_RETENTION;
  return value === "long" || value === "none" ? value : "short";
}

/** OpenAI refuses a `prompt_cache_key` longer than 64 characters; a longer session id is cut (by code points). */
export function promptCacheKey(sessionId: string | undefined): string | undefined {
  if (sessionId === undefined) return undefined;
  const chars = Array.from(sessionId);
  return chars.length <= 64 ? sessionId : chars.slice(0, 64).join("");
}
