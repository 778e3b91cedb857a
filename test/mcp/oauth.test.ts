// OAuth sign-in to a streamable HTTP server through the built CLI, against a loopback authorization server written
// with the SDK's server side: discovery, dynamic client registration, PKCE, the loopback redirect, tokens kept in
// mcp-auth.json (0600), the session's connection using them, a refresh after they expire, and sign-out.
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { OAuthFixture } from "./fixtures/oauth-server.mjs";
import { resultText, toolNames, toolResults, type McpWorld } from "./mcp-harness.js";
import { authFile as authFileOf, login as loginWith, readAuth as readStoredAuth, oauthWorlds } from "./oauth-harness.js";

const FAKE_BROWSER = fileURLToPath(new URL("./fixtures/fake-browser.mjs", import.meta.url));

const worlds = oauthWorlds();
let world: McpWorld;
let oauth: OAuthFixture;
beforeEach(() => {
  world = worlds.world();
});

const authFile = () => authFileOf(world);
const readAuth = () => readStoredAuth(world);
const login = () => loginWith(world);

describe("an HTTP server that asks for OAuth", () => {
  // Four CLI runs (print, login with the fake browser, print, mcp list) against the OAuth fixture: under a load of
  // 22 on 2 cores they took past the suite's 20 s.
  it("is reported as needing sign-in until pith mcp login signs in; the session then uses the stored tokens", { timeout: 60_000 }, async () => {
    oauth = await worlds.startFixture();
    await world.writeUserConfig({ mcpServers: { web: { url: oauth.url, exposure: "direct" } } });

    world.mock.enqueue({ text: "without it" });
    const before = await world.print(["hi"]);
    expect(before.code).toBe(0);
    expect(before.stderr).toMatch(/MCP server "web" needs sign-in: .*pith mcp login web/);
    expect(oauth.log.registrations).toBe(0);

    const { run, page } = await login();
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Signed in to MCP server "web"');
    expect(page.status).toBe(200);
    expect(page.text).toContain("Signed in");
    // dynamic registration, then one authorization with a PKCE challenge and a loopback redirect
    expect(oauth.log.registrations).toBe(1);
    expect(oauth.log.authorizations).toHaveLength(1);
    expect(oauth.log.authorizations[0]!.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(oauth.log.authorizations[0]!.codeChallenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(oauth.log.authorizations[0]!.resource).toBe(oauth.url);
    expect(oauth.log.codeExchanges).toBe(1);

    const stored = await readAuth();
    const key = `mcp__web|${oauth.url}`;
    expect(Object.keys(stored)).toEqual([key]);
    expect(stored[key]!.serverUrl).toBe(oauth.url);
    expect(stored[key]!.tokens.access_token).toMatch(/^at-/);
    expect(stored[key]!.clientInformation.client_id).toBe(oauth.log.authorizations[0]!.clientId);
    expect((await stat(authFile())).mode & 0o777).toBe(0o600);

    world.mock.enqueue({ toolCalls: [{ name: "mcp__web__add", arguments: { a: 2, b: 3 } }] }, { text: "5" });
    const after = await world.print(["add"]);
    expect(after.stderr).toBe("");
    expect(after.code).toBe(0);
    expect(toolNames(world, 1)).toContain("mcp__web__echo");
    expect(resultText(toolResults(world, 2)[0]!)).toBe("5");
    expect(oauth.authorizationsSeen).toContain(`Bearer ${stored[key]!.tokens.access_token}`);

    const listed = await world.run(["mcp", "list"]);
    expect(listed.stdout).toContain("web: connected");
  });

  // Four CLI runs (login, print, logout, mcp list) against the OAuth fixture, as above.
  it("refreshes an access token the server refuses with the stored refresh token, and sign-out deletes the credentials", { timeout: 60_000 }, async () => {
    oauth = await worlds.startFixture();
    await world.writeUserConfig({ mcpServers: { web: { url: oauth.url, exposure: "direct" } } });
    expect((await login()).run.code).toBe(0);
    const first = Object.values(await readAuth())[0]!.tokens;
    // not yet expired as far as pith knows, but the server no longer takes it: the 401 leads to the refresh
    oauth.revokeAccessTokens();

    world.mock.enqueue({ toolCalls: [{ name: "mcp__web__echo", arguments: { text: "still here" } }] }, { text: "ok" });
    const run = await world.print(["echo"]);
    expect(run.stderr).toBe("");
    expect(resultText(toolResults(world, 1)[0]!)).toBe("echo: still here");
    expect(oauth.log.refreshes).toBe(1);
    expect(oauth.log.authorizations).toHaveLength(1);
    const refreshed = Object.values(await readAuth())[0]!.tokens;
    expect(refreshed.access_token).not.toBe(first.access_token);
    expect(refreshed.refresh_token).not.toBe(first.refresh_token);

    const out = await world.run(["mcp", "logout", "web"]);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('Signed out of MCP server "web"');
    expect(await readAuth()).toEqual({});
    const listed = await world.run(["mcp", "list"]);
    expect(listed.code).toBe(1);
    expect(listed.stdout).toContain("web: needs-sign-in");
  });

  it("opens the authorization URL with the command in $BROWSER, which completes the sign-in", async () => {
    oauth = await worlds.startFixture();
    await world.writeUserConfig({ mcpServers: { web: { url: oauth.url } } });
    const browserLog = join(world.home, "browser.log");
    const run = await world.run(["mcp", "login", "web"], { env: { BROWSER: `${process.execPath} ${FAKE_BROWSER}`, FAKE_BROWSER_LOG: browserLog } });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    // the browser reads the page it ends on after the sign-in has completed, so after pith may have exited
    const opened = await vi.waitFor(async () => {
      const lines = (await readFile(browserLog, "utf8")).split("\n");
      expect(lines[1]).toBeTruthy();
      return lines;
    });
    expect(opened[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/authorize\?/);
    expect(run.stdout).toContain(opened[0]);
    expect(opened[1]).toMatch(/^200 .*Signed in/);
    expect(Object.values(await readAuth())[0]!.tokens.access_token).toMatch(/^at-/);
  });

  it("a refused authorization ends the login with the server's error and stores no tokens", async () => {
    oauth = await worlds.startFixture({ deny: true });
    await world.writeUserConfig({ mcpServers: { web: { url: oauth.url } } });
    const { run, page } = await login();
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("refused the sign-in: access_denied (the user said no)");
    expect(page.text).toContain("Sign-in refused");
    const stored = Object.values(await readAuth())[0];
    expect(stored?.tokens).toBeUndefined();
  });

  it("an unreadable mcp-auth.json is named, and login leaves it as it was", async () => {
    oauth = await worlds.startFixture();
    await world.writeUserConfig({ mcpServers: { web: { url: oauth.url } } });
    const { writeFile } = await import("node:fs/promises");
    await writeFile(authFile(), "{ not json");
    const run = await world.run(["mcp", "login", "web"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${authFile()} is not valid JSON`);
    expect(run.stderr).toMatch(/\(line 1, column \d+\)/);
    expect(await readFile(authFile(), "utf8")).toBe("{ not json");
  });
});
