// Radius sign-in (the pi-messages gateway at radius.pi.dev): authorization code with PKCE through the browser,
// back to 127.0.0.1:1456 (or the URL the browser ended on, pasted), or a device code for a machine without a
// browser. The gateway names its authorization page (`/v1/oauth`); tokens and device codes are the gateway's own
// endpoints. PITH_OAUTH_RADIUS_URL points the sign-in at another gateway. Facts from pi 1.6.0.
import { randomUUID } from "node:crypto";
import { PithError } from "../../../kernel/index.js";
import type { SignInEndpoints } from "../protocol/endpoints.js";
import { pollForDeviceToken, requestDeviceCode } from "../protocol/device-authorization.js";
import { codeFromBrowserOrPaste, listenForRedirect, showSignInPage } from "../protocol/loopback-callback.js";
import { createPkce } from "../protocol/pkce.js";
import { numberField, requestJson, stringField } from "../protocol/token-request.js";
import type { OAuthCredential, SignInConversation, SubscriptionFlow } from "../types.js";

const GATEWAY = "https://radius.pi.dev";
const CLIENT_ID = "pi-gateway";
const SCOPE = "gateway offline_access";
const CALLBACK_PORT = 1456;
const CALLBACK_PATH = "/oauth/callback";
const REDIRECT_URI = `http://127.0.0.1:${CALLBACK_PORT}${CALLBACK_PATH}`;
/** counted as expired a minute early, as pi stores it */
const EXPIRY_MARGIN_MS = 60_000;

function credentialFrom(body: Record<string, unknown>, what: string): OAuthCredential {
  const credential: OAuthCredential = {
    type: "oauth",
    access: stringField(body, "access_token", what),
    refresh: stringField(body, "refresh_token", what),
    expires: Date.now() + numberField(body, "expires_in", what) * 1000 - EXPIRY_MARGIN_MS,
  };
  if (typeof body.scope === "string") credential.scope = body.scope;
  return credential;
}

const token = (endpoints: SignInEndpoints, form: Record<string, string>, signal: AbortSignal, purpose: string) =>
  requestJson(endpoints.url(`${GATEWAY}/v1/oauth/token`), { form: { client_id: CLIENT_ID, ...form }, signal, purpose }).then((body) => credentialFrom(body, purpose));

async function login(conversation: SignInConversation, endpoints: SignInEndpoints): Promise<OAuthCredential> {
  const method = await conversation.choose("Sign in to Radius with", [
    { id: "browser", label: "Sign in with browser (recommended)" },
    { id: "device_code", label: "Sign in with device code (when signing in from another device)" },
  ]);
  return method === "device_code" ? deviceCodeLogin(conversation, endpoints) : browserLogin(conversation, endpoints);
}

async function browserLogin(conversation: SignInConversation, endpoints: SignInEndpoints): Promise<OAuthCredential> {
  const { signal } = conversation;
  const discovery = await requestJson(endpoints.url(`${GATEWAY}/v1/oauth`), { method: "GET", signal, purpose: "Radius sign-in discovery" });
  const page = discovery.authorizationEndpoint;
  if (typeof page !== "string" || !URL.canParse(page) || !/^https?:$/.test(new URL(page).protocol)) {
    throw new PithError("OAUTH_SERVER_REFUSED", `The Radius gateway names no web page to sign in at: ${JSON.stringify(discovery).slice(0, 300)}`);
  }
  const pkce = createPkce();
  const state = randomUUID();
  const callback = await listenForRedirect({ provider: "Radius", host: "127.0.0.1", port: CALLBACK_PORT, path: CALLBACK_PATH, state, redirectUri: () => REDIRECT_URI }).catch(() => undefined);
  try {
    const url = new URL(page);
    url.search = new URLSearchParams({
      response_type: "code",
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      scope: SCOPE,
      code_challenge: pkce.challenge,
      code_challenge_method: "S256",
      handoff: "url",
      state,
    }).toString();
    showSignInPage(conversation, url.toString(), callback, CALLBACK_PORT);
    const code = await codeFromBrowserOrPaste(conversation, callback, state, REDIRECT_URI);
    conversation.show({ type: "progress", message: "Exchanging the authorization code for tokens..." });
    return await token(endpoints, { grant_type: "authorization_code", redirect_uri: REDIRECT_URI, code, code_verifier: pkce.verifier }, signal, "Radius token exchange");
  } finally {
    await callback?.close();
  }
}

async function deviceCodeLogin(conversation: SignInConversation, endpoints: SignInEndpoints): Promise<OAuthCredential> {
  const device = await requestDeviceCode({ url: endpoints.url(`${GATEWAY}/v1/oauth/device`), form: { client_id: CLIENT_ID, scope: SCOPE }, signal: conversation.signal, provider: "Radius" });
  const body = await pollForDeviceToken({
    conversation,
    device,
    url: endpoints.url(`${GATEWAY}/v1/oauth/token`),
    form: { grant_type: "urn:ietf:params:oauth:grant-type:device_code", client_id: CLIENT_ID, device_code: device.deviceCode },
    provider: "Radius",
  });
  return credentialFrom(body, "Radius token answer");
}

export const radiusFlow: SubscriptionFlow = {
  provider: "radius",
  name: "Radius",
  login,
  refresh: (credential, endpoints, signal) => token(endpoints, { grant_type: "refresh_token", refresh_token: credential.refresh }, signal, "Radius token refresh"),
  toAuth: (credential) => ({ apiKey: credential.access }),
};
