// Kimi Code sign-in (the Kimi subscription): a device code at auth.kimi.com, whose access token the Kimi Code API
// takes as Bearer. KIMI_CODE_OAUTH_HOST or KIMI_OAUTH_HOST move the authorization server, as in pi 1.6.0 (see
// ../protocol/endpoints.ts). A refresh that meets a busy server (429, 5xx, no answer) is tried three more times.
import { setTimeout as sleep } from "node:timers/promises";
import { PithError } from "../../../kernel/index.js";
import type { SignInEndpoints } from "../protocol/endpoints.js";
import { pollForDeviceToken, requestDeviceCode } from "../protocol/device-authorization.js";
import { numberField, sendTokenRequest, stringField } from "../protocol/token-request.js";
import type { OAuthCredential, SignInConversation, SubscriptionFlow } from "../types.js";

const CLIENT_ID = "17e5f671-d194-4dfb-9706-5516cb48c098";
const DEVICE_AUTHORIZATION_URL = "https://auth.kimi.com/api/oauth/device_authorization";
const TOKEN_URL = "https://auth.kimi.com/api/oauth/token";
const REFRESH_RETRIES = 3;

function credentialFrom(body: Record<string, unknown>, what: string): OAuthCredential {
  return {
    type: "oauth",
    access: stringField(body, "access_token", what),
    refresh: stringField(body, "refresh_token", what),
    expires: Date.now() + numberField(body, "expires_in", what) * 1000,
  };
}

async function login(conversation: SignInConversation, endpoints: SignInEndpoints): Promise<OAuthCredential> {
  const device = await requestDeviceCode({ url: endpoints.url(DEVICE_AUTHORIZATION_URL), form: { client_id: CLIENT_ID }, signal: conversation.signal, provider: "Kimi Code" });
  const body = await pollForDeviceToken({
    conversation,
    device,
    url: endpoints.url(TOKEN_URL),
    form: { client_id: CLIENT_ID, device_code: device.deviceCode, grant_type: "urn:ietf:params:oauth:grant-type:device_code" },
    provider: "Kimi Code",
    waitFirst: true,
  });
  return credentialFrom(body, "Kimi Code token answer");
}

async function refresh(credential: OAuthCredential, endpoints: SignInEndpoints, signal: AbortSignal): Promise<OAuthCredential> {
  const url = endpoints.url(TOKEN_URL);
  let failure = "";
  for (let attempt = 0; attempt <= REFRESH_RETRIES; attempt++) {
    if (attempt > 0) await sleep(1000 * 2 ** (attempt - 1), undefined, { signal });
    const answer = await sendTokenRequest(url, {
      form: { client_id: CLIENT_ID, grant_type: "refresh_token", refresh_token: credential.refresh },
      signal,
      purpose: "Kimi Code token refresh",
    }).catch((error: unknown) => {
      if (signal.aborted) throw error;
      failure = error instanceof Error ? error.message : String(error);
      return undefined;
    });
    if (!answer) continue;
    const body = answer.body as Record<string, unknown> | undefined;
    if (answer.status >= 200 && answer.status < 300 && body) return credentialFrom(body, "Kimi Code token refresh");
    failure = `HTTP ${answer.status}: ${answer.text.slice(0, 300)}`;
    if (answer.status !== 429 && answer.status < 500) break;
  }
  throw new PithError("OAUTH_SERVER_REFUSED", `The Kimi Code token refresh at ${url} failed (${failure})`);
}

export const kimiCodingFlow: SubscriptionFlow = {
  provider: "kimi-coding",
  name: "Kimi Code (subscription)",
  login,
  refresh,
  toAuth: (credential) => ({ apiKey: credential.access }),
};
