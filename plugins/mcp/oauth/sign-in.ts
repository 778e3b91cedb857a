// Signing in to an HTTP MCP server with OAuth: a stored refresh token when it still works, otherwise the browser
// flow (authorization code with PKCE, a client registered dynamically or the configured `clientId`) against a
// loopback redirect. The tokens end up in `mcp-auth.json`, where the server's connections find them.
import { randomBytes } from "node:crypto";
import { PithError } from "../../../kernel/index.js";
import { untilAborted } from "../../../lib/abort/until-aborted.js";
import { providerFetch } from "../../../lib/http/http-fetch.js";
import { isHttpConfig, type McpHttpServerConfig } from "../config/config.js";
import type { McpServerEntry } from "../config/config-files.js";
import { expandValue } from "../config/expand.js";
import { listenForCallback } from "./oauth-callback.js";
import { oauthFetch, withRefreshLock } from "./oauth-fetch.js";
import { createOAuthProvider } from "./oauth-provider.js";
import type { McpAuthStore } from "./oauth-store.js";
import type { McpSdk } from "../servers/sdk-modules.js";

/** each request to the authorization server gets at most this long */
const REQUEST_TIMEOUT_MS = 30_000;

export interface SignInOptions {
  server: string;
  config: McpHttpServerConfig;
  store: McpAuthStore;
  sdk: McpSdk;
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  /** shows the user where to sign in (and opens the browser when that fits the front end) */
  onAuthorizationUrl(url: URL): void;
  /** receives the way to hand over a redirected URL, for a browser that cannot reach the loopback address */
  onPasteAccepted?(accept: (url: string) => boolean): void;
}

export type SignInResult = "signed-in" | "refreshed";

/** The `oauth` entry with `clientSecret` expanded; `cimd` needs a client metadata document pith does not publish. */
export async function resolveOAuthConfig(server: string, config: McpHttpServerConfig, env: NodeJS.ProcessEnv, signal?: AbortSignal) {
  const oauth = { ...config.oauth };
  if (oauth.clientRegistration === "cimd") {
    throw new PithError(
      "MCP_OAUTH_CIMD_UNSUPPORTED",
      `MCP server "${server}": oauth.clientRegistration "cimd" needs a Client ID Metadata Document, which pith does not publish; use "dcr" (or "auto") or a registered oauth.clientId`,
    );
  }
  if (oauth.clientSecret) oauth.clientSecret = await expandValue(oauth.clientSecret, env, `server "${server}": oauth.clientSecret`, signal);
  return oauth;
}

export async function signIn(options: SignInOptions): Promise<SignInResult> {
  const { server, config, store, sdk, signal } = options;
  if (Object.keys(config.headers ?? {}).some((key) => key.toLowerCase() === "authorization")) {
    throw new PithError("MCP_SIGN_IN_NOT_APPLICABLE", `MCP server "${server}" sends its own Authorization header, so it does not use OAuth sign-in`);
  }
  const oauth = await resolveOAuthConfig(server, config, options.env, signal);
  const state = randomBytes(16).toString("base64url");
  const callback = await listenForCallback({ state, callbackUrl: oauth.callbackUrl, callbackPort: oauth.callbackPort });
  const send = providerFetch();
  const fetchFn: typeof fetch = (input, init) =>
    send(input, { ...init, signal: AbortSignal.any([AbortSignal.timeout(REQUEST_TIMEOUT_MS), ...(signal ? [signal] : []), ...(init?.signal ? [init.signal] : [])]) });
  let authorizationUrl: URL | undefined;
  const provider = createOAuthProvider({
    store,
    server,
    serverUrl: config.url,
    oauth,
    redirectUrl: callback.redirectUri,
    fetch: fetchFn,
    interactive: { state, onAuthorizationUrl: (url) => (authorizationUrl = url) },
  });
  try {
    // a stored refresh token may be used here: under the refresh lock, as every refresh
    const started = await withRefreshLock(store, server, config.url, () => sdk.auth(provider, { serverUrl: config.url, scope: oauth.scope, fetchFn }));
    if (started === "AUTHORIZED") return "refreshed";
    if (!authorizationUrl) throw new PithError("MCP_SIGN_IN_FAILED", `MCP server "${server}": the sign-in gave no authorization URL`);
    options.onAuthorizationUrl(authorizationUrl);
    options.onPasteAccepted?.((url) => callback.accept(url));
    const code = await untilAborted(callback.code, signal, () => new PithError("MCP_SIGN_IN_CANCELLED", "The sign-in was cancelled."));
    const finished = await sdk.auth(provider, { serverUrl: config.url, authorizationCode: code, scope: oauth.scope, fetchFn });
    if (finished !== "AUTHORIZED") throw new PithError("MCP_SIGN_IN_FAILED", `MCP server "${server}": the authorization code was not accepted`);
    return "signed-in";
  } catch (error) {
    if (signal?.aborted) throw new PithError("MCP_SIGN_IN_CANCELLED", "The sign-in was cancelled.");
    if (error instanceof PithError) throw error;
    throw new PithError("MCP_SIGN_IN_FAILED", `Sign-in to MCP server "${server}" failed: ${describeFailure(error)}`);
  } finally {
    await callback.close();
  }
}

/** fetch's "fetch failed" says nothing: its cause names the address that did not answer */
function describeFailure(error: unknown): string {
  const cause = (error as { cause?: { message?: string } }).cause?.message;
  const message = `${(error as Error).message}${cause ? ` (${cause})` : ""}`;
  return cause ? `${message}; if the server names the wrong authorization server, set oauth.authServerMetadataUrl` : message;
}

/** For connections: the requests of an HTTP server with a stored sign-in carry its tokens (`oauthFetch`). */
export function storedSignIns(store: McpAuthStore, env: NodeJS.ProcessEnv): SignedInFetch {
  return async (entry, sdk, base) => {
    const { config, name } = entry;
    if (!isHttpConfig(config) || !(await store.load(name, config.url))) return undefined;
    return oauthFetch({ store, server: name, serverUrl: config.url, sdk, fetch: base, oauth: () => resolveOAuthConfig(name, config, env) });
  };
}

export type SignedInFetch = (entry: McpServerEntry, sdk: McpSdk, base: typeof fetch) => Promise<typeof fetch | undefined>;
