// The device authorization grant (RFC 8628) as xAI, Kimi, Meta and Radius speak it: ask for a device code, show
// the user where to enter it, then poll the token endpoint until the user has (form bodies, JSON answers).
import { PithError } from "../../../kernel/index.js";
import { pollDeviceCode } from "./device-poll.js";
import { sendTokenRequest } from "./token-request.js";
import type { SignInConversation } from "../types.js";

export interface DeviceCode {
  deviceCode: string;
  /** the page to open: the one with the code filled in when the server gives it */
  verificationUrl: string;
  userCode: string;
  intervalSeconds?: number;
  expiresInSeconds?: number;
}

export interface DeviceCodeRequest {
  url: string;
  form: Record<string, string>;
  signal: AbortSignal;
  /** the provider's name, in messages */
  provider: string;
  /** the verification page must be https (xAI's rule); http(s) otherwise */
  httpsOnly?: boolean;
}

const positive = (value: unknown) => (typeof value === "number" && Number.isFinite(value) && value > 0 ? value : undefined);

function errorDetail(body: Record<string, unknown> | undefined, text: string): string {
  for (const key of ["error_description", "detail", "message", "error"]) {
    const value = body?.[key];
    if (typeof value === "string" && value.trim()) return value.trim();
  }
  return text.slice(0, 300) || "(no body)";
}

/** A web page the server names, or undefined: a sign-in never opens a `file:` URL or a custom scheme. */
function webPage(value: unknown, httpsOnly: boolean | undefined): string | undefined {
  if (typeof value !== "string" || !URL.canParse(value)) return undefined;
  const url = new URL(value);
  return url.protocol === "https:" || (!httpsOnly && url.protocol === "http:") ? url.href : undefined;
}

export async function requestDeviceCode(request: DeviceCodeRequest): Promise<DeviceCode> {
  const answer = await sendTokenRequest(request.url, { form: request.form, signal: request.signal, purpose: `${request.provider} device code request` });
  const body = answer.body as Record<string, unknown> | undefined;
  if (answer.status < 200 || answer.status >= 300) {
    throw new PithError("OAUTH_SERVER_REFUSED", `The ${request.provider} device code request at ${request.url} failed with HTTP ${answer.status}: ${errorDetail(body, answer.text)}`);
  }
  const verificationUrl = webPage(body?.verification_uri_complete, request.httpsOnly) ?? webPage(body?.verification_uri, request.httpsOnly);
  if (typeof body?.device_code !== "string" || !body.device_code || typeof body.user_code !== "string" || !body.user_code || !verificationUrl) {
    throw new PithError("OAUTH_SERVER_REFUSED", `${request.provider} gave no usable device code (a code, a user code and a web page to enter it): ${answer.text.slice(0, 300)}`);
  }
  return {
    deviceCode: body.device_code,
    userCode: body.user_code,
    verificationUrl,
    intervalSeconds: positive(body.interval),
    expiresInSeconds: positive(body.expires_in),
  };
}

/** Shows the code, then polls `url` with `form` until the token answer comes; its JSON object. */
export async function pollForDeviceToken(options: {
  conversation: SignInConversation;
  device: DeviceCode;
  url: string;
  form: Record<string, string>;
  provider: string;
  /** wait one interval before the first poll (the user cannot have entered the code yet) */
  waitFirst?: boolean;
}): Promise<Record<string, unknown>> {
  const { conversation, device, provider } = options;
  const { signal } = conversation;
  conversation.show({ type: "device_code", url: device.verificationUrl, code: device.userCode });
  return pollDeviceCode<Record<string, unknown>>({
    intervalSeconds: device.intervalSeconds,
    expiresInSeconds: device.expiresInSeconds ?? 15 * 60,
    waitFirst: options.waitFirst,
    signal,
    async poll() {
      const answer = await sendTokenRequest(options.url, { form: options.form, signal, purpose: `${provider} device code poll` });
      const body = answer.body as Record<string, unknown> | undefined;
      if (answer.status >= 200 && answer.status < 300 && typeof body?.access_token === "string" && body.access_token) return { status: "complete", value: body };
      switch (body?.error) {
        case "authorization_pending":
          return { status: "pending" };
        case "slow_down":
          return { status: "slow_down", intervalSeconds: positive(body.interval) };
        case "access_denied":
        case "authorization_denied":
          throw new PithError("OAUTH_SIGN_IN_FAILED", `The ${provider} sign-in was denied.`);
        case "expired_token":
          throw new PithError("OAUTH_SIGN_IN_FAILED", `The ${provider} device code expired before the sign-in was finished; start again.`);
        default:
          throw new PithError("OAUTH_SERVER_REFUSED", `The ${provider} device sign-in failed with HTTP ${answer.status}: ${errorDetail(body, answer.text)}`);
      }
    },
  });
}
