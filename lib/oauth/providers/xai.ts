// xAI sign-in (SuperGrok or X Premium): a device code at auth.x.ai; the access token is sent to the xAI API as
// its key. A refresh may come back without a new refresh token (xAI keeps the old one then). Facts from pi 1.6.0.
import type { SignInEndpoints } from "../protocol/endpoints.js";
import { pollForDeviceToken, requestDeviceCode } from "../protocol/device-authorization.js";
import { requestJson, stringField } from "../protocol/token-request.js";
import type { OAuthCredential, SignInConversation, SubscriptionFlow } from "../types.js";

const CLIENT_ID = "b1a00492-073a-47ea-816f-4c329264a828";
const SCOPE = "openid profile email offline_access grok-cli:access api:access";
const DEVICE_CODE_URL = "https://auth.x.ai/oauth2/device/code";
const TOKEN_URL = "https://auth.x.ai/oauth2/token";
const DEFAULT_LIFETIME_S = 3600;
/** counted as expired five minutes early, as pi stores it */
const EXPIRY_MARGIN_MS = 5 * 60 * 1000;

function credentialFrom(body: Record<string, unknown>, what: string, previousRefresh?: string): OAuthCredential {
  const lifetime = typeof body.expires_in === "number" && body.expires_in > 0 ? body.expires_in : DEFAULT_LIFETIME_S;
  return {
    type: "oauth",
    access: stringField(body, "access_token", what),
    refresh: body.refresh_token === undefined && previousRefresh ? previousRefresh : stringField(body, "refresh_token", what),
    expires: Date.now() + lifetime * 1000 - EXPIRY_MARGIN_MS,
  };
}

async function login(conversation: SignInConversation, endpoints: SignInEndpoints): Promise<OAuthCredential> {
  const device = await requestDeviceCode({
    url: endpoints.url(DEVICE_CODE_URL),
    form: { client_id: CLIENT_ID, scope: SCOPE, referrer: "pi" },
    signal: conversation.signal,
    provider: "xAI",
    httpsOnly: true,
  });
  const body = await pollForDeviceToken({
    conversation,
    device,
    url: endpoints.url(TOKEN_URL),
    form: { grant_type: "urn:ietf:params:oauth:grant-type:device_code", client_id: CLIENT_ID, device_code: device.deviceCode },
    provider: "xAI",
    waitFirst: true,
  });
  return credentialFrom(body, "xAI token answer");
}

export const xaiFlow: SubscriptionFlow = {
  provider: "xai",
  name: "xAI (Grok/X subscription)",
  login,
  async refresh(credential, endpoints, signal) {
    const body = await requestJson(endpoints.url(TOKEN_URL), {
      form: { grant_type: "refresh_token", client_id: CLIENT_ID, refresh_token: credential.refresh },
      signal,
      purpose: "xAI token refresh",
    });
    return credentialFrom(body, "xAI token refresh", credential.refresh);
  },
  toAuth: (credential) => ({ apiKey: credential.access }),
};
