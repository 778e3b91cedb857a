// What the OAuth tests share: the stored mcp-auth.json, and `pith mcp login` approved by a "browser" that fetches
// the authorization URL the command prints (the fixture's authorization server approves at once).
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { ChildProcess } from "node:child_process";
import { afterEach, beforeEach } from "vitest";
import { startOAuthFixture, type OAuthFixture } from "./fixtures/oauth-server.mjs";
import { createMcpWorld, type McpWorld } from "./mcp-harness.js";

export interface StoredSignIn {
  serverUrl: string;
  tokens: { access_token: string; refresh_token: string; scope?: string; issuer?: string };
  clientInformation: { client_id: string; client_secret?: string; client_name?: string };
  tokensExpireAt: number;
}

export const authFile = (world: McpWorld) => join(world.agentDir, "mcp-auth.json");
export const readAuth = async (world: McpWorld) => JSON.parse(await readFile(authFile(world), "utf8")) as Record<string, StoredSignIn>;

/** The authorization URL the child prints, once it has printed it. */
export function printedUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve) => {
    let seen = "";
    child.stdout!.on("data", (chunk: Buffer | string) => {
      seen += String(chunk);
      const match = /^\s+(http:\/\/127\.0\.0\.1:\d+\/authorize\S+)$/m.exec(seen);
      if (match) resolve(match[1]!);
    });
  });
}

/** `pith mcp login <server>`, approving in a "browser" that fetches the printed URL; the browser's final page too. */
export async function login(world: McpWorld, server = "web"): Promise<{ run: Awaited<ReturnType<McpWorld["run"]>>; page: { status: number; text: string }; url: URL }> {
  let page: Promise<{ status: number; text: string; url: URL }> | undefined;
  const run = await world.run(["mcp", "login", server], {
    onSpawn: (child) => {
      page = printedUrl(child).then(async (url) => {
        const response = await fetch(url);
        return { status: response.status, text: await response.text(), url: new URL(url) };
      });
    },
  });
  const { url, ...shown } = await page!;
  return { run, page: shown, url };
}

/** A fresh CLI world per test, and the OAuth fixture the test starts, closed after it. */
export function oauthWorlds(): { world(): McpWorld; startFixture(options?: Parameters<typeof startOAuthFixture>[0]): Promise<OAuthFixture> } {
  let world: McpWorld | undefined;
  let fixture: OAuthFixture | undefined;
  beforeEach(async () => {
    world = await createMcpWorld();
  });
  afterEach(async () => {
    await fixture?.close();
    fixture = undefined;
    await world?.close();
  });
  return {
    world: () => world!,
    startFixture: async (options) => (fixture = await startOAuthFixture(options)),
  };
}
