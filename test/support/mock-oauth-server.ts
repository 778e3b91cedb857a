// A loopback authorization server for the subscription sign-ins: Anthropic's and OpenAI's authorize and token
// endpoints (PKCE checked), OpenRouter's key exchange, OpenAI's and GitHub's device codes (pending once, then granted), the Copilot token
// exchange and model list. Point PITH_OAUTH_ANTHROPIC_URL / PITH_OAUTH_OPENAI_URL / PITH_OAUTH_GITHUB_URL at
// `url`. `authorize(url)` plays the browser: it asks the authorize URL and returns where it redirects to.
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface MockOAuthServer {
  url: string;
  /** every request: method, path, parsed body (JSON or form), headers */
  requests: Array<{ method: string; path: string; body: Record<string, string>; headers: IncomingMessage["headers"] }>;
  /** refresh grants answered, per provider */
  refreshes: { anthropic: number; openai: number; copilot: number };
  /** answer refresh grants with this HTTP status instead of tokens */
  failRefresh?: number;
  /** delay before answering a refresh (to hold two processes in the race) */
  refreshDelayMs: number;
  /** the browser's part: GET the authorize URL, return the redirect's Location */
  authorize(authorizeUrl: string): Promise<string>;
  close(): Promise<void>;
}

/** An unsigned JWT as OpenAI's access tokens are, with the ChatGPT account claim. */
export function codexAccessToken(serial: number, accountId = "acct-mock-1"): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "none" })}.${part({ "https://api.openai.com/auth": { chatgpt_account_id: accountId }, serial })}.sig`;
}

export const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

/** The browser's part of a sign-in: GET the authorize URL, return the redirect's Location. */
export async function followAuthorize(authorizeUrl: string): Promise<string> {
  const response = await fetch(authorizeUrl, { redirect: "manual" });
  const location = response.headers.get("location");
  if (response.status !== 302 || !location) throw new Error(`authorize answered ${response.status}: ${await response.text()}`);
  return location;
}

/** A request's JSON or form body as an object. */
export async function readBody(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return {};
  if ((request.headers["content-type"] ?? "").includes("json")) return JSON.parse(text) as Record<string, string>;
  return Object.fromEntries(new URLSearchParams(text));
}

export async function startMockOAuthServer(): Promise<MockOAuthServer> {
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  let serial = 0;
  const polls = new Map<string, number>();
  const state: MockOAuthServer = {
    url: "",
    requests: [],
    refreshes: { anthropic: 0, openai: 0, copilot: 0 },
    refreshDelayMs: 0,
    authorize: followAuthorize,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://mock");
      const body = await readBody(request);
      state.requests.push({ method: request.method ?? "GET", path: url.pathname, body, headers: request.headers });
      const json = (status: number, value: unknown) => response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
      const refreshGrant = async (provider: keyof MockOAuthServer["refreshes"]) => {
        await new Promise((resolve) => setTimeout(resolve, state.refreshDelayMs));
        if (state.failRefresh) return json(state.failRefresh, { error: "invalid_grant", error_description: "Refresh token revoked" }), false;
        state.refreshes[provider]++;
        return true;
      };
      switch (`${request.method} ${url.pathname}`) {
        case "GET /oauth/authorize": {
          const code = `code-${++serial}`;
          codes.set(code, { challenge: url.searchParams.get("code_challenge") ?? "", redirectUri: url.searchParams.get("redirect_uri") ?? "" });
          const target = new URL(url.searchParams.get("redirect_uri")!);
          target.searchParams.set("code", code);
          target.searchParams.set("state", url.searchParams.get("state") ?? "");
          return response.writeHead(302, { location: target.toString() }).end();
        }
        case "POST /v1/oauth/token": // Anthropic, JSON
          if (body.grant_type === "refresh_token") {
            if (!(await refreshGrant("anthropic"))) return;
          } else {
            const issued = codes.get(body.code ?? "");
            if (!issued || s256(body.code_verifier ?? "") !== issued.challenge || body.redirect_uri !== issued.redirectUri) return json(400, { error: "invalid_grant" });
          }
          serial++;
          return json(200, { access_token: `sk-ant-oat01-mock-${serial}`, refresh_token: `ant-refresh-${serial}`, expires_in: 3600 });
        case "POST /oauth/token": // OpenAI, form
          if (body.grant_type === "refresh_token") {
            if (!(await refreshGrant("openai"))) return;
          } else if (body.redirect_uri !== "https://auth.openai.com/deviceauth/callback") {
            const issued = codes.get(body.code ?? "");
            if (!issued || s256(body.code_verifier ?? "") !== issued.challenge) return json(400, { error: "invalid_grant" });
          } else if (body.code !== "device-granted-code" || body.code_verifier !== "device-verifier") return json(400, { error: "invalid_grant" });
          serial++;
          return json(200, { access_token: codexAccessToken(serial), refresh_token: `openai-refresh-${serial}`, expires_in: 3600 });
        case "POST /api/accounts/deviceauth/usercode":
          return json(200, { device_auth_id: "device-auth-1", user_code: "ABCD-1234", interval: "0" });
        case "POST /api/accounts/deviceauth/token": {
          const count = (polls.get("openai") ?? 0) + 1;
          polls.set("openai", count);
          if (count === 1) return json(403, { error: { code: "deviceauth_authorization_pending" } });
          return json(200, { authorization_code: "device-granted-code", code_verifier: "device-verifier" });
        }
        case "GET /auth": {
          // OpenRouter: no state; the code goes back to callback_url
          const code = `or-code-${++serial}`;
          codes.set(code, { challenge: url.searchParams.get("code_challenge") ?? "", redirectUri: url.searchParams.get("callback_url") ?? "" });
          const target = new URL(url.searchParams.get("callback_url")!);
          target.searchParams.set("code", code);
          return response.writeHead(302, { location: target.toString() }).end();
        }
        case "POST /api/v1/auth/keys": {
          const issued = codes.get(body.code ?? "");
          if (!issued || s256(body.code_verifier ?? "") !== issued.challenge || body.code_challenge_method !== "S256") return json(403, { error: { message: "Invalid code" } });
          return json(200, { key: `sk-or-v1-mock-${++serial}` });
        }
        case "POST /login/device/code":
          return json(200, { device_code: "gh-device-1", user_code: "WXYZ-5678", verification_uri: "https://github.com/login/device", interval: 0, expires_in: 900 });
        case "POST /login/oauth/access_token": {
          const count = (polls.get("github") ?? 0) + 1;
          polls.set("github", count);
          return json(200, count === 1 ? { error: "authorization_pending" } : { access_token: "gho_mock_github_token", token_type: "bearer" });
        }
        case "GET /copilot_internal/v2/token": {
          if (request.headers.authorization !== "Bearer gho_mock_github_token") return json(401, { message: "Bad credentials" });
          if (polls.has("copilot-token") && !(await refreshGrant("copilot"))) return;
          polls.set("copilot-token", 1);
          serial++;
          return json(200, { token: `tid=mock-${serial};exp=9999999999;proxy-ep=proxy.individual.githubcopilot.com;`, expires_at: Math.floor(Date.now() / 1000) + 1800 });
        }
        case "GET /models":
          return json(200, {
            data: [
              { id: "gemini-4-argon", model_picker_enabled: true, policy: { state: "enabled" }, capabilities: { supports: { tool_calls: true } } },
              { id: "claude-sonnet-4", model_picker_enabled: true, policy: { state: "unconfigured" }, capabilities: { supports: { tool_calls: true } } },
              { id: "text-embedding", model_picker_enabled: false, capabilities: { supports: { tool_calls: false } } },
            ],
          });
        default:
          if (request.method === "POST" && /^\/models\/[^/]+\/policy$/.test(url.pathname)) return json(200, { state: "enabled" });
          return json(404, { error: "not_found", path: url.pathname });
      }
    })().catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
