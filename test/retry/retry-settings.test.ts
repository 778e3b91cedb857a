// retry.* from real settings.json files.
import { describe, expect, it } from "vitest";
import { SettingsManager } from "../../plugins/settings/index.js";
import { DEFAULT_RETRY_SETTINGS, retrySettingsFrom } from "../../plugins/retry/index.js";
import { agentDirWith, tempDir } from "./harness.js";

async function fromFile(settings: object | string | undefined) {
  const manager = await SettingsManager.load({ agentDir: agentDirWith(settings), cwd: tempDir(), env: {} });
  return { settings: retrySettingsFrom(manager.get()), warnings: manager.warnings.map((warning) => warning.message) };
}

describe("retry settings", () => {
  it("defaults: on, 3 retries, 2 s, a 60 s cap, 5 minutes of provider silence (pi's httpIdleTimeoutMs)", async () => {
    expect((await fromFile(undefined)).settings).toEqual({ enabled: true, maxRetries: 3, baseDelayMs: 2000, maxRetryDelayMs: 60_000, requestIdleTimeoutMs: 300_000 });
    expect(retrySettingsFrom(undefined)).toEqual(DEFAULT_RETRY_SETTINGS);
  });

  it("reads every key, and the older retry.maxDelayMs as the cap", async () => {
    const { settings } = await fromFile({ retry: { enabled: false, maxRetries: 5, baseDelayMs: 100, provider: { maxRetryDelayMs: 0 } } });
    expect(settings).toEqual({ enabled: false, maxRetries: 5, baseDelayMs: 100, maxRetryDelayMs: 0, requestIdleTimeoutMs: 300_000 });
    expect((await fromFile({ retry: { maxDelayMs: 9000 } })).settings.maxRetryDelayMs).toBe(9000);
    expect((await fromFile({ retry: { maxDelayMs: 9000, provider: { maxRetryDelayMs: 7000 } } })).settings.maxRetryDelayMs).toBe(7000);
  });

  it("httpIdleTimeoutMs sets the provider's idle timeout unless retry.provider.timeoutMs does; 0 and \"disabled\" turn it off", async () => {
    expect((await fromFile({ httpIdleTimeoutMs: 60_000 })).settings.requestIdleTimeoutMs).toBe(60_000);
    expect((await fromFile({ httpIdleTimeoutMs: 60_000, retry: { provider: { timeoutMs: 5000 } } })).settings.requestIdleTimeoutMs).toBe(5000);
    expect((await fromFile({ httpIdleTimeoutMs: "disabled" })).settings.requestIdleTimeoutMs).toBeUndefined();
    expect((await fromFile({ httpIdleTimeoutMs: 0 })).settings.requestIdleTimeoutMs).toBeUndefined();
  });

  it("falls back to the default for a bad value, with the settings warning naming it", async () => {
    const { settings, warnings } = await fromFile({ retry: { maxRetries: -2, baseDelayMs: "soon" } });
    expect(settings.maxRetries).toBe(3);
    expect(settings.baseDelayMs).toBe(2000);
    expect(warnings.join("\n")).toContain("retry.maxRetries");
  });

  it("survives a settings.json that is not JSON", async () => {
    const { settings, warnings } = await fromFile("{ retry: ");
    expect(settings).toEqual(DEFAULT_RETRY_SETTINGS);
    expect(warnings).toHaveLength(1);
  });

  it("lets plugin options override the file", () => {
    expect(retrySettingsFrom({ retry: { enabled: true, maxRetries: 3, baseDelayMs: 2000, maxAgentDelayMs: 60000, provider: { maxRetries: 0, maxRetryDelayMs: 1 } } }, { baseDelayMs: 1 }))
      .toMatchObject({ baseDelayMs: 1, maxRetryDelayMs: 1 });
  });
});
