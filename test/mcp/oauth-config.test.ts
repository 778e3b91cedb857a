// The `oauth` fields of an HTTP entry as pi 1.6.0 checks them, and the loopback redirect they lead to (in-process:
// the sign-ins through the CLI are in oauth-options.test.ts).
import { describe, expect, it } from "vitest";
import { validateServerEntry } from "../../plugins/mcp/config.js";
import { listenForCallback } from "../../plugins/mcp/oauth-callback.js";

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
    const port = new URL(probe.redirectUrl).port;
    await probe.close();
    const callback = await listenForCallback({ state: "s", callbackUrl: `http://localhost:${port}/cb` });
    try {
      expect(callback.redirectUrl).toBe(`http://localhost:${port}/cb`);
      const answer = await fetch(`http://127.0.0.1:${port}/cb?state=s&code=the-code`);
      expect(answer.status).toBe(200);
      expect(await callback.code()).toBe("the-code");
    } finally {
      await callback.close();
    }
  });
});
