// GitHub Copilot sign-in: GitHub's device flow (on github.com or a GitHub Enterprise domain) gives a GitHub token,
// which buys a short-lived Copilot token (`tid=…;exp=…;proxy-ep=…`); refreshing buys a new one with the same
// GitHub token. The Copilot API's address is read from the token. After signing in, the models the account may
// use are listed and those waiting for a policy decision are enabled, as pi 1.6.0 does.
import { PithError } from "../../../kernel/index.js";
import type { SignInEndpoints } from "../protocol/endpoints.js";
import { pollDeviceCode } from "../protocol/device-poll.js";
import { numberField, requestJson, sendTokenRequest, stringField } from "../protocol/token-request.js";
import type { OAuthCredential, SignInConversation, SubscriptionFlow } from "../types.js";

const CLIENT_ID = "Iv1.b507a08c87ecfe98";
export const COPILOT_HEADERS: Readonly<Record<string, string>> = {
  "User-Agent": "GitHubCopilotChat/0.35.0",
  "Editor-Version": "vscode/1.107.0",
  "Editor-Plugin-Version": "copilot-chat/0.35.0",
  "Copilot-Integration-Id": "vscode-chat",
};
const API_VERSION = "2026-06-01";
const DEFAULT_BASE_URL = "https://api.individual.githubcopilot.com";
const EXPIRY_MARGIN_MS = 5 * 60 * 1000;

function normalizeDomain(input: string): string | undefined {
  const text = input.trim();
  if (!text) return undefined;
  const candidate = text.includes("://") ? text : `https://${text}`;
  return URL.canParse(candidate) ? new URL(candidate).hostname : undefined;
}

const githubUrls = (domain: string, endpoints: SignInEndpoints) => ({
  deviceCode: endpoints.url(`https://${domain}/login/device/code`),
  accessToken: endpoints.url(`https://${domain}/login/oauth/access_token`),
  copilotToken: endpoints.url(`https://api.${domain}/copilot_internal/v2/token`),
});

/** The Copilot API of a token (`proxy-ep=proxy.x` → `https://api.x`), else the enterprise's, else the individual one. */
export function copilotBaseUrl(token: string, enterpriseDomain?: string): string {
  const proxy = /proxy-ep=([^;]+)/.exec(token)?.[1];
  if (proxy) return `https://${proxy.replace(/^proxy\./, "api.")}`;
  return enterpriseDomain ? `https://copilot-api.${enterpriseDomain}` : DEFAULT_BASE_URL;
}

async function login(conversation: SignInConversation, endpoints: SignInEndpoints): Promise<OAuthCredential> {
  const { signal } = conversation;
  const answer = await conversation.ask("GitHub Enterprise URL or domain (leave empty for github.com)", "company.ghe.com");
  const enterpriseDomain = normalizeDomain(answer);
  if (answer.trim() && !enterpriseDomain) throw new PithError("OAUTH_SIGN_IN_FAILED", `"${answer.trim()}" is not a GitHub Enterprise URL or domain.`);
  const urls = githubUrls(enterpriseDomain ?? "github.com", endpoints);
  const headers = { "User-Agent": COPILOT_HEADERS["User-Agent"]! };
  const device = await requestJson(urls.deviceCode, { headers, form: { client_id: CLIENT_ID, scope: "read:user" }, signal, purpose: "GitHub device code request" });
  const what = "GitHub device code answer";
  const deviceCode = stringField(device, "device_code", what);
  const verificationUri = stringField(device, "verification_uri", what);
  if (!/^https?:$/.test(URL.canParse(verificationUri) ? new URL(verificationUri).protocol : "")) {
    throw new PithError("OAUTH_SERVER_REFUSED", `GitHub gave a verification address that is not a web page: ${verificationUri}`);
  }
  conversation.show({ type: "device_code", url: verificationUri, code: stringField(device, "user_code", what) });
  const githubToken = await pollDeviceCode<string>({
    intervalSeconds: typeof device.interval === "number" ? device.interval : undefined,
    expiresInSeconds: numberField(device, "expires_in", what),
    waitFirst: true,
    signal,
    async poll() {
      const body = await requestJson(urls.accessToken, {
        headers,
        form: { client_id: CLIENT_ID, device_code: deviceCode, grant_type: "urn:ietf:params:oauth:grant-type:device_code" },
        signal,
        purpose: "GitHub device code poll",
      });
      if (typeof body.access_token === "string") return { status: "complete", value: body.access_token };
      if (body.error === "authorization_pending") return { status: "pending" };
      if (body.error === "slow_down") return { status: "slow_down", intervalSeconds: typeof body.interval === "number" ? body.interval : undefined };
      const detail = typeof body.error_description === "string" ? `: ${body.error_description}` : "";
      throw new PithError("OAUTH_SIGN_IN_FAILED", `GitHub's device sign-in failed: ${String(body.error ?? "no token")}${detail}`);
    },
  });
  const credential = await copilotToken(githubToken, enterpriseDomain, endpoints, signal);
  conversation.show({ type: "progress", message: "Listing the models of your Copilot plan..." });
  const models = await accountModels(credential, endpoints, signal).catch((error: unknown) => {
    conversation.show({ type: "progress", message: `Could not list the plan's models (${error instanceof Error ? error.message : String(error)}); every Copilot model stays listed.` });
    return undefined;
  });
  if (!models) return credential;
  const enabled: string[] = [];
  for (const id of models.awaitingPolicy) if (await enableModel(credential, id, endpoints, signal)) enabled.push(id);
  return { ...credential, availableModelIds: [...new Set([...models.available, ...enabled])] };
}

