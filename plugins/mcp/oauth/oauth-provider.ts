// The MCP SDK's OAuth client provider over `mcp-auth.json`: the SDK does discovery (RFC 9728, RFC 8414), dynamic
// client registration, PKCE, the code exchange and refreshes; this says where their results are kept. A
// connection's provider never starts a sign-in: it sends the stored token, refreshes it after a 401, and when
// that is not enough fails with an UnauthorizedError, which shows the server as needing sign-in. Only the
// sign-in's provider (`interactive`) registers clients and hands out an authorization URL.
import type { OAuthClientProvider, OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import type { AuthorizationServerMetadata, OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { McpOAuthConfig } from "../config/config.js";
import type { McpAuthStore, McpOAuthState } from "./oauth-store.js";

export const OAUTH_CLIENT_NAME = "pith";

export interface OAuthProviderOptions {
  store: McpAuthStore;
  server: string;
  serverUrl: string;
  /** the entry's `oauth`, its `clientSecret` already expanded */
  oauth: McpOAuthConfig;
  redirectUrl: string;
  /** the sign-in's: its `state` parameter and where the authorization URL goes; absent for a connection */
  interactive?: { state: string; onAuthorizationUrl(url: URL): void };
  fetch?: typeof fetch;
}

/** What a connection throws where only a sign-in could go on; named as the SDK's own. */
export class SignInRequired extends Error {
  override name = "UnauthorizedError";
}

const fetchMetadata = async (url: string, fetchFn: typeof fetch): Promise<AuthorizationServerMetadata> => {
  const response = await fetchFn(url, { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`oauth.authServerMetadataUrl ${url} answered HTTP ${response.status}`);
  return (await response.json()) as AuthorizationServerMetadata;
};

/** what each scope of `invalidateCredentials` forgets (tokens belong to the client that got them) */
const DROPPED: Record<"tokens" | "client" | "discovery", (keyof McpOAuthState)[]> = {
  tokens: ["tokens", "tokensExpireAt"],
  client: ["clientInformation", "tokens", "tokensExpireAt"],
  discovery: ["discovery"],
};

export function createOAuthProvider(options: OAuthProviderOptions): OAuthClientProvider {
  const { store, server, serverUrl, oauth, interactive } = options;
  const load = () => store.load(server, serverUrl);
  const change = (update: (state: McpOAuthState) => McpOAuthState) => store.update(server, serverUrl, (state) => update(state ?? { serverUrl }));
  let codeVerifier: string | undefined;
  const configuredClient: OAuthClientInformationMixed | undefined = oauth.clientId
    ? { client_id: oauth.clientId, ...(oauth.clientSecret ? { client_secret: oauth.clientSecret } : {}) }
    : undefined;

  const provider: OAuthClientProvider = {
    get redirectUrl() {
      return options.redirectUrl;
    },
    get clientMetadata(): OAuthClientMetadata {
      return {
        client_name: oauth.clientName ?? OAUTH_CLIENT_NAME,
        redirect_uris: [options.redirectUrl],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: oauth.clientSecret ? "client_secret_post" : "none",
        ...(oauth.scope ? { scope: oauth.scope } : {}),
      };
    },
    async clientInformation() {
      return configuredClient ?? (await load())?.clientInformation;
    },
    async saveClientInformation(clientInformation) {
      if (!interactive) throw new SignInRequired(`MCP server "${server}" needs sign-in`);
      if (!configuredClient) await change((state) => ({ ...state, clientInformation }));
    },
    async tokens() {
      return (await load())?.tokens;
    },
    async saveTokens(tokens: OAuthTokens) {
      const tokensExpireAt = typeof tokens.expires_in === "number" ? Date.now() + tokens.expires_in * 1000 : undefined;
      await change((state) => ({ ...state, tokens, ...(tokensExpireAt === undefined ? {} : { tokensExpireAt }) }));
    },
    redirectToAuthorization(url: URL) {
      if (!interactive) throw new SignInRequired(`MCP server "${server}" needs sign-in`);
      interactive.onAuthorizationUrl(url);
    },
    saveCodeVerifier(verifier: string) {
      codeVerifier = verifier;
    },
    codeVerifier() {
      if (codeVerifier === undefined) throw new Error("no sign-in in progress");
      return codeVerifier;
    },
    async invalidateCredentials(scope) {
      if (scope === "verifier") codeVerifier = undefined;
      else if (scope === "all") await store.remove(server, serverUrl);
      else {
        await change((state) => {
          const next = { ...state };
          for (const key of DROPPED[scope]) delete next[key];
          return next;
        });
      }
    },
    async saveDiscoveryState(discovery: OAuthDiscoveryState) {
      // with configured metadata nothing is cached, so a changed authServerMetadataUrl applies at once
      if (oauth.authServerMetadataUrl) return;
      if (interactive || (await load())) await change((state) => ({ ...state, discovery }));
    },
    async discoveryState() {
      if (!oauth.authServerMetadataUrl) return (await load())?.discovery;
      // a server that advertises the wrong authorization server, or none: the configured metadata decides
      const metadata = await fetchMetadata(oauth.authServerMetadataUrl, options.fetch ?? fetch);
      return { authorizationServerUrl: metadata.issuer, authorizationServerMetadata: metadata };
    },
  };
  if (interactive) provider.state = () => interactive.state;
  return provider;
}
