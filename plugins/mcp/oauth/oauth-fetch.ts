// A connection's OAuth: every request to a signed-in HTTP server carries the stored access token, refreshed
// shortly before it expires and after the server rejects it. Many authorization servers rotate refresh tokens,
// so two refreshes with the same refresh token lose the grant: the requests of this process share one refresh,
// and other processes (pith or pi) are kept out by pi's per-server refresh lock, held from reading the tokens to
// saving new ones; tokens that changed meanwhile (another process refreshed, or the user signed in again) are
// used as they are. A connection never starts a sign-in: when refreshing cannot help, its request fails with an
// UnauthorizedError, which shows the server as needing sign-in.
import { createHash } from "node:crypto";
import { dirname, join } from "node:path";
import { withFileLock } from "../../../lib/lock/file-lock.js";
import type { McpOAuthConfig } from "../config/config.js";
import { createOAuthProvider, SignInRequired } from "./oauth-provider.js";
import type { McpAuthStore } from "./oauth-store.js";
import type { McpSdk } from "../servers/sdk-modules.js";

/** an access token this close to its expiry is refreshed before it is sent (pi's margin) */
export const REFRESH_MARGIN_MS = 30_000;
/** pi's refresh lock: a holder killed mid-refresh stops renewing it, and it is taken over after this */
const REFRESH_LOCK_STALE_MS = 20_000;
/** how long to wait for another process's refresh: longer than a stale lock lives */
const REFRESH_LOCK_WAIT_MS = 25_000;
/** each request to the authorization server gets at most this long */
const REQUEST_TIMEOUT_MS = 30_000;

export interface OAuthFetchOptions {
  store: McpAuthStore;
  server: string;
  serverUrl: string;
  /** the entry's `oauth`; asked for only when a refresh is needed, so a secret that fails to expand fails the refresh */
  oauth(): Promise<McpOAuthConfig>;
  sdk: McpSdk;
  /** the fetch the requests (and the refreshes) go through */
  fetch: typeof fetch;
}

/**
 * Runs `action` holding the lock pi holds while it refreshes one server's tokens: proper-lockfile's
 * `<agentDir>/mcp-auth-refresh-<hash of the server's key>.lock`.
 */
export function withRefreshLock<T>(store: McpAuthStore, server: string, serverUrl: string, action: () => Promise<T>): Promise<T> {
  const hash = createHash("sha256").update(store.keyOf(server, serverUrl)).digest("hex").slice(0, 16);
  return withFileLock(join(dirname(store.path), `mcp-auth-refresh-${hash}`), action, {
    staleMs: REFRESH_LOCK_STALE_MS,
    timeoutMs: REFRESH_LOCK_WAIT_MS,
    lockedCode: "MCP_AUTH_LOCKED",
  });
}

const challengeError = (response: Response) => /\berror="?([^",\s]+)/.exec(response.headers.get("www-authenticate") ?? "")?.[1];

export function oauthFetch(options: OAuthFetchOptions): typeof fetch {
  const { store, server, serverUrl, sdk } = options;
  const load = () => store.load(server, serverUrl);
  const signInRequired = (why: string) => new SignInRequired(`MCP server "${server}" needs sign-in: ${why}`);
  const timedFetch: typeof fetch = (input, init) => options.fetch(input, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  let refreshing: Promise<void> | undefined;

  /** Replaces `stale`, the access token that expires or was rejected, unless someone already replaced it. */
  const refresh = (stale: string | undefined): Promise<void> =>
    (refreshing ??= withRefreshLock(store, server, serverUrl, async () => {
      const state = await load();
      if (state?.tokens?.access_token !== stale) return;
      if (!state?.tokens?.refresh_token) throw signInRequired("the stored access token was refused and there is no refresh token");
      // Not cancellable: a refresh the server answered may have rotated the refresh token, so its answer is saved.
      const provider = createOAuthProvider({ store, server, serverUrl, oauth: await options.oauth(), redirectUrl: "http://127.0.0.1/callback", fetch: timedFetch });
      if ((await sdk.auth(provider, { serverUrl, fetchFn: timedFetch })) !== "AUTHORIZED") throw signInRequired("the refresh was not accepted");
    }).finally(() => (refreshing = undefined)));

  const currentToken = async (): Promise<string | undefined> => {
    await refreshing?.catch(() => undefined);
    const state = await load();
    const token = state?.tokens?.access_token;
    const expiring = state?.tokensExpireAt !== undefined && state.tokensExpireAt - REFRESH_MARGIN_MS <= Date.now();
    if (!expiring || !state?.tokens?.refresh_token) return token;
    // a failed refresh is not the end: the request goes out with the old token and the server's answer decides
    await refresh(token).catch(() => undefined);
    return (await load())?.tokens?.access_token;
  };

  const send = (input: Parameters<typeof fetch>[0], init: RequestInit | undefined, token: string | undefined) => {
    const headers = new Headers(init?.headers);
    if (token) headers.set("authorization", `Bearer ${token}`);
    return options.fetch(input, { ...init, headers });
  };

  return async (input, init) => {
    const token = await currentToken();
    const response = await send(input, init, token);
    if (response.status !== 401 && response.status !== 403) return response;
    const error = challengeError(response);
    // a refresh keeps the granted scope: more scope takes a new sign-in
    if (error === "insufficient_scope") throw signInRequired("the server asks for more scope");
    if (response.status === 403) return response;
    await response.body?.cancel().catch(() => undefined);
    await refresh(token);
    const retried = await send(input, init, (await load())?.tokens?.access_token);
    if (retried.status === 401) throw signInRequired("the server refuses the refreshed access token");
    return retried;
  };
}
