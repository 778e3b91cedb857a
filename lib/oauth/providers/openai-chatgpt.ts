// Sign in with ChatGPT for the OpenAI API (`openai`, pi 1.6.0's token sharing): authorization code with PKCE at
// auth.openai.com for a client OpenAI registers anew at each sign-in (it returns the client's id with the code),
// naming this installation by its device id. The browser comes back to 127.0.0.1:1455 (the Codex sign-in's port:
// when it is taken the user pastes the URL the browser ended on). The grant must include direct token use; the
// token goes to api.openai.com as the key. Facts from pi 1.6.0.
import { randomBytes } from "node:crypto";
import { PithError } from "../../../kernel/index.js";
import type { SignInEndpoints } from "../protocol/endpoints.js";
import { listenForRedirect, type LoopbackCallback, showSignInPage } from "../protocol/loopback-callback.js";
import { createPkce } from "../protocol/pkce.js";
import { numberField, requestJson, stringField } from "../protocol/token-request.js";
import type { OAuthCredential, SignInConversation, SignInInstallation, SubscriptionFlow } from "../types.js";

const REGISTERING_CLIENT_ID = "dynamic_agent_client";
const AGENT_NAME = "pith";
const AUTHORIZE_URL = "https://auth.openai.com/api/accounts/authorize";
const TOKEN_URL = "https://auth.openai.com/api/accounts/oauth/token";
const RESOURCE = "https://api.openai.com/v1";
const CALLBACK_PORT = 1455;
const CALLBACK_PATH = "/auth/callback";
const REDIRECT_URI = `http://127.0.0.1:${CALLBACK_PORT}${CALLBACK_PATH}`;
const DIRECT_USE_SCOPE = "chatgpt.tokens.use.direct";
const SCOPE = `openid profile email offline_access resource.invoke ${DIRECT_USE_SCOPE}`;
/** counted as expired three minutes early, as pi stores it */
const EXPIRY_MARGIN_MS = 3 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const failed = (message: string) => new PithError("OAUTH_SIGN_IN_FAILED", message);

/** The code and the client OpenAI registered, from the browser's answer; its state must be this sign-in's. */
function grantOf(params: URLSearchParams, state: string): { code: string; clientId: string } {
  const error = params.get("error");
  if (error) throw failed(`OpenAI refused the sign-in: ${error}`);
  const code = params.get("code");
  if (!code) throw failed("The answer carries no authorization code.");
  if (params.get("state") !== state) throw failed("The answer belongs to another sign-in (its state differs); start again.");
  const clientId = params.get("client_id")?.trim();
  if (!clientId) throw failed("OpenAI's answer names no registered client (client_id); start again.");
  return { code, clientId };
}

async function grantFromBrowserOrPaste(conversation: SignInConversation, callback: LoopbackCallback | undefined, state: string) {
  const pasteDone = new AbortController();
  const pasted = conversation
    .ask("Finish in the browser, or paste the URL the browser ended on", REDIRECT_URI, AbortSignal.any([conversation.signal, pasteDone.signal]))
    .then((input) => {
      const url = URL.canParse(input.trim()) ? new URL(input.trim()) : undefined;
      if (!url || `${url.origin}${url.pathname}` !== REDIRECT_URI) throw failed(`Paste the whole URL the browser ended on; it starts with ${REDIRECT_URI}`);
      return url.searchParams;
    });
  try {
    return grantOf(await (callback ? Promise.race([callback.answer, pasted]) : pasted), state);
  } finally {
    pasteDone.abort();
    pasted.catch(() => undefined);
  }
}

function credentialFrom(body: Record<string, unknown>, clientId: string, what: string): OAuthCredential {
  const scopes = stringField(body, "scope", what).trim().split(/\s+/);
  if (!scopes.includes(DIRECT_USE_SCOPE)) throw new PithError("OAUTH_SERVER_REFUSED", `OpenAI granted no direct token use (${DIRECT_USE_SCOPE}); this ChatGPT plan may not include API use.`);
  return {
    type: "oauth",
    access: stringField(body, "access_token", what),
    refresh: stringField(body, "refresh_token", what),
    expires: Date.now() + numberField(body, "expires_in", what) * 1000 - EXPIRY_MARGIN_MS,
    clientId,
    scopes,
  };
}

async function login(conversation: SignInConversation, endpoints: SignInEndpoints, installation: SignInInstallation): Promise<OAuthCredential> {
  const deviceId = await installation.deviceId();
  if (!UUID.test(deviceId)) throw failed(`Sign in with ChatGPT needs this installation's id as a UUID, not "${deviceId}" (deviceId in settings.json).`);
  const pkce = createPkce();
  const state = randomBytes(32).toString("base64url");
  const url = new URL(endpoints.url(AUTHORIZE_URL));
  url.search = new URLSearchParams({
    client_id: REGISTERING_CLIENT_ID,
    agent_name_hint: AGENT_NAME,
    ext_agent_host_id: `urn:uuid:${deviceId.toLowerCase()}`,
    response_type: "code",
    redirect_uri: REDIRECT_URI,
    resource: RESOURCE,
    scope: SCOPE,
    state,
    code_challenge: pkce.challenge,
    code_challenge_method: "S256",
    nonce: randomBytes(32).toString("base64url"),
  }).toString();
  const callback = await listenForRedirect({ provider: "OpenAI", port: CALLBACK_PORT, path: CALLBACK_PATH, state, redirectUri: () => REDIRECT_URI }).catch(() => undefined);
  try {
    showSignInPage(conversation, url.toString(), callback, CALLBACK_PORT);
    const grant = await grantFromBrowserOrPaste(conversation, callback, state);
    conversation.show({ type: "progress", message: "Exchanging the authorization code for tokens..." });
    const what = "OpenAI token exchange";
    const body = await requestJson(endpoints.url(TOKEN_URL), {
      form: { grant_type: "authorization_code", client_id: grant.clientId, code: grant.code, code_verifier: pkce.verifier, redirect_uri: REDIRECT_URI, resource: RESOURCE },
      signal: conversation.signal,
      purpose: what,
    });
    stringField(body, "id_token", what);
    return credentialFrom(body, grant.clientId, what);
  } finally {
    await callback?.close();
  }
}

export const openaiChatgptFlow: SubscriptionFlow = {
  provider: "openai",
  name: "OpenAI (ChatGPT subscription)",
  login,
  async refresh(credential, endpoints, signal) {
    const clientId = credential.clientId;
    if (typeof clientId !== "string" || !clientId) throw new PithError("OAUTH_REFRESH_FAILED", "The stored ChatGPT login names no registered client (clientId).");
    const what = "OpenAI token refresh";
    const body = await requestJson(endpoints.url(TOKEN_URL), {
      form: { grant_type: "refresh_token", client_id: clientId, refresh_token: credential.refresh, resource: RESOURCE },
      signal,
      purpose: what,
    });
    return credentialFrom(body, clientId, what);
  },
  toAuth: (credential) => ({ apiKey: credential.access }),
};
