// The plugin inside a real kernel: what a session does ends up in the store, and what the store holds comes back.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { boot, messageText, type Model, type PithPlugin, type ProviderApi } from "../../kernel/index.js";
import { AssistantMessageBuilder } from "../../lib/provider-kit/index.js";
import { MemorySessionStore, sessionsPlugin, type SessionsPluginOptions, type SessionsService } from "../../plugins/sessions/index.js";
import { tempDir } from "./helpers.js";

const model: Model = {
  id: "echo-1",
  name: "Echo",
  api: "echo",
  provider: "echo-provider",
  baseUrl: "",
  reasoning: true,
  input: ["text"],
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
  contextWindow: 10_000,
  maxTokens: 1000,
};

/** Answers every prompt with "echo: <last user text>". */
const echoPlugin: PithPlugin = {
  name: "echo",
  setup(context) {
    const provider: ProviderApi = {
      api: "echo",
      async *stream(request) {
        const builder = new AssistantMessageBuilder(request.model);
        yield builder.start();
        const { index, event } = builder.textStart();
        yield event;
        const last = request.messages.at(-1)!;
        const text = messageText(last);
        yield builder.textDelta(index, `echo: ${text}`);
        yield builder.textEnd(index);
        yield builder.done("stop");
      },
    };
    context.registerProvider(provider);
  },
};

/** Boots a kernel with the plugin; the "sessions" service is reached the way any other plugin reaches it. */
async function start(options: SessionsPluginOptions) {
  let service: SessionsService | undefined;
  const user: PithPlugin = { name: "service-user", setup: (context) => void (service = context.use("sessions")) };
  const { session } = await boot({ cwd: "/project", plugins: [sessionsPlugin(options), echoPlugin, user], log: silent });
  return Object.assign(session, { sessions: service! });
}

const silent = { debug() {}, info() {}, warn() {}, error() {} };

function lines(file: string): Record<string, unknown>[] {
  return readFileSync(file, "utf8").trimEnd().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("sessionsPlugin", () => {
  it("stores model and thinking changes and every finished message; the kernel's session id is the session's", async () => {
    const agentDir = tempDir();
    const session = await start({ agentDir });
    const sessions = session.sessions;
    await session.setModel(model);
    await session.setThinkingLevel("high");
    await session.prompt("hello");
    await session.appendMessage({ role: "custom", customType: "note", content: "from a plugin", display: true, timestamp: 5 });
    const file = sessions.manager.getSessionFile()!;
    expect(session.sessionId).toBe(sessions.manager.getSessionId());
    const stored = lines(file);
    expect(stored.map((line) => line.type)).toEqual(["session", "model_change", "thinking_level_change", "message", "message", "custom_message"]);
    expect(stored[1]).toMatchObject({ provider: "echo-provider", modelId: "echo-1" });
    expect(stored[2]).toMatchObject({ thinkingLevel: "high" });
    expect(stored[4]).toMatchObject({ message: { role: "assistant", content: [{ type: "text", text: "echo: hello" }] } });
    expect(stored[5]).toMatchObject({ customType: "note", content: "from a plugin", display: true });
    await session.dispose();
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it("resumes a stored session: its context becomes the conversation", async () => {
    const agentDir = tempDir();
    const first = await start({ agentDir });
    await first.setModel(model);
    await first.prompt("remember this");
    const file = first.sessions.manager.getSessionFile()!;
    await first.dispose();

    const resumed = await start({ agentDir, start: { kind: "open", location: file } });
    expect(resumed.messages.map((m) => (m as { role: string }).role)).toEqual(["user", "assistant"]);
    expect(resumed.sessions.manager.getSessionFile()).toBe(file);
    resumed.replaceMessages([]);
    resumed.sessions.resume(file); // the session already open: no clash with its own lock
    expect(resumed.messages).toHaveLength(2);
    await resumed.dispose();

    const continued = await start({ agentDir, start: { kind: "continue" } });
    expect(continued.sessions.manager.getSessionFile()).toBe(file);
    await continued.dispose();
  });

  it("installs the context of a fork and of tree navigation", async () => {
    const session = await start({ store: new MemorySessionStore() });
    await session.setModel(model);
    await session.prompt("one");
    await session.prompt("two");
    const sessions = session.sessions;
    const secondUser = sessions.manager.getEntries().filter((e) => e.type === "message" && e.message.role === "user")[1]!;
    sessions.navigate(secondUser.parentId);
    expect(session.messages).toHaveLength(2);
    const result = sessions.fork(secondUser.id, "before");
    expect(result.selectedText).toBe("two");
    expect(session.messages).toHaveLength(2);
    expect(session.sessionId).toBe(sessions.manager.getSessionId());
    await session.dispose();
  });

  it("with noSession writes no file at all", async () => {
    const agentDir = tempDir();
    const session = await start({ agentDir, noSession: true });
    await session.setModel(model);
    await session.prompt("ephemeral");
    expect(session.sessions.manager.getSessionFile()).toBeUndefined();
    expect(session.sessions.manager.getEntries()).toHaveLength(3);
    expect(readdirSync(agentDir)).toEqual([]);
    await session.dispose();
  });
});
