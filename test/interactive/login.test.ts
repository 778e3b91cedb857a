// /login and /logout in a real terminal against the loopback mock authorization server: the selectors, the
// dialog's URL, device code and pasted answer, Escape cancelling, auth.json afterwards, and the headers of the
// next model request made on the login. The "browser" is the BROWSER command, which writes the URL to a file the
// test reads and then plays the browser itself (test/support/mock-oauth-server.ts).
import { readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startMockDeviceOAuthServer } from "../support/mock-oauth-device-server.js";
import { startMockOAuthServer, type MockOAuthServer } from "../support/mock-oauth-server.js";
import { usePtyWorld, type PtyRun } from "./pty-harness.js";

const ui = usePtyWorld();
let auth: MockOAuthServer;

beforeAll(async () => {
  auth = await startMockOAuthServer();
});
afterAll(() => auth.close());

/** env for the run: sign-ins go to the mock server, and "opening the browser" appends the URL to a file */
function loginEnv(): NodeJS.ProcessEnv {
  const world = ui.world();
  return {
    PITH_OAUTH_ANTHROPIC_URL: auth.url,
    PITH_OAUTH_OPENAI_URL: auth.url,
    PITH_OAUTH_GITHUB_URL: auth.url,
    BROWSER: `echo >> ${join(world.home, "opened-urls")}`,
  };
}

async function openedUrls(): Promise<string[]> {
  const text = await readFile(join(ui.world().home, "opened-urls"), "utf8").catch(() => "");
  return text.split("\n").filter(Boolean);
}

