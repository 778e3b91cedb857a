// Keeping a subscription login fresh: a token with less than five minutes left is refreshed before a request,
// under auth.json's lock. The lock holder re-reads the file first, so when two processes (pith or pi) find the
// same expired token, one refreshes and the other takes the token it wrote: a refresh token is never spent
// twice, which would sign the user out. A refresh that fails says how to sign in again.
import { PithError } from "../../kernel/index.js";
import { modifyAuthEntry } from "./auth-store.js";
import { signInEndpoints } from "./protocol/endpoints.js";
import type { CredentialAuth, OAuthCredential, SubscriptionFlow } from "./types.js";

export const REFRESH_MARGIN_MS = 5 * 60 * 1000;
/** the refresh itself ignores the caller's signal (the server may already have rotated the refresh token) */
const REFRESH_TIMEOUT_MS = 15_000;

export interface RefreshOptions {
  authPath: string;
  env?: NodeJS.ProcessEnv;
  now?: () => number;
  signal?: AbortSignal;
  /** the provider's API as models.json sets it */
  apiBaseUrl?: string;
  /** refresh unless the token stays valid this long (default and minimum five minutes) */
  minValidityMs?: number;
}

const isOAuth = (entry: Record<string, unknown> | undefined): entry is OAuthCredential =>
  entry?.type === "oauth" && typeof entry.access === "string" && typeof entry.expires === "number";

/** The credential's request auth, refreshing it first when it expires within five minutes. */
export async function authFromCredential(flow: SubscriptionFlow, stored: OAuthCredential, options: RefreshOptions): Promise<CredentialAuth> {
  const now = options.now ?? Date.now;
  const margin = Math.max(REFRESH_MARGIN_MS, options.minValidityMs ?? 0);
  const due = (credential: OAuthCredential) => now() + margin >= credential.expires;
  if (!due(stored)) return flow.toAuth(stored);
  const signIn = `Sign in again with: pith login ${flow.provider}`;
  const current = await modifyAuthEntry(
    options.authPath,
    flow.provider,
    async (entry) => {
      if (!isOAuth(entry)) throw new PithError("OAUTH_LOGGED_OUT", `The ${flow.name} login was removed from ${options.authPath} meanwhile. ${signIn}`);
      if (!due(entry)) return undefined; // another process refreshed it while we waited for the lock
      if (typeof entry.refresh !== "string" || entry.refresh === "") {
        throw new PithError("OAUTH_REFRESH_FAILED", `The ${flow.name} login in ${options.authPath} has expired and holds no refresh token. ${signIn}`);
      }
      try {
        const endpoints = signInEndpoints(flow.provider, options.env, options.apiBaseUrl);
        return await flow.refresh(entry, endpoints, AbortSignal.timeout(REFRESH_TIMEOUT_MS));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new PithError("OAUTH_REFRESH_FAILED", `Refreshing the ${flow.name} login failed: ${reason}. ${signIn}`, { cause: error });
      }
    },
    options.signal,
  );
  if (!isOAuth(current)) throw new PithError("OAUTH_LOGGED_OUT", `The ${flow.name} login was removed from ${options.authPath} meanwhile. ${signIn}`);
  return flow.toAuth(current);
}
