// The `oauth` fields of an HTTP entry as pi 1.6.0 checks them, the loopback redirect they lead to, and legacy
// entries of mcp-auth.json (in-process:
// the sign-ins through the CLI are in oauth-options.test.ts).
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { validateServerEntry } from "../../plugins/mcp/config/config.js";
import { listenForCallback } from "../../plugins/mcp/oauth/oauth-callback.js";
import { McpAuthStore } from "../../plugins/mcp/oauth/oauth-store.js";

const errorOf = (oauth: Record<string, unknown>) => {
  const result = validateServerEntry("web", { url: "https://mcp.example.com/mcp", oauth });
  return result.ok ? undefined : result.error;
};

describe("oauth settings", () => {
  it("are refused where pi refuses them, naming the field", () => {
    expect(errorOf({ clientRegistration: "cimd", clientId: "mine" })).toMatch(/oauth\.clientRegistration.*"cimd" cannot be combined with oauth\.clientId or oauth\.clientName/);
    expect(errorOf({ clientRegistration: "cimd", clientName: "Claude Code" })).toMatch(/"cimd" cannot be combined/);
    expect(errorOf({ clientRegistration: "sometimes" })).toMatch(/oauth\.clientRegistration.*auto, dcr or cimd/);
    expect(errorOf({ callbackUrl: "http://127.0.0.1:8000/callback", callbackPort: 9000 })).toMatch(/oauth\.callbackUrl.*another port than oauth\.callbackPort/);
    expect(errorOf({ callbackUrl: "http://127.0.0.1/callback?x=1" })).toMatch(/oauth\.callbackUrl.*without query or fragment/);
    expect(errorOf({ callbackUrl: "https://example.com/callback" })).toMatch(/oauth\.callbackUrl/);
    expect(errorOf({ clientName: " " })).toMatch(/oauth\.clientName.*non-empty/);
    expect(errorOf({ authServerMetadataUrl: "http://auth.example.com/.well-known/openid-configuration" })).toMatch(/oauth\.authServerMetadataUrl/);
    expect(errorOf({ callbackUrl: "http://localhost:8000/cb", callbackPort: 8000, clientRegistration: "dcr", authServerMetadataUrl: "http://127.0.0.1:1/m" })).toBeUndefined();
  });

  it("a callbackUrl with a port is the redirect URI exactly as written, served on 127.0.0.1 also for localhost", async () => {
    const probe = await listenForCallback({ state: "s" });
    const port = new URL(probe.redirectUri).port;
    await probe.close();
    const callback = await listenForCallback({ state: "s", callbackUrl: `http://localhost:${port}/cb` });
    try {
      expect(callback.redirectUri).toBe(`http://localhost:${port}/cb`);
      const answer = await fetch(`http://127.0.0.1:${port}/cb?state=s&code=the-code`);
      expect(answer.status).toBe(200);
      expect(await callback.code).toBe("the-code");
    } finally {
      await callback.close();
    }
  });
});

describe("mcp-auth.json", () => {
  it("a sign-in older pi versions kept under the URL alone is taken over by the first server of that URL, as pi does", async () => {
    const folder = await mkdtemp(join(tmpdir(), "pith-mcp-auth-"));
    try {
      const file = join(folder, "mcp-auth.json");
      const url = "https://mcp.example.com/mcp";
      const legacy = { serverUrl: url, tokens: { access_token: "old-at", token_type: "bearer" } };
      await writeFile(file, JSON.stringify({ [url]: legacy, other: { serverUrl: "https://x.example/" } }));
      const store = new McpAuthStore(file);
      expect(await store.load("docs", url)).toEqual(legacy);
      expect(JSON.parse(await readFile(file, "utf8"))).toEqual({ "mcp__docs|https://mcp.example.com/mcp": legacy, other: { serverUrl: "https://x.example/" } });
      // a second server of the same URL signs in on its own
      expect(await store.load("docs-work", url)).toBeUndefined();
      expect(await store.remove("docs", url)).toBe(true);
      expect(JSON.parse(await readFile(file, "utf8"))).toEqual({ other: { serverUrl: "https://x.example/" } });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
