// ChatGPT Plus/Pro sign-in for the Codex models: authorization code with PKCE at auth.openai.com, the browser
// coming back to localhost:1455 (the port OpenAI registered for this client, shared with the Codex CLI: when it
// is taken, the user pastes the URL instead), or a device code for machines without a browser. The account id
// every Codex request carries is read from the access token. Facts from pi 1.6.0.
import { randomBytes } from "node:crypto";
import { PithError } from "../../../kernel/index.js";
import type { SignInEndpoints } from "../protocol/endpoints.js";
import { pollDeviceCode } from "../protocol/device-poll.js";
import { codeFromBrowserOrPaste, listenForRedirect, showSignInPage } from "../protocol/loopback-callback.js";
import { chatgptAccountId } from "./chatgpt-account.js";
import { createPkce } from "../protocol/pkce.js";
import { numberField, requestJson, sendTokenRequest, stringField } from "../protocol/token-request.js";
import type { OAuthCredential, SignInConversation, SubscriptionFlow } from "../types.js";

const CLIENT_ID = "app_EMoamEEZ73f0CkXaXp7hrann";
const AUTH_ORIGIN = "https://auth.openai.com";
const AUTHORIZE_URL = `${AUTH_ORIGIN}/oauth/authorize`;
const TOKEN_URL = `${AUTH_ORIGIN}/oauth/token`;
const CALLBACK_PORT = 1455;
const CALLBACK_PATH = "/auth/callback";
const REDIRECT_URI = `http://localhost:${CALLBACK_PORT}${CALLBACK_PATH}`;
const DEVICE_USER_CODE_URL = `${AUTH_ORIGIN}/api/accounts/deviceauth/usercode`;
const DEVICE_TOKEN_URL = `${AUTH_ORIGIN}/api/accounts/deviceauth/token`;
const DEVICE_VERIFICATION_URL = `${AUTH_ORIGIN}/codex/device`;
const DEVICE_REDIRECT_URI = `${AUTH_ORIGIN}/deviceauth/callback`;
const DEVICE_CODE_LIFETIME_S = 15 * 60;

async function login(conversation: SignInConversation, endpoints: SignInEndpoints): Promise<OAuthCredential> {
  const method = await conversation.choose("Sign in to ChatGPT with", [
    { id: "browser", label: "Browser login (default)" },
    { id: "device_code", label: "Device code login (headless)" },
  ]);
  return method === "device_code" ? deviceCodeLogin(conversation, endpoints) : browserLogin(conversation, endpoints);
}

async function browserLogin(conversation: SignInConversation, endpoints: SignInEndpoints): Promise<OAuthCredential> {
  const pkce = createPkce();
  const state = randomBytes(16).toString("hex");
  const url = new URL(endpoints.url(AUTHORIZE_URL));
  const params = {
    response_type: "code",
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    scope: "openid profile email offline_access",
    code_challenge: pkce.challenge,
    code_challenge_method: "S256",
    state,
    id_token_add_organizations: "true",
    codex_cli_simplified_flow: "true",
    originator: "pi",
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  const callback = await listenForRedirect({ provider: "OpenAI", port: CALLBACK_PORT, path: CALLBACK_PATH, state }).catch(() => undefined);
  try {
    showSignInPage(conversation, url.toString(), callback, CALLBACK_PORT);
    const code = await codeFromBrowserOrPaste(conversation, callback, state, REDIRECT_URI);
    conversation.show({ type: "progress", message: "Exchanging the authorization code for tokens..." });
    return await exchangeCode(endpoints, code, pkce.verifier, REDIRECT_URI, conversation.signal);
  } finally {
    callback?.close();
  }
}

async function deviceCodeLogin(conversation: SignInConversation, endpoints: SignInEndpoints): Promise<OAuthCredential> {
  const { signal } = conversation;
  const started = await sendTokenRequest(endpoints.url(DEVICE_USER_CODE_URL), { json: { client_id: CLIENT_ID }, signal, purpose: "OpenAI device code request" });
  if (started.status === 404) throw new PithError("OAUTH_SERVER_REFUSED", "OpenAI does not offer device code sign-in here; use the browser login.");
  const body = started.body as Record<string, unknown> | undefined;
  const interval = typeof body?.interval === "string" ? Number(body.interval) : body?.interval;
  if (started.status !== 200 || typeof body?.device_auth_id !== "string" || typeof body.user_code !== "string" || typeof interval !== "number" || !(interval >= 0)) {
    throw new PithError("OAUTH_SERVER_REFUSED", `The OpenAI device code request failed (HTTP ${started.status}): ${started.text.slice(0, 500)}`);
  }
  const device = { device_auth_id: body.device_auth_id, user_code: body.user_code };
  conversation.show({ type: "device_code", url: endpoints.url(DEVICE_VERIFICATION_URL), code: device.user_code });
  const granted = await pollDeviceCode<{ code: string; verifier: string }>({
    intervalSeconds: interval,
    expiresInSeconds: DEVICE_CODE_LIFETIME_S,
    signal,
    async poll() {
      const answer = await sendTokenRequest(endpoints.url(DEVICE_TOKEN_URL), { json: device, signal, purpose: "OpenAI device code poll" });
      const json = answer.body as Record<string, unknown> | undefined;
      if (answer.status === 200 && typeof json?.authorization_code === "string" && typeof json.code_verifier === "string") {
        return { status: "complete", value: { code: json.authorization_code, verifier: json.code_verifier } };
      }
      if (answer.status === 403 || answer.status === 404) return { status: "pending" };
      const error = json?.error;
      const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : error;
      if (code === "deviceauth_authorization_pending") return { status: "pending" };
      if (code === "slow_down") return { status: "slow_down" };
      throw new PithError("OAUTH_SERVER_REFUSED", `The OpenAI device sign-in failed (HTTP ${answer.status}): ${answer.text.slice(0, 500)}`);
    },
  });
  return exchangeCode(endpoints, granted.code, granted.verifier, DEVICE_REDIRECT_URI, signal);
}

async function exchangeCode(endpoints: SignInEndpoints, code: string, verifier: string, redirectUri: string, signal: AbortSignal): Promise<OAuthCredential> {
  const body = await requestJson(endpoints.url(TOKEN_URL), {
    form: { grant_type: "authorization_code", client_id: CLIENT_ID, code, code_verifier: verifier, redirect_uri: redirectUri },
    signal,
    purpose: "OpenAI token exchange",
  });
  return credentialFrom(body, "OpenAI token exchange");
}

function credentialFrom(body: Record<string, unknown>, what: string): OAuthCredential {
  const access = stringField(body, "access_token", what);
  const accountId = chatgptAccountId(access);
  if (!accountId) throw new PithError("OAUTH_SERVER_REFUSED", `The ${what} gave a token without a ChatGPT account id; is this account on a ChatGPT plan?`);
  return { type: "oauth", access, refresh: stringField(body, "refresh_token", what), expires: Date.now() + numberField(body, "expires_in", what) * 1000, accountId };
}

export const openaiCodexFlow: SubscriptionFlow = {
  provider: "openai-codex",
  name: "ChatGPT Plus/Pro (Codex)",
  login,
  async refresh(credential, endpoints, signal) {
    const body = await requestJson(endpoints.url(TOKEN_URL), {
      form: { grant_type: "refresh_token", refresh_token: credential.refresh, client_id: CLIENT_ID },
      signal,
      purpose: "OpenAI token refresh",
    });
    return credentialFrom(body, "OpenAI token refresh");
  },
  toAuth: (credential) => ({ apiKey: credential.access }),
};
