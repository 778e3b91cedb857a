// The sign-ins pi 1.6.0 added beyond Claude, Codex, Copilot and OpenRouter, each end to end in-process against the
// loopback authorization server (test/support/mock-oauth-device-server.ts): the flow through a scripted user,
// auth.json in pi's shape (0600), then a session whose token is about to expire: it is refreshed once under the
// lock, and the model request that follows (to the mock LLM) carries the new token.
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAndSave } from "../../lib/oauth/sign-in.js";
import type { SignInConversation, SignInNotice } from "../../lib/oauth/types.js";
import { createAgentSession } from "../../sdk/index.js";
import { startMockLlm, type MockLlm } from "../support/mock-llm/index.js";
import { startMockDeviceOAuthServer, type MockDeviceOAuthServer } from "../support/mock-oauth-device-server.js";
import { restoreEnvironmentAfterEach } from "../providers/support/environment.js";
import { piAuthChecks } from "../support/pi-node22.js";

const VARIABLES = ["PITH_OAUTH_XAI_URL", "PITH_OAUTH_KIMI_URL", "PITH_OAUTH_META_URL", "PITH_OAUTH_OPENAI_URL", "PITH_OAUTH_RADIUS_URL"];
restoreEnvironmentAfterEach(VARIABLES);

let home: string;
let agentDir: string;
let auth: MockDeviceOAuthServer;
let llm: MockLlm;
const authPath = () => join(agentDir, "auth.json");
const DEVICE_ID = "0f0e0d0c-0b0a-4908-8706-050403020100";

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), "pith-sign-ins-"));
  agentDir = join(home, "agent");
  [auth, llm] = await Promise.all([startMockDeviceOAuthServer(), startMockLlm()]);
  const v1 = `${llm.url}/v1`;
  await mkdir(agentDir, { recursive: true });
  await writeFile(
    join(agentDir, "models.json"),
    JSON.stringify({ providers: { xai: { baseUrl: v1 }, "kimi-coding": { baseUrl: v1 }, meta: { baseUrl: v1 }, openai: { baseUrl: v1 }, radius: { baseUrl: `${llm.url}/radius/v1` } } }),
  );
});
afterAll(async () => {
  await Promise.all([auth.close(), llm.close()]);
  await rm(home, { recursive: true, force: true });
});

/** A user who picks `method` (browser or device code), pastes the URL the browser ends on, and notes what is shown. */
function scriptedUser(method: "browser" | "device_code" = "browser") {
  const notices: SignInNotice[] = [];
  let redirect: Promise<string> | undefined;
  const conversation: SignInConversation = {
    signal: AbortSignal.timeout(20_000),
    show(notice) {
      notices.push(notice);
      if (notice.type === "open_url") redirect = auth.authorize(notice.url);
    },
    choose: async (_message, choices) => choices.find((choice) => choice.id === method)?.id ?? choices[0]!.id,
    ask: async () => {
      if (!redirect) throw new Error("asked before any page was opened");
      return redirect;
    },
  };
  return { conversation, notices };
}

async function signIn(provider: string, method?: "browser" | "device_code") {
  const user = scriptedUser(method);
  for (const variable of VARIABLES) process.env[variable] = auth.url;
  await signInAndSave({ provider, authPath: authPath(), conversation: user.conversation, env: process.env, deviceId: async () => DEVICE_ID });
  const entries = JSON.parse(await readFile(authPath(), "utf8")) as Record<string, Record<string, unknown>>;
  expect((await stat(authPath())).mode & 0o777).toBe(0o600);
  return { entry: entries[provider]!, notices: user.notices };
}

/** Marks the stored login as expiring in a minute, runs one prompt, and returns the request the model got. */
async function promptWithExpiringLogin(provider: string, model: string) {
  const entries = JSON.parse(await readFile(authPath(), "utf8")) as Record<string, Record<string, unknown>>;
  entries[provider] = { ...entries[provider], expires: Date.now() + 60_000 };
  await writeFile(authPath(), JSON.stringify(entries, null, 2), { mode: 0o600 });
  const request = await promptOnce(agentDir, provider, model);
  const stored = (JSON.parse(await readFile(authPath(), "utf8")) as Record<string, Record<string, unknown>>)[provider]!;
  return { request, stored };
}