async function nextOpenedUrl(before: number): Promise<string> {
  for (;;) {
    const urls = await openedUrls();
    if (urls.length > before) return urls[before]!;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const authJson = async () => JSON.parse(await readFile(join(ui.world().agentDir, "auth.json"), "utf8")) as Record<string, Record<string, unknown>>;

/** the world's mock provider plus the subscription providers moved onto the mock servers */
async function addProviders(): Promise<void> {
  const world = ui.world();
  const path = join(world.agentDir, "models.json");
  const config = JSON.parse(await readFile(path, "utf8")) as { providers: Record<string, unknown> };
  config.providers.anthropic = { baseUrl: world.mock.url };
  config.providers["github-copilot"] = { baseUrl: auth.url };
  await writeFile(path, JSON.stringify(config));
}

const flat = (run: PtyRun) => run.screen().join("\n");

it("/login: method, provider and browser sign-in to Claude in the dialog; the next request carries the login", async () => {
  await addProviders();
  const run = await ui.start([], { env: loginEnv(), cols: 180 });
  run.type("/login\r");
  await run.waitForText("Select authentication method:");
  expect(flat(run)).toContain("Sign in with an account");
  expect(flat(run)).toContain("Sign in with an API key");
  run.type("\r");
  await run.waitForText("Select provider to configure:");
  expect(flat(run)).toMatch(/Anthropic \(Claude Pro\/Max\) • not configured/);
  expect(flat(run)).toMatch(/GitHub Copilot • not configured/);
  run.type("claude");
  await run.waitFor((screen) => !screen.includes("GitHub Copilot"));
  run.type("\r");
  await run.waitForText("Login to Anthropic (Claude Pro/Max)");
  await run.waitForText("Browser login (default)");
  run.type("\r");
  const url = await nextOpenedUrl(0);
  expect(new URL(url).origin).toBe(auth.url);
  await run.waitForText("Finish in the browser, or paste the authorization code");
  expect(flat(run).replace(/\s+/g, "")).toContain(url.slice(0, 120));

  const callback = await auth.authorize(url);
  expect((await fetch(callback.replace("localhost", "127.0.0.1"))).status).toBe(200);
  await run.waitForText("Logged in to Anthropic (Claude Pro/Max). Credentials saved to");
  expect(flat(run)).not.toContain("Login to Anthropic");
  const entry = (await authJson()).anthropic!;
  expect(entry).toMatchObject({ type: "oauth", access: expect.stringMatching(/^sk-ant-oat01-/), refresh: expect.stringMatching(/^ant-refresh-/) });
  expect((await stat(join(ui.world().agentDir, "auth.json"))).mode & 0o777).toBe(0o600);

  // the list now says so, and a Claude model runs on the login
  run.type("/login\r");
  await run.waitForText("Select authentication method:");
  run.type("\r");
  await run.waitForText("Select provider to configure:");
  expect(flat(run)).toMatch(/Anthropic \(Claude Pro\/Max\) ✓ configured/);
  run.type("\x1b");
  await run.waitForText("Select authentication method:");
  run.type("\x1b");
  await run.waitFor((screen) => !screen.includes("Select authentication method:"));

  ui.world().mock.enqueue({ text: "Hello from the subscription." });
  run.type("/model anthropic/claude-sonnet-5\r");
  await run.waitForText("Model: claude-sonnet-5");
  run.type("hi\r");
  await run.waitForText("Hello from the subscription.");
  const request = ui.world().mock.requests.at(-1)!;
  expect(request.headers.authorization).toBe(`Bearer ${entry.access as string}`);
  expect(request.headers["x-api-key"]).toBeUndefined();
  expect(request.headers["anthropic-beta"]).toMatch(/^claude-code-20250219,oauth-2025-04-20/);
  expect(request.headers["user-agent"]).toMatch(/^claude-cli\//);
});

it("/login: a pasted redirect URL (ChatGPT), a device code (Copilot), Escape cancels; /logout removes one login", async () => {
  await addProviders();
  const run = await ui.start([], { env: loginEnv(), cols: 180 });

  // ChatGPT: the browser's answer pasted into the dialog
  run.type("/login openai-codex\r");
  await run.waitForText("Login to ChatGPT Plus/Pro (Codex)");
  await run.waitForText("Device code login (headless)");
  run.type("\r");
  const codexUrl = await nextOpenedUrl(0);
  await run.waitFor((screen) => /paste the (authorization code or the )?URL/.test(screen));
  run.type(`${await auth.authorize(codexUrl)}\r`);
  await run.waitForText("Logged in to ChatGPT Plus/Pro (Codex). Credentials saved to");
  expect((await authJson())["openai-codex"]).toMatchObject({ type: "oauth", accountId: "acct-mock-1" });

  // Copilot: the enterprise question, then the device code with its user code
  run.type("/login github-copilot\r");
  await run.waitForText("GitHub Enterprise URL or domain");
  run.type("\r");
  await run.waitForText("Enter code: WXYZ-5678");
  expect(flat(run)).toContain("https://github.com/login/device");
  await run.waitForText("Logged in to GitHub Copilot. Credentials saved to");
  expect((await authJson())["github-copilot"]).toMatchObject({ type: "oauth", refresh: "gho_mock_github_token" });

  // Escape in the middle of a sign-in: nothing is saved and the loopback server is gone
  const opened = (await openedUrls()).length;
  run.type("/login anthropic\r");
  await run.waitForText("Select authentication method for Anthropic:");
  run.type("\r");
  await run.waitForText("Browser login (default)");
  run.type("\r");
  const redirect = new URL(new URL(await nextOpenedUrl(opened)).searchParams.get("redirect_uri")!);
  await run.waitForText("Finish in the browser");
  run.type("\x1b");
  // back to the step before, as pi does; escape again closes it
  await run.waitFor((screen) => !screen.includes("Login to Anthropic") && screen.includes("Select authentication method for Anthropic:"));
  await expect(fetch(`http://127.0.0.1:${redirect.port}/callback?code=x&state=y`)).rejects.toThrow();
  expect((await authJson()).anthropic).toBeUndefined();
  run.type("\x1b");
  await run.waitFor((screen) => !screen.includes("Select authentication method"));
  ui.world().mock.enqueue({ text: "the editor has the keys again" });
  run.type("typed after\r");
  await run.waitForText("the editor has the keys again");

  // /logout: the stored logins, one removed
  run.type("/logout\r");
  await run.waitForText("Select provider to logout:");
  expect(flat(run)).toContain("ChatGPT Plus/Pro (Codex) [subscription]");
  run.type("copilot\r");
  await run.waitForText("Logged out of GitHub Copilot");
  const entries = await authJson();
  expect(entries["github-copilot"]).toBeUndefined();
  expect(entries["openai-codex"]?.type).toBe("oauth");
});

it("/login radius: the device code sign-in, then the offer to point the Radius MCP server at the login (No, then Yes, then not asked)", async () => {
  const gateway = await startMockDeviceOAuthServer();
  try {
    // a server the user already has at Radius's MCP URL, kept off so the run never reaches radius.pi.dev
    const mcpFile = join(ui.world().agentDir, "mcp.json");
    const before = { mcpServers: { gateway: { url: "https://radius.pi.dev/mcp", enabled: false, oauth: { clientName: "mine" } } } };
    await writeFile(mcpFile, JSON.stringify(before, null, 2));
    const run = await ui.start([], { env: { ...loginEnv(), PITH_OAUTH_RADIUS_URL: gateway.url }, cols: 180 });
    /** one sign-in with a device code, done once auth.json holds a new token */
    const signIn = async () => {
      const previous = (await authJson().catch(() => ({}) as Record<string, Record<string, unknown>>)).radius?.access;
      run.type("/login radius\r");
      await run.waitForText("Select authentication method for Radius:");
      run.type("\r");
      await run.waitForText("Sign in with device code");
      run.type("\x1b[B\r");
      for (;;) {
        const access = (await authJson().catch(() => ({}) as Record<string, Record<string, unknown>>)).radius?.access;
        if (access !== undefined && access !== previous) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    await signIn();
    await run.waitForText(`Configure Radius MCP in ${mcpFile}?`);
    run.type("\x1b[B\r"); // No
    await run.waitFor((screen) => !screen.includes("Configure Radius MCP"));
    expect(JSON.parse(await readFile(mcpFile, "utf8"))).toEqual(before);
    expect((await authJson()).radius).toMatchObject({ type: "oauth", access: expect.stringMatching(/^radius-access-/) });

    await signIn();
    await run.waitForText(`Configure Radius MCP in ${mcpFile}?`);
    run.type("\r"); // Yes
    await run.waitForText(`Updated MCP server "gateway" in ${mcpFile} to use the Radius login.`);
    // the reload redrew the chat from the session (as pi's does), so the notices of the sign-ins are gone
    expect(flat(run)).not.toContain("Logged in to Radius");
    // the server keeps its name and settings; the login replaces its own sign-in
    expect(JSON.parse(await readFile(mcpFile, "utf8"))).toEqual({ mcpServers: { gateway: { url: "https://radius.pi.dev/mcp", enabled: false, auth: { provider: "radius" } } } });

    // once the server uses the login, a sign-in asks nothing: the editor takes the next prompt at once
    await signIn();
    await run.waitFor((screen) => !screen.includes("Login to Radius"));
    ui.world().mock.enqueue({ text: "nothing was asked" });
    run.type("after the third login\r");
    await run.waitForText("nothing was asked");
    expect(flat(run)).not.toContain("Configure Radius MCP");
  } finally {
    await gateway.close();
  }
});

// pi 1.6.0's dialog replaces the key's input with the key as submitted ("> <key>"), as it does for every answer;
// pith drew "••••" in its place.
it("/login with an API key: the submitted key stays in the dialog as typed, as pi 1.6.0 shows it", async () => {
  const run = await ui.start([], { cols: 160 });
  run.type("/login\r");
  await run.waitForText("Select authentication method:");
  run.type("\x1b[B\r");
  await run.waitForText("Select provider to configure:");
  run.type("openai");
  await run.waitForText("OpenAI");
  run.type("\r");
  await run.waitForText("Enter API key");
  // pi's words: no colon, and the providers whose login names the key say which (below)
  expect(run.screen().join("\n")).not.toContain("Enter API key:");
  run.type("sk-typed-key-123\r");
  await run.waitForText("Saved API key for");
  expect(run.output).toContain("> sk-typed-key-123");
  expect(run.output).not.toContain("••••");
  expect((await authJson()).openai).toEqual({ type: "api_key", key: "sk-typed-key-123" });
});

it("/login with an Anthropic key asks for it by name, as pi 1.6.0 does", async () => {
  const run = await ui.start([], { cols: 160 });
  run.type("/login\r");
  await run.waitForText("Select authentication method:");
  run.type("\x1b[B\r");
  await run.waitForText("Select provider to configure:");
  run.type("anthropic");
  await run.waitForText("Anthropic");
  run.type("\r");
  await run.waitForText("Enter Anthropic API key");
  run.type("sk-ant-typed\r");
  await run.waitForText("Saved API key for");
  expect((await authJson()).anthropic).toEqual({ type: "api_key", key: "sk-ant-typed" });
});
