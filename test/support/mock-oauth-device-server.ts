// A loopback authorization server for the sign-ins pi 1.6.0 added: the device codes of xAI, Kimi Code, Meta and
// Radius (each pending once, then granted), Meta's API key mint, Radius's discovery and authorize page, and Sign in
// with ChatGPT's authorize page (which registers a client and returns its id) and token endpoint. Refresh grants
// answer new tokens; `failNextRefresh` makes the next one answer 503 once (Kimi retries that). Point
// PITH_OAUTH_XAI_URL, PITH_OAUTH_KIMI_URL, PITH_OAUTH_META_URL, PITH_OAUTH_OPENAI_URL and PITH_OAUTH_RADIUS_URL at
// `url`. `authorize(url)` plays the browser: it asks the authorize page and returns where it redirects to.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { followAuthorize, readBody, s256 } from "./mock-oauth-server.js";

export interface SeenOAuthRequest {
  method: string;
  path: string;
  body: Record<string, string>;
  headers: IncomingMessage["headers"];
}

export interface MockDeviceOAuthServer {
  url: string;
  requests: SeenOAuthRequest[];
  /** refresh grants (and Meta key mints with a stored identity) answered with tokens, per path */
  refreshes: Record<string, number>;
  failNextRefresh: boolean;
  authorize(authorizeUrl: string): Promise<string>;
  close(): Promise<void>;
}

const DEVICE_CODE_PATHS: Record<string, string> = {
  "/oauth2/device/code": "xai",
  "/api/oauth/device_authorization": "kimi",
  "/oidc/device/authorization/": "meta",
  "/v1/oauth/device": "radius",
};

export async function startMockDeviceOAuthServer(): Promise<MockDeviceOAuthServer> {
  let serial = 0;
  const polls = new Map<string, number>();
  const codes = new Map<string, string>();
  const state: MockDeviceOAuthServer = {
    url: "",
    requests: [],
    refreshes: {},
    failNextRefresh: false,
    authorize: followAuthorize,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://mock");
      const body = await readBody(request);
      state.requests.push({ method: request.method ?? "GET", path: url.pathname, body, headers: request.headers });
      const json = (status: number, value: unknown) => response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
      const tokens = (prefix: string, extra: Record<string, unknown> = {}) => {
        serial++;
        return json(200, { access_token: `${prefix}-access-${serial}`, refresh_token: `${prefix}-refresh-${serial}`, expires_in: 3600, token_type: "Bearer", ...extra });
      };
      /** a refresh grant: counted, or refused once with 503 */
      const refreshed = () => {
        if (state.failNextRefresh) {
          state.failNextRefresh = false;
          json(503, { error: "temporarily_unavailable" });
          return false;
        }
        state.refreshes[url.pathname] = (state.refreshes[url.pathname] ?? 0) + 1;
        return true;
      };
      /** a device grant: pending at the first poll, then granted */
      const deviceGrant = (name: string, granted: () => void) => {
        const count = (polls.get(name) ?? 0) + 1;
        polls.set(name, count);
        if (count === 1) return json(400, { error: "authorization_pending" });
        polls.delete(name);
        return granted();
      };
      const deviceName = DEVICE_CODE_PATHS[url.pathname];
      if (request.method === "POST" && deviceName) {
        return json(200, {
          device_code: `${deviceName}-device-1`,
          user_code: `${deviceName.toUpperCase()}-1234`,
          verification_uri: `https://${deviceName}.example/device`,
          verification_uri_complete: `https://${deviceName}.example/device?code=1234`,
          interval: 1, // the shortest wait pith (as pi) keeps between polls; 0 would mean RFC 8628's 5 s
          expires_in: 600,
        });
      }
      switch (`${request.method} ${url.pathname}`) {
        case "POST /oauth2/token": // xAI: a refresh may omit the refresh token (xAI keeps the old one then)
          if (body.grant_type === "refresh_token") return refreshed() && json(200, { access_token: `xai-access-${++serial}`, expires_in: 3600 });
          return deviceGrant("xai", () => tokens("xai"));
        case "POST /api/oauth/token": // Kimi
          if (body.grant_type === "refresh_token") return refreshed() && tokens("kimi");
          return deviceGrant("kimi", () => tokens("kimi"));
        case "POST /oidc/device/token/": // Meta: an identity token only
          return deviceGrant("meta", () => json(200, { access_token: "meta-identity-1", token_type: "Bearer", expires_in: 3600 }));
        case "POST /muse-code/key":
          if (request.headers.authorization !== "Bearer meta-identity-1" || request.headers["x-api-version"] !== "1.0.0") return json(401, { detail: "bad identity" });
          if (polls.has("meta-minted") && !refreshed()) return;
          polls.set("meta-minted", 1);
          return json(200, { api_key: `meta-key-${++serial}` });
        case "GET /v1/oauth": // Radius discovery
          return json(200, { authorizationEndpoint: `${state.url}/radius/authorize` });
        case "POST /v1/oauth/token": // Radius
          if (body.grant_type === "refresh_token") return refreshed() && tokens("radius", { scope: "gateway offline_access" });
          if (body.grant_type === "authorization_code") {
            if (s256(body.code_verifier ?? "") !== codes.get(body.code ?? "")) return json(400, { error: "invalid_grant" });
            return tokens("radius", { scope: "gateway offline_access" });
          }
          return deviceGrant("radius", () => tokens("radius", { scope: "gateway offline_access" }));
        case "GET /radius/authorize":
        case "GET /api/accounts/authorize": {
          // the browser's part: a code for the PKCE challenge, back to redirect_uri with the state (and, for
          // ChatGPT, the id of the client registered for this sign-in)
          const code = `code-${++serial}`;
          codes.set(code, url.searchParams.get("code_challenge") ?? "");
          const target = new URL(url.searchParams.get("redirect_uri")!);
          target.searchParams.set("code", code);
          target.searchParams.set("state", url.searchParams.get("state") ?? "");
          if (url.pathname === "/api/accounts/authorize") target.searchParams.set("client_id", "app_registered_1");
          return response.writeHead(302, { location: target.toString() }).end();
        }
        case "POST /api/accounts/oauth/token": {
          // Sign in with ChatGPT
          if (body.client_id !== "app_registered_1" || body.resource !== "https://api.openai.com/v1") return json(400, { error: "invalid_client" });
          const scope = "openid profile email offline_access resource.invoke chatgpt.tokens.use.direct";
          if (body.grant_type === "refresh_token") return refreshed() && tokens("chatgpt", { scope });
          if (s256(body.code_verifier ?? "") !== codes.get(body.code ?? "")) return json(400, { error: "invalid_grant" });
          return tokens("chatgpt", { scope, id_token: "header.payload.signature" });
        }
        default:
          return json(404, { error: "not_found", path: url.pathname });
      }
    })().catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