/** One prompt to `provider/model` with the logins of `dir`; the request the mock model got. */
async function promptOnce(dir: string, provider: string, model: string) {
  llm.enqueue({ text: "hello" });
  const { session } = await createAgentSession({ cwd: home, agentDir: dir, model: `${provider}/${model}`, noSession: true, noMcp: true, packages: false, extensions: false });
  try {
    await session.prompt("hi");
  } finally {
    await session.dispose();
  }
  return llm.requests.at(-1)!;
}

describe("the sign-ins pi 1.6.0 added", () => {
  it("xAI: a device code, tokens in pi's shape, a refresh that keeps the refresh token xAI did not rotate", async () => {
    const { entry, notices } = await signIn("xai");
    expect(notices).toContainEqual({ type: "device_code", url: "https://xai.example/device?code=1234", code: "XAI-1234" });
    const codeRequest = auth.requests.find((request) => request.path === "/oauth2/device/code")!;
    expect(codeRequest.body).toEqual({ client_id: "b1a00492-073a-47ea-816f-4c329264a828", scope: "openid profile email offline_access grok-cli:access api:access", referrer: "pi" });
    expect(Object.keys(entry).sort()).toEqual(["access", "expires", "refresh", "type"]);
    expect(entry).toMatchObject({ type: "oauth", access: expect.stringMatching(/^xai-access-/), refresh: expect.stringMatching(/^xai-refresh-/) });
    expect(entry.expires as number).toBeGreaterThan(Date.now() + 50 * 60_000);

    const { request, stored } = await promptWithExpiringLogin("xai", "grok-4.3");
    expect(auth.refreshes["/oauth2/token"]).toBe(1);
    expect(stored.access).not.toBe(entry.access);
    expect(stored.refresh).toBe(entry.refresh);
    expect(request.path).toBe("/v1/responses");
    expect(request.headers.authorization).toBe(`Bearer ${stored.access as string}`);
  });

  it("Kimi Code: a device code; a refresh that meets a busy server is tried again; the token goes as Bearer", async () => {
    const { entry, notices } = await signIn("kimi-coding");
    expect(notices).toContainEqual({ type: "device_code", url: "https://kimi.example/device?code=1234", code: "KIMI-1234" });
    expect(entry).toMatchObject({ type: "oauth", access: expect.stringMatching(/^kimi-access-/), refresh: expect.stringMatching(/^kimi-refresh-/) });
    auth.failNextRefresh = true;
    const { request, stored } = await promptWithExpiringLogin("kimi-coding", "k3");
    expect(auth.requests.filter((seen) => seen.path === "/api/oauth/token" && seen.body.grant_type === "refresh_token")).toHaveLength(2);
    expect(stored.refresh).not.toBe(entry.refresh);
    expect(request.path).toBe("/v1/chat/completions");
    expect(request.headers.authorization).toBe(`Bearer ${stored.access as string}`);
  });

  it("Meta: the identity token from the device code buys an API key (stored as access), and buys a new one when it expires", async () => {
    const { entry } = await signIn("meta");
    expect(entry).toMatchObject({ type: "oauth", refresh: "meta-identity-1", access: expect.stringMatching(/^meta-key-/) });
    expect(entry.expires as number).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const { request, stored } = await promptWithExpiringLogin("meta", "muse-ember-1.0");
    expect(auth.refreshes["/muse-code/key"]).toBe(1);
    expect(stored).toMatchObject({ refresh: "meta-identity-1", access: expect.stringMatching(/^meta-key-/) });
    expect(stored.access).not.toBe(entry.access);
    expect(request.headers.authorization).toBe(`Bearer ${stored.access as string}`);
  });

  it("Sign in with ChatGPT on openai: PKCE for a client registered per sign-in, naming the installation; the grant's client refreshes", async () => {
    const { entry, notices } = await signIn("openai");
    const page = new URL((notices.find((notice) => notice.type === "open_url") as { url: string }).url);
    expect(page.pathname).toBe("/api/accounts/authorize");
    expect(Object.fromEntries(page.searchParams)).toMatchObject({
      client_id: "dynamic_agent_client",
      ext_agent_host_id: `urn:uuid:${DEVICE_ID}`,
      redirect_uri: "http://127.0.0.1:1455/auth/callback",
      resource: "https://api.openai.com/v1",
      scope: "openid profile email offline_access resource.invoke chatgpt.tokens.use.direct",
      code_challenge_method: "S256",
    });
    expect(Object.keys(entry).sort()).toEqual(["access", "clientId", "expires", "refresh", "scopes", "type"]);
    expect(entry).toMatchObject({ type: "oauth", clientId: "app_registered_1", scopes: expect.arrayContaining(["chatgpt.tokens.use.direct"]) });

    const { request, stored } = await promptWithExpiringLogin("openai", "chat-latest");
    const refresh = auth.requests.filter((seen) => seen.path === "/api/accounts/oauth/token").at(-1)!;
    expect(refresh.body).toMatchObject({ grant_type: "refresh_token", client_id: "app_registered_1", refresh_token: entry.refresh });
    expect(request.headers.authorization).toBe(`Bearer ${stored.access as string}`);
  });

  it("Radius: the gateway's sign-in page through the browser, and a device code; the token reaches the pi-messages gateway", async () => {
    const browser = await signIn("radius", "browser");
    const page = new URL((browser.notices.find((notice) => notice.type === "open_url") as { url: string }).url);
    expect(`${page.origin}${page.pathname}`).toBe(`${auth.url}/radius/authorize`);
    expect(Object.fromEntries(page.searchParams)).toMatchObject({ client_id: "pi-gateway", redirect_uri: "http://127.0.0.1:1456/oauth/callback", scope: "gateway offline_access", handoff: "url" });
    expect(browser.entry).toMatchObject({ type: "oauth", access: expect.stringMatching(/^radius-access-/), scope: "gateway offline_access" });

    const device = await signIn("radius", "device_code");
    expect(device.notices).toContainEqual({ type: "device_code", url: "https://radius.example/device?code=1234", code: "RADIUS-1234" });
    expect(device.entry.access).not.toBe(browser.entry.access);

    const { request, stored } = await promptWithExpiringLogin("radius", "balanced");
    expect(auth.refreshes["/v1/oauth/token"]).toBe(1);
    expect(request.path).toBe("/radius/v1/messages");
    expect(request.headers.authorization).toBe(`Bearer ${stored.access as string}`);
  });

  it("pi 1.6.0's auth check finds every login pith wrote ready, with pith's token; pith signs in with logins pi wrote", async () => {
    const pithWrote = JSON.parse(await readFile(authPath(), "utf8")) as Record<string, Record<string, unknown>>;
    const providers = ["xai", "kimi-coding", "meta", "openai", "radius"];
    expect(Object.keys(pithWrote).sort()).toEqual([...providers].sort());
    const piDir = join(home, "pi-agent");
    await mkdir(piDir, { recursive: true });
    await writeFile(join(piDir, "models.json"), await readFile(join(agentDir, "models.json")));
    const expires = Date.now() + 3600_000;
    // pi's own code: its auth check, then its AuthStorage writes a login and a key into another agent dir, under its lock
    const piWrites = `
      const written = AuthStorage.create(${JSON.stringify(join(piDir, "auth.json"))});
      await written.modify("xai", async () => ({ type: "oauth", access: "pi-xai-access", refresh: "pi-xai-refresh", expires: ${expires} }));
      await written.modify("kimi-coding", async () => ({ type: "api_key", key: "pi-kimi-key" }));
    `;
    const checks = await piAuthChecks(providers, { PI_CODING_AGENT_DIR: agentDir, HOME: home }, piWrites);
    for (const provider of providers) {
      expect(checks[provider], provider).toEqual({ status: "ready", provider, authType: "oauth", credential: pithWrote[provider]!.access });
    }

    expect((await promptOnce(piDir, "xai", "grok-4.3")).headers.authorization).toBe("Bearer pi-xai-access");
    expect((await promptOnce(piDir, "kimi-coding", "k3")).headers.authorization).toBe("Bearer pi-kimi-key");
    expect(JSON.parse(await readFile(join(piDir, "auth.json"), "utf8")).xai.access).toBe("pi-xai-access");
  });
});
