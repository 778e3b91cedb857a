// Claude Pro/Max sign-in: authorization code with PKCE at claude.ai, the browser coming back to a loopback
// address (port 53692, or any free one when it is taken) or the user pasting the code; or "copy code", where
// Anthropic's own page shows the code to paste (for a machine without a browser). Facts from pi 1.6.0.
import { PithError } from "../../../kernel/index.js";
import type { SignInEndpoints } from "../protocol/endpoints.js";
import { codeFromBrowserOrPaste, listenForRedirect, type LoopbackCallback } from "../protocol/loopback-callback.js";
import { createPkce, parsePastedCode } from "../protocol/pkce.js";
import { numberField, requestJson, stringField } from "../protocol/token-request.js";
import type { OAuthCredential, SignInConversation, SubscriptionFlow } from "../types.js";

const CLIENT_ID = "9d1c250a-e61b-44d9-88ed-5944d1962f5e";
const AUTHORIZE_URL = "https://claude.ai/oauth/authorize";
const TOKEN_URL = "https://platform.claude.com/v1/oauth/token";
const CALLBACK_PORT = 53692;
const CALLBACK_PATH = "/callback";
const COPY_CODE_REDIRECT_URI = "https://platform.claude.com/oauth/code/callback";
const SCOPES = "org:create_api_key user:profile user:inference user:sessions:claude_code user:mcp_servers user:file_upload";
/** Anthropic's tokens are counted as expired five minutes early, as pi stores them */
const EXPIRY_MARGIN_MS = 5 * 60 * 1000;

async function login(conversation: SignInConversation, endpoints: SignInEndpoints): Promise<OAuthCredential> {
  const method = await conversation.choose("Sign in to Anthropic with", [
    { id: "browser", label: "Browser login (default)" },
    { id: "copy_code", label: "Copy code login (headless)" },
  ]);
  return method === "copy_code" ? copyCodeLogin(conversation, endpoints) : browserLogin(conversation, endpoints);
}

function authorizeUrl(endpoints: SignInEndpoints, redirectUri: string, challenge: string, state: string): string {
  const params = new URLSearchParams({
    code: "true",
    client_id: CLIENT_ID,
    response_type: "code",
    redirect_uri: redirectUri,
    scope: SCOPES,
    code_challenge: challenge,
    code_challenge_method: "S256",
    state,
  });
  return `${endpoints.url(AUTHORIZE_URL)}?${params}`;
}

async function browserLogin(conversation: SignInConversation, endpoints: SignInEndpoints): Promise<OAuthCredential> {
  const pkce = createPkce();
  const listen = (port: number) => listenForRedirect({ provider: "Anthropic", port, path: CALLBACK_PATH, state: pkce.verifier });
  const callback: LoopbackCallback | undefined = await listen(CALLBACK_PORT)
    .catch(() => listen(0))
    .catch(() => undefined);
  const redirectUri = callback?.redirectUri ?? `http://localhost:${CALLBACK_PORT}${CALLBACK_PATH}`;
  try {
    conversation.show({
      type: "open_url",
      url: authorizeUrl(endpoints, redirectUri, pkce.challenge, pkce.verifier),
      instructions: "Sign in in your browser. If the browser runs on another machine, paste the URL it ends on here.",
    });
    const code = await codeFromBrowserOrPaste(conversation, callback, pkce.verifier, redirectUri);
    conversation.show({ type: "progress", message: "Exchanging the authorization code for tokens..." });
    return await exchangeCode(endpoints, code, pkce.verifier, pkce.verifier, redirectUri, conversation.signal);
  } finally {
    callback?.close();
  }
}

async function copyCodeLogin(conversation: SignInConversation, endpoints: SignInEndpoints): Promise<OAuthCredential> {
  const pkce = createPkce();
  conversation.show({
    type: "open_url",
    url: authorizeUrl(endpoints, COPY_CODE_REDIRECT_URI, pkce.challenge, pkce.verifier),
    instructions: "Sign in in your browser, then copy the code Anthropic shows and paste it here.",
  });
  const parsed = parsePastedCode(await conversation.ask("Paste the code Anthropic shows after you sign in", "code#state"));
  if (parsed.state && parsed.state !== pkce.verifier) throw new PithError("OAUTH_SIGN_IN_FAILED", "The pasted code belongs to another sign-in (its state differs); start again.");
  if (!parsed.code) throw new PithError("OAUTH_SIGN_IN_FAILED", "No authorization code in what was pasted.");
  conversation.show({ type: "progress", message: "Exchanging the authorization code for tokens..." });
  return exchangeCode(endpoints, parsed.code, parsed.state ?? pkce.verifier, pkce.verifier, COPY_CODE_REDIRECT_URI, conversation.signal);
}

async function exchangeCode(endpoints: SignInEndpoints, code: string, state: string, verifier: string, redirectUri: string, signal: AbortSignal): Promise<OAuthCredential> {
  const body = await requestJson(endpoints.url(TOKEN_URL), {
    json: { grant_type: "authorization_code", client_id: CLIENT_ID, code, state, redirect_uri: redirectUri, code_verifier: verifier },
    signal,
    purpose: "Anthropic token exchange",
  });
  return credentialFrom(body, "Anthropic token exchange");
}

function credentialFrom(body: Record<string, unknown>, what: string): OAuthCredential {
  return {
    type: "oauth",
    refresh: stringField(body, "refresh_token", what),
    access: stringField(body, "access_token", what),
    expires: Date.now() + numberField(body, "expires_in", what) * 1000 - EXPIRY_MARGIN_MS,
  };
}

export const anthropicFlow: SubscriptionFlow = {
  provider: "anthropic",
  name: "Anthropic (Claude Pro/Max)",
  login,
  async refresh(credential, endpoints, signal) {
    const body = await requestJson(endpoints.url(TOKEN_URL), {
      json: { grant_type: "refresh_token", client_id: CLIENT_ID, refresh_token: credential.refresh },
      signal,
      purpose: "Anthropic token refresh",
    });
    return credentialFrom(body, "Anthropic token refresh");
  },
  toAuth: (credential) => ({ apiKey: credential.access }),
};
