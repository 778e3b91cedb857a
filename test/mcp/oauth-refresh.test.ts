// Refreshing a signed-in MCP server's tokens, across processes. The fixture's authorization server rotates refresh
// tokens (each works once) and holds a refresh until a second one arrives, so two processes refreshing with the
// same refresh token would meet there and one of them lose the grant. pith refreshes shortly before the access
// token expires, under pi's per-server refresh lock (`mcp-auth-refresh-<hash>.lock` in the agent folder): one
// process refreshes, the other waits for the lock and takes the new tokens from mcp-auth.json.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeEach, expect, it } from "vitest";
import type { OAuthFixture } from "./fixtures/oauth-server.mjs";
import type { McpWorld } from "./mcp-harness.js";
import { authFile, login, readAuth, oauthWorlds } from "./oauth-harness.js";

const worlds = oauthWorlds();
let world: McpWorld;
let oauth: OAuthFixture;
beforeEach(() => {
  world = worlds.world();
});

it("two processes whose access token is about to expire refresh it once, under pi's refresh lock", async () => {
  oauth = await worlds.startFixture({ holdRefreshes: 2, holdMs: 2000 });
  await world.writeUserConfig({ mcpServers: { web: { url: oauth.url } } });
  expect((await login(world)).run.code).toBe(0);
  const key = `mcp__web|${oauth.url}`;
  const stored = await readAuth(world);
  const before = stored[key]!.tokens;
  // 10 s left: inside the refresh margin, so each process refreshes before its first request
  stored[key]!.tokensExpireAt = Date.now() + 10_000;
  await writeFile(authFile(world), JSON.stringify(stored));

  // pi's lock: proper-lockfile's folder beside mcp-auth.json, named by the server's key
  const lock = join(world.agentDir, `mcp-auth-refresh-${createHash("sha256").update(key).digest("hex").slice(0, 16)}.lock`);
  let lockSeen = false;
  const watch = setInterval(() => (lockSeen ||= existsSync(lock)), 20);
  const [first, second] = await Promise.all([world.run(["mcp", "list"]), world.run(["mcp", "list"])]).finally(() => clearInterval(watch));

  for (const run of [first, second]) {
    expect(run.stdout).toContain("web: connected");
    expect(run.code).toBe(0);
  }
  expect(lockSeen).toBe(true);
  expect(existsSync(lock)).toBe(false);
  expect(oauth.log.refreshes).toBe(1);
  expect(oauth.log.refusedRefreshes).toBe(0);
  const after = (await readAuth(world))[key]!;
  expect(after.tokens.access_token).not.toBe(before.access_token);
  expect(oauth.isLiveRefreshToken(after.tokens.refresh_token)).toBe(true);
  expect(after.tokensExpireAt).toBeGreaterThan(Date.now() + 60_000);
  // the one refresh sent the token the sign-in got; the requests after it carry the new access token
  expect(oauth.authorizationsSeen.filter((header) => header === `Bearer ${after.tokens.access_token}`).length).toBeGreaterThanOrEqual(2);
});
