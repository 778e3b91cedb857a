// `pith auth login|logout` end to end through the real CLI against a loopback authorization server: the test
// plays the browser (asks the authorize URL the CLI prints and follows the redirect to the CLI's loopback
// callback) or pastes, and answers device codes. Then auth.json (pi's shape, 0600, readable by pi 1.6.0), the
// headers of the next model request, and a refresh raced by two processes.
import { spawn, type ChildProcess } from "node:child_process";
import { readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PITH_BIN, createCliWorld, type CliWorld } from "./cli-harness.js";
import { startMockOAuthServer, type MockOAuthServer } from "../support/mock-oauth-server.js";
import { piAuthChecks } from "../support/pi-node22.js";

let world: CliWorld;
let auth: MockOAuthServer;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  world = await createCliWorld();
  auth = await startMockOAuthServer();
  env = { ...world.env, PITH_OAUTH_ANTHROPIC_URL: auth.url, PITH_OAUTH_OPENAI_URL: auth.url, PITH_OAUTH_GITHUB_URL: auth.url, PITH_OAUTH_OPENROUTER_URL: auth.url };
});
afterAll(async () => {
  await auth.close();
  await world.close();
});

/** A running `pith ...` whose stdout can be waited on and whose stdin takes typed lines. */
function start(args: string[]) {
  const child: ChildProcess = spawn(process.execPath, [PITH_BIN, ...args], { cwd: world.project, env, stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  const waiters: Array<() => void> = [];
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    for (const wake of waiters.splice(0)) wake();
  });
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exit = new Promise<number | null>((resolve) => child.on("close", resolve));
  return {
    async waitFor(pattern: RegExp): Promise<RegExpMatchArray> {
      for (;;) {
        const match = stdout.match(pattern);
        if (match) return match;
        if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}: ${stdout}\n${stderr}`);
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    type: (line: string) => child.stdin!.write(`${line}\n`),
    async done() {
      const code = await exit;
      return { code, stdout, stderr };
    },
  };
}

const authJson = async () => JSON.parse(await readFile(join(world.agentDir, "auth.json"), "utf8")) as Record<string, Record<string, unknown>>;
const setModelsJson = (providers: Record<string, unknown>) => writeFile(join(world.agentDir, "models.json"), JSON.stringify({ providers }));

describe("pith auth login", () => {
  it("signs in to Claude Pro/Max through the browser's loopback redirect; the next request carries the subscription headers", async () => {
    const login = start(["auth", "login", "anthropic"]);
    const [, url] = await login.waitFor(/Open this URL to sign in:\n {2}(\S+)/);
    const authorize = new URL(url!);
    expect(authorize.origin).toBe(auth.url);
    expect(authorize.searchParams.get("client_id")).toBe("9d1c250a-e61b-44d9-88ed-5944d1962f5e");
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    const callback = await auth.authorize(url!);
    expect(callback).toMatch(/^http:\/\/localhost:\d+\/callback\?/);
    const page = await fetch(callback.replace("localhost", "127.0.0.1"));
    expect(page.status).toBe(200);
    const result = await login.done();
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Signing in through ${auth.url} (PITH_OAUTH_ANTHROPIC_URL is set).`);
    expect(result.stdout).toContain(`Logged in to Anthropic (Claude Pro/Max). Credentials saved to ${join(world.agentDir, "auth.json")}`);

    const entry = (await authJson()).anthropic!;
    expect(Object.keys(entry).sort()).toEqual(["access", "expires", "refresh", "type"]);
    expect(entry).toMatchObject({ type: "oauth", access: expect.stringMatching(/^sk-ant-oat01-/), refresh: expect.stringMatching(/^ant-refresh-/) });
    expect(entry.expires as number).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect((await stat(join(world.agentDir, "auth.json"))).mode & 0o777).toBe(0o600);

    await setModelsJson({ anthropic: { baseUrl: world.mock.url } });
    world.mock.enqueue({ text: "hello" });
    const run = await world.run(["-p", "hi", "--model", "anthropic/claude-sonnet-5"], { env });
    expect(run.stderr).toBe("");
    const request = world.mock.requests.at(-1)!;
    expect(request.headers.authorization).toBe(`Bearer ${entry.access as string}`);
    expect(request.headers["x-api-key"]).toBeUndefined();
    expect(request.headers["anthropic-beta"]).toMatch(/^claude-code-20250219,oauth-2025-04-20/);
    expect(request.headers["x-app"]).toBe("cli");
    expect(request.headers["user-agent"]).toMatch(/^claude-cli\//);
    const system = request.body.system as Array<{ text: string }>;
    expect(system[0]!.text).toBe("You are Claude Code, Anthropic's official CLI for Claude.");
  });

  it("an expiring token is refreshed once when two processes need it at the same time; both use the new token", async () => {
    const before = (await authJson()).anthropic!;
    await writeFile(join(world.agentDir, "auth.json"), JSON.stringify({ ...(await authJson()), anthropic: { ...before, expires: Date.now() + 60_000 } }, null, 2));
    auth.refreshDelayMs = 300;
    world.mock.enqueue({ text: "ok" }, { text: "ok" });
    const runs = await Promise.all([1, 2].map(() => world.run(["-p", "hi", "--model", "anthropic/claude-sonnet-5"], { env })));
    auth.refreshDelayMs = 0;
    for (const run of runs) expect(run.stderr).toBe("");
    expect(auth.refreshes.anthropic).toBe(1);
    const after = (await authJson()).anthropic!;
    expect(after.access).not.toBe(before.access);
    expect(after.refresh).not.toBe(before.refresh);
    const bearers = world.mock.requests.slice(-2).map((request) => request.headers.authorization);
    expect(bearers).toEqual([`Bearer ${after.access as string}`, `Bearer ${after.access as string}`]);
  });

  it("a refresh the server refuses tells the user to sign in again and keeps the stored login", async () => {
    const entries = await authJson();
    await writeFile(join(world.agentDir, "auth.json"), JSON.stringify({ ...entries, anthropic: { ...entries.anthropic, expires: Date.now() - 1 } }));
    auth.failRefresh = 400;
    const run = await world.run(["--mode", "json", "-p", "hi", "--model", "anthropic/claude-sonnet-5"], { env });
    auth.failRefresh = undefined;
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("Refreshing the Anthropic (Claude Pro/Max) login failed");
    expect(run.stderr).toContain("HTTP 400");
    expect(run.stderr).toContain("Sign in again with: pith login anthropic");
    expect((await authJson()).anthropic!.refresh).toBe(entries.anthropic!.refresh); // nothing lost
  });

  it("signs in to ChatGPT by pasting the redirect URL, and with a device code (--no-browser)", async () => {
    const login = start(["login", "openai-codex"]);
    const [, url] = await login.waitFor(/Open this URL to sign in:\n {2}(\S+)/);
    expect(new URL(url!).searchParams.get("originator")).toBe("pi");
    await login.waitFor(/paste/i);
    login.type(await auth.authorize(url!));
    const pasted = await login.done();
    expect(pasted.stderr).toBe("");
    expect(pasted.code).toBe(0);
    const first = (await authJson())["openai-codex"]!;
    expect(first).toMatchObject({ type: "oauth", accountId: "acct-mock-1", refresh: expect.stringMatching(/^openai-refresh-/) });

    const device = start(["auth", "login", "openai-codex", "--no-browser"]);
    await device.waitFor(/Open \S+\/codex\/device and enter code: ABCD-1234/);
    const result = await device.done();
    expect(result.code).toBe(0);
    const second = (await authJson())["openai-codex"]!;
    expect(second.access).not.toBe(first.access);
    expect(second.accountId).toBe("acct-mock-1");

    // a ChatGPT model now runs on the login
    await setModelsJson({ "openai-codex": { baseUrl: `${world.mock.url}/backend-api` } });
    world.mock.enqueue({ text: "from codex" });
    const run = await world.run(["-p", "hi", "--model", "openai-codex/gpt-5.6-sol"], { env });
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain("from codex");
    const request = world.mock.requests.at(-1)!;
    expect(request.path).toBe("/backend-api/codex/responses");
    // pi's default transport: the WebSocket (the vendored ws client), whose kept socket does not hold the process open
    expect(request.websocket).toBeDefined();
    expect(request.headers.authorization).toBe(`Bearer ${second.access as string}`);
    expect(request.headers["chatgpt-account-id"]).toBe("acct-mock-1");
  });

  it("signs in to GitHub Copilot with a device code, exchanges the token, lists and enables the plan's models", async () => {
    await setModelsJson({ "github-copilot": { baseUrl: auth.url } });
    const login = start(["login", "github-copilot"]);
    await login.waitFor(/GitHub Enterprise/);
    login.type("");
    await login.waitFor(/Open https:\/\/github\.com\/login\/device and enter code: WXYZ-5678/);
    const result = await login.done();
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const entry = (await authJson())["github-copilot"]!;
    expect(entry).toMatchObject({ type: "oauth", refresh: "gho_mock_github_token", access: expect.stringContaining("proxy-ep=") });
    expect(entry.availableModelIds).toEqual(["gemini-4-argon", "claude-sonnet-4"]);
    expect(auth.requests.some((request) => request.path === "/models/claude-sonnet-4/policy")).toBe(true);
    const tokenRequest = auth.requests.find((request) => request.path === "/copilot_internal/v2/token")!;
    expect(tokenRequest.headers["editor-version"]).toBe("vscode/1.107.0");

    // the next model request: Bearer Copilot token and Copilot's headers
    await setModelsJson({ "github-copilot": { baseUrl: `${world.mock.url}/v1` } });
    world.mock.enqueue({ text: "hi" });
    const run = await world.run(["-p", "hi", "--model", "github-copilot/gemini-4-argon"], { env });
    expect(run.stderr).toBe("");
    const request = world.mock.requests.at(-1)!;
    expect(request.headers.authorization).toBe(`Bearer ${entry.access as string}`);
    expect(request.headers["copilot-integration-id"]).toBe("vscode-chat");
    expect(request.headers["x-initiator"]).toBe("user");
    expect(request.headers["openai-intent"]).toBe("conversation-edits");
  });

  it("signs in to OpenRouter (PKCE to a one-off loopback path): the key it gets is stored as pi stores it and sent as Bearer", async () => {
    const login = start(["login", "openrouter"]);
    const [, url] = await login.waitFor(/Open this URL to sign in:\n {2}(\S+)/);
    const authorize = new URL(url!);
    expect(authorize.pathname).toBe("/auth");
    expect(authorize.searchParams.get("callback_url")).toMatch(/^http:\/\/localhost:\d+\/oauth\/callback\/[0-9a-f-]{36}$/);
    const callback = await auth.authorize(url!);
    expect((await fetch(callback.replace("localhost", "127.0.0.1").replace(/\/oauth\/callback\/[^?]+/, "/oauth/callback/guessed"))).status).toBe(404);
    expect((await fetch(callback.replace("localhost", "127.0.0.1"))).status).toBe(200);
    const result = await login.done();
    expect(result.stderr).toBe("");
    expect(result.stdout).toContain("Logged in to OpenRouter.");
    const entry = (await authJson()).openrouter!;
    expect(entry).toEqual({ type: "oauth", access: expect.stringMatching(/^sk-or-v1-mock-/), refresh: "", expires: Number.MAX_SAFE_INTEGER });

    await setModelsJson({ openrouter: { baseUrl: `${world.mock.url}/v1` } });
    world.mock.enqueue({ text: "from openrouter" });
    const run = await world.run(["-p", "hi", "--model", "openrouter/moonshotai/kimi-k2.7-code"], { env });
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain("from openrouter");
    expect(world.mock.requests.at(-1)!.headers.authorization).toBe(`Bearer ${entry.access as string}`);
  });

  it("pi 1.6.0's auth check finds each login pith wrote ready, with the token pith stored", async () => {
    const entries = await authJson();
    const providers = ["anthropic", "openai-codex", "github-copilot", "openrouter"];
    const checks = await piAuthChecks(providers, env);
    for (const provider of providers) {
      expect(checks[provider], provider).toEqual({ status: "ready", provider, authType: "oauth", credential: entries[provider]!.access });
    }
  });

  it("logs out: the entry is removed and the others stay", async () => {
    const result = await world.run(["logout", "openai-codex"], { env });
    expect(result.stdout).toBe("Logged out of ChatGPT Plus/Pro (Codex).\n");
    const entries = await authJson();
    expect(entries["openai-codex"]).toBeUndefined();
    expect(entries.anthropic?.type).toBe("oauth");
    expect((await world.run(["logout", "openai-codex"], { env })).stdout).toContain("No stored credentials");
  });
});