async function copilotToken(githubToken: string, enterpriseDomain: string | undefined, endpoints: SignInEndpoints, signal: AbortSignal): Promise<OAuthCredential> {
  const body = await requestJson(githubUrls(enterpriseDomain ?? "github.com", endpoints).copilotToken, {
    headers: { Authorization: `Bearer ${githubToken}`, ...COPILOT_HEADERS },
    signal,
    purpose: "Copilot token request",
  });
  const what = "Copilot token answer";
  const credential: OAuthCredential = {
    type: "oauth",
    refresh: githubToken,
    access: stringField(body, "token", what),
    expires: numberField(body, "expires_at", what) * 1000 - EXPIRY_MARGIN_MS,
  };
  if (enterpriseDomain) credential.enterpriseUrl = enterpriseDomain;
  return credential;
}

function apiBase(credential: OAuthCredential, endpoints: SignInEndpoints): string {
  return (endpoints.apiBaseUrl ?? copilotBaseUrl(credential.access, enterpriseOf(credential))).replace(/\/+$/, "");
}

const enterpriseOf = (credential: OAuthCredential) => (typeof credential.enterpriseUrl === "string" ? normalizeDomain(credential.enterpriseUrl) : undefined);

/** The models the plan offers in its picker, and those of them whose policy nobody has set yet. */
async function accountModels(credential: OAuthCredential, endpoints: SignInEndpoints, signal: AbortSignal): Promise<{ available: string[]; awaitingPolicy: string[] }> {
  const body = await requestJson(`${apiBase(credential, endpoints)}/models`, {
    headers: { Authorization: `Bearer ${credential.access}`, ...COPILOT_HEADERS, "X-GitHub-Api-Version": API_VERSION },
    signal,
    purpose: "Copilot model list",
  });
  if (!Array.isArray(body.data)) throw new PithError("OAUTH_SERVER_REFUSED", "the Copilot model list has no data");
  const models = (body.data as Array<Record<string, unknown>>).filter(
    (item) => typeof item?.id === "string" && (item.capabilities as { supports?: { tool_calls?: unknown } } | undefined)?.supports?.tool_calls !== false,
  );
  const policy = (item: Record<string, unknown>) => (item.policy as { state?: unknown } | undefined)?.state;
  const picker = models.filter((item) => item.model_picker_enabled === true);
  return {
    available: picker.filter((item) => policy(item) !== "disabled").map((item) => item.id as string),
    awaitingPolicy: picker.filter((item) => policy(item) === "unconfigured").map((item) => item.id as string),
  };
}

async function enableModel(credential: OAuthCredential, id: string, endpoints: SignInEndpoints, signal: AbortSignal): Promise<boolean> {
  const answer = await sendTokenRequest(`${apiBase(credential, endpoints)}/models/${encodeURIComponent(id)}/policy`, {
    headers: { Authorization: `Bearer ${credential.access}`, ...COPILOT_HEADERS, "openai-intent": "chat-policy", "x-interaction-type": "chat-policy" },
    json: { state: "enabled" },
    signal,
    purpose: "Copilot model policy",
  }).catch(() => undefined);
  return answer !== undefined && answer.status >= 200 && answer.status < 300;
}

export const githubCopilotFlow: SubscriptionFlow = {
  provider: "github-copilot",
  name: "GitHub Copilot",
  login,
  async refresh(credential, endpoints, signal) {
    const fresh = await copilotToken(credential.refresh, enterpriseOf(credential), endpoints, signal);
    const { type: _type, access: _access, refresh: _refresh, expires: _expires, ...kept } = credential;
    return { ...kept, ...fresh };
  },
  toAuth: (credential) => ({ apiKey: credential.access, baseUrl: copilotBaseUrl(credential.access, enterpriseOf(credential)) }),
};
