// The `oauth` options of an HTTP server entry, each through `pith mcp login` against the loopback authorization
// server: a client registered beforehand (clientId, clientSecret from the environment, callbackPort), callbackUrl,
// scope, clientName, clientRegistration auto|dcr|cimd, authServerMetadataUrl, and the pasted redirect URL of a
// browser that cannot reach the loopback address.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { beforeEach, expect, it } from "vitest";
import { PITH_BIN } from "../cli/cli-harness.js";
import type { OAuthFixture } from "./fixtures/oauth-server.mjs";
import type { McpWorld } from "./mcp-harness.js";
import { login, oauthWorlds, printedUrl, readAuth } from "./oauth-harness.js";

const worlds = oauthWorlds();
let world: McpWorld;
let oauth: OAuthFixture;
beforeEach(() => {
  world = worlds.world();
});

/** a loopback port nobody listens on now */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const stored = async () => (await readAuth(world))[`mcp__web|${oauth.url}`]!;

it("a client registered beforehand: no registration, its fixed redirect port, its secret from the environment at every token request", async () => {
  const port = await freePort();
  oauth = await worlds.startFixture({ staticClient: { client_id: "registered-client", client_secret: "s3cret", redirect_uris: [`http://127.0.0.1:${port}/callback`] } });
  await world.writeUserConfig({ mcpServers: { web: { url: oauth.url, oauth: { clientId: "registered-client", clientSecret: "${WEB_SECRET}", callbackPort: port } } } });
  world.env.WEB_SECRET = "s3cret";

  const { run } = await login(world);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  expect(oauth.log.registrations).toBe(0);
  expect(oauth.log.authorizations).toEqual([expect.objectContaining({ clientId: "registered-client", redirectUri: `http://127.0.0.1:${port}/callback` })]);
  // the code exchange passed the server's client authentication, so the secret was sent; it is not stored
  expect(oauth.log.codeExchanges).toBe(1);
  const signIn = await stored();
  expect(signIn.tokens.access_token).toMatch(/^at-/);
  expect(JSON.stringify(signIn)).not.toContain("s3cret");

  // a refresh authenticates with the secret too
  oauth.revokeAccessTokens();
  const listed = await world.run(["mcp", "list"]);
  expect(listed.stdout).toContain("web: connected");
  expect(oauth.log.refreshes).toBe(1);
});

it("callbackUrl keeps its path and gets a free port; scope is asked for at registration and authorization; auto registers even where client metadata documents are supported", async () => {
  oauth = await worlds.startFixture({ clientIdMetadataDocuments: true });
  await world.writeUserConfig({ mcpServers: { web: { url: oauth.url, oauth: { callbackUrl: "http://127.0.0.1/oauth/done", scope: "tools extra", clientRegistration: "auto" } } } });
  const { run } = await login(world);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  const [authorization] = oauth.log.authorizations;
  expect(authorization!.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*\/oauth\/done$/);
  expect(authorization!.scopes).toEqual(["tools", "extra"]);
  expect(oauth.log.registered).toEqual([{ clientName: "pith", redirectUris: [authorization!.redirectUri], scope: "tools extra" }]);
  expect((await stored()).clientInformation.client_id).toBe(authorization!.clientId);
});

it("authServerMetadataUrl replaces the authorization server a server advertises wrongly; dcr registers under clientName; cimd is refused", async () => {
  oauth = await worlds.startFixture({ wrongAuthorizationServer: true });
  await world.writeUserConfig({ mcpServers: { web: { url: oauth.url } } });
  const wrong = await world.run(["mcp", "login", "web"]);
  expect(wrong.code).toBe(1);
  expect(wrong.stderr).toMatch(/Sign-in to MCP server "web" failed: fetch failed \(connect ECONNREFUSED 127\.0\.0\.1:2\); .*oauth\.authServerMetadataUrl/);
  expect(oauth.log.registrations).toBe(0);

  await world.writeUserConfig({ mcpServers: { web: { url: oauth.url, oauth: { authServerMetadataUrl: oauth.metadataUrl, clientRegistration: "dcr", clientName: "Claude Code" } } } });
  const { run } = await login(world);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  expect(oauth.log.registered.map((client) => client.clientName)).toEqual(["Claude Code"]);
  // the tokens come from the authorization server the configured metadata names
  expect((await stored()).tokens).toMatchObject({ access_token: expect.stringMatching(/^at-/), issuer: `${new URL(oauth.metadataUrl).origin}/` });

  await world.writeUserConfig({ mcpServers: { web: { url: oauth.url, oauth: { clientRegistration: "cimd" } } } });
  const cimd = await world.run(["mcp", "login", "web"]);
  expect(cimd.code).toBe(1);
  expect(cimd.stderr).toContain('oauth.clientRegistration "cimd" needs a Client ID Metadata Document, which pith does not publish');
});

it("a browser that cannot reach the loopback address: the URL it ended on, pasted into pith mcp login, completes the sign-in", async () => {
  oauth = await worlds.startFixture();
  await world.writeUserConfig({ mcpServers: { web: { url: oauth.url } } });
  const child = spawn(process.execPath, [PITH_BIN, "mcp", "login", "web"], { cwd: world.project, env: world.env, stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += String(chunk)));
  child.stderr.on("data", (chunk: Buffer) => (stderr += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  // the "browser" is sent to the redirect URI but does not follow: it lands on a page it cannot open
  const authorize = await fetch(await printedUrl(child), { redirect: "manual" });
  const landedOn = authorize.headers.get("location")!;
  expect(landedOn).toMatch(/\/callback\?.*\bcode=/);
  child.stdin.write("not a url\n");
  child.stdin.write(`${landedOn}\n`);
  expect(await exited).toBe(0);
  expect(stderr).toBe("");
  expect(stdout).toContain("paste the URL it ends on here");
  expect(stdout).toContain("That is not the URL of an authorization response");
  expect(stdout).toContain('Signed in to MCP server "web"');
  expect((await stored()).tokens.access_token).toMatch(/^at-/);
});
