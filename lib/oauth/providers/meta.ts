// Meta sign-in (the Muse subscription): a device code at auth.meta.com gives an identity token, which the Model
// API does not take; it buys a Model API key (valid about a day) at api.meta.ai. auth.json keeps the identity
// token as `refresh` and the key as `access`, so "refreshing" buys a new key. The identity token cannot itself
// be renewed: when Meta refuses it, the user signs in again. Facts from pi 1.6.0.
import { PithError } from "../../../kernel/index.js";
import type { SignInEndpoints } from "../protocol/endpoints.js";
import { pollForDeviceToken, requestDeviceCode } from "../protocol/device-authorization.js";
import { sendTokenRequest, stringField } from "../protocol/token-request.js";
import type { OAuthCredential, SignInConversation, SubscriptionFlow } from "../types.js";

const CLIENT_ID = "1031625952748946";
const DEVICE_AUTHORIZATION_URL = "https://auth.meta.com/oidc/device/authorization/";
const DEVICE_TOKEN_URL = "https://auth.meta.com/oidc/device/token/";
const KEY_MINT_URL = "https://api.meta.ai/muse-code/key";
const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

async function mintKey(identityToken: string, endpoints: SignInEndpoints, signal: AbortSignal): Promise<OAuthCredential> {
  const url = endpoints.url(KEY_MINT_URL);
  const answer = await sendTokenRequest(url, {
    headers: { Authorization: `Bearer ${identityToken}`, "x-api-version": "1.0.0" },
    json: {},
    signal,
    purpose: "Meta API key request",
  });
  const body = answer.body as Record<string, unknown> | undefined;
  if (answer.status === 401 || answer.status === 403) {
    throw new PithError("OAUTH_SERVER_REFUSED", `Meta no longer accepts this sign-in (HTTP ${answer.status}); sign in again with: pith login meta`);
  }
  if (answer.status < 200 || answer.status >= 300) throw new PithError("OAUTH_SERVER_REFUSED", `The Meta API key request at ${url} failed with HTTP ${answer.status}: ${answer.text.slice(0, 300)}`);
  if (typeof body?.api_key !== "string" || !body.api_key) {
    const setup = typeof body?.action_url === "string" && /^https?:/.test(body.action_url) ? ` Finish setting up the account at ${body.action_url}` : "";
    throw new PithError("OAUTH_SERVER_REFUSED", `Meta gave no API key for this account.${setup}`);
  }
  return { type: "oauth", refresh: identityToken, access: body.api_key, expires: Date.now() + KEY_LIFETIME_MS };
}

async function login(conversation: SignInConversation, endpoints: SignInEndpoints): Promise<OAuthCredential> {
  const device = await requestDeviceCode({ url: endpoints.url(DEVICE_AUTHORIZATION_URL), form: { client_id: CLIENT_ID }, signal: conversation.signal, provider: "Meta" });
  const body = await pollForDeviceToken({
    conversation,
    device,
    url: endpoints.url(DEVICE_TOKEN_URL),
    form: { grant_type: "urn:ietf:params:oauth:grant-type:device_code", device_code: device.deviceCode, client_id: CLIENT_ID },
    provider: "Meta",
    waitFirst: true,
  });
  conversation.show({ type: "progress", message: "Enabling Meta Model API access..." });
  return mintKey(stringField(body, "access_token", "Meta token answer"), endpoints, conversation.signal);
}

export const metaFlow: SubscriptionFlow = {
  provider: "meta",
  name: "Meta (Muse subscription)",
  login,
  refresh: (credential, endpoints, signal) => mintKey(credential.refresh, endpoints, signal),
  toAuth: (credential) => ({ apiKey: credential.access }),
};
