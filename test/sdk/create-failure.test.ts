import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAgentSession } from "../../sdk/index.js";
import { JsonlSessionStore, SessionManager } from "../../plugins/sessions/index.js";

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), "pith-create-fail-"));
  await mkdir(join(home, "agent"), { recursive: true });
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

describe("createAgentSession failing after boot", () => {
  it("releases the session file it opened when the model cannot be resolved", async () => {
    const agentDir = join(home, "agent");
    const manager = SessionManager.create(new JsonlSessionStore({ agentDir }), home);
    manager.appendMessage({ role: "user", content: "hi", timestamp: 1 });
    manager.appendMessage({
      role: "assistant",
      content: [{ type: "text", text: "hello" }],
      api: "anthropic-messages",
      provider: "anthropic",
      model: "x",
      usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
      stopReason: "stop",
      timestamp: 2,
    });
    const file = manager.getSessionFile()!;
    manager.close();

    await expect(createAgentSession({ cwd: home, agentDir, session: file, model: "no-such-model-anywhere" })).rejects.toMatchObject({ code: "MODEL_NOT_FOUND" });
    expect(existsSync(`${file}.lock`)).toBe(false);
    // The file can be opened again at once: nothing holds it.
    const reopened = SessionManager.open(new JsonlSessionStore({ agentDir }), file);
    expect(reopened.getEntries().length).toBeGreaterThan(0);
    reopened.close();
  });
});
