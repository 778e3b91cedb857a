// A Claude Pro/Max token (`sk-ant-oat…`, from pi's auth.json or ANTHROPIC_OAUTH_TOKEN) goes out the way the
// Anthropic API requires for it: Bearer auth, Claude Code's headers and betas, its identity first in the system
// prompt, Claude Code's tool casing (and the request's names back on receipt).
import { describe, expect, it } from "vitest";
import { ModelRegistry } from "../../plugins/models/index.js";
import { streamAnthropic } from "../../plugins/provider-anthropic/index.js";
import { agentDir } from "../models/fixtures.js";
import type { MockLlm } from "../support/mock-llm/index.js";
import { assistant, collect, finalMessage, READ_TOOL, streamRequest, testModel, toolResult, user } from "./support/models.js";
import { useSharedMock } from "./support/request-bodies.js";

let mock: MockLlm;
useSharedMock((started) => (mock = started));

const TOKEN = "sk-ant-oat01-subscription-token";

describe("anthropic-messages with a subscription token", () => {
  it("sends Bearer auth, Claude Code's headers, betas and identity, and tool names in its casing", async () => {
    mock.enqueue({ toolCalls: [{ id: "toolu_1", name: "Read", arguments: { path: "a.ts" } }] });
    const model = testModel("anthropic-messages", mock.url);
    const history = [
      user("first"),
      assistant(model, [{ type: "toolCall", id: "toolu_0", name: "read", arguments: { path: "b.ts" } }]),
      toolResult("toolu_0", "read", [{ type: "text", text: "b" }]),
      user("go on"),
    ];
    const events = await collect(streamAnthropic(streamRequest(model, { apiKey: TOKEN, tools: [READ_TOOL], messages: history })));
    const message = finalMessage(events);
    expect(message.stopReason).toBe("toolUse");
    // the model answered "Read"; the call carries the request's own name
    expect(message.content).toEqual([{ type: "toolCall", id: "toolu_1", name: "read", arguments: { path: "a.ts" } }]);
    const sent = mock.requests[0]!;
    expect(sent.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(sent.headers["anthropic-beta"]?.split(",").slice(0, 2)).toEqual(["claude-code-20250219", "oauth-2025-04-20"]);
    expect(sent.headers["user-agent"]).toBe("claude-cli/2.1.322");
    expect(sent.headers["x-app"]).toBe("cli");
    expect(sent.headers["anthropic-dangerous-direct-browser-access"]).toBe("true");
    const system = sent.body.system as { text: string }[];
    expect(system.map((block) => block.text)).toEqual(["You are Claude Code, Anthropic's official CLI for Claude.", "You are a test assistant."]);
    expect((sent.body.tools as { name: string }[]).map((tool) => tool.name)).toEqual(["Read"]);
    expect(JSON.stringify(sent.body.messages)).toContain('"type":"tool_use","id":"toolu_0","name":"Read"');
  });

  it("leaves an ordinary API key alone", async () => {
    mock.enqueue({ text: "hi" });
    await collect(streamAnthropic(streamRequest(testModel("anthropic-messages", mock.url), { apiKey: "sk-ant-api03-plain", tools: [READ_TOOL] })));
    const sent = mock.requests[0]!;
    // the SDK sends API keys as Bearer too; only the subscription's extras must be absent
    expect(sent.headers["x-api-key"]).toBe("sk-ant-api03-plain");
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.headers["x-app"]).toBeUndefined();
    expect(sent.headers["user-agent"]).not.toContain("claude-cli");
    expect(sent.headers["anthropic-beta"] ?? "").not.toContain("oauth-2025-04-20");
    expect((sent.body.system as { text: string }[]).map((block) => block.text)).toEqual(["You are a test assistant."]);
    expect((sent.body.tools as { name: string }[])[0]!.name).toBe("read");
  });
});

describe("ANTHROPIC_AUTH_TOKEN (a gateway's bearer token, pi 1.6.0)", () => {
  const env = { ANTHROPIC_AUTH_TOKEN: "gateway-token", ANTHROPIC_API_KEY: "sk-ant-api03-other" };

  it("goes as Authorization: Bearer alone, before the key variables; a stored credential still wins", async () => {
    const registry = new ModelRegistry({ agentDir: agentDir(), env });
    const claude = { ...registry.find("anthropic", "claude-sonnet-5")!, baseUrl: mock.url };
    const auth = await registry.resolveAuth(claude);
    expect(auth).toEqual({ headers: { Authorization: "Bearer gateway-token" } });
    expect(registry.hasAuth("anthropic")).toBe(true);
    expect(registry.authSource("anthropic")).toEqual({ type: "api_key", source: "ANTHROPIC_AUTH_TOKEN" });

    mock.enqueue({ text: "through the gateway" });
    await collect(streamAnthropic(streamRequest(claude, { apiKey: auth.apiKey, headers: auth.headers, tools: [READ_TOOL] })));
    const sent = mock.requests[0]!;
    expect(sent.headers.authorization).toBe("Bearer gateway-token");
    expect(sent.headers["x-api-key"]).toBeUndefined();
    expect(sent.headers["x-app"]).toBeUndefined();
    expect(sent.headers["anthropic-beta"] ?? "").not.toContain("oauth-2025-04-20");
    expect((sent.body.tools as { name: string }[])[0]!.name).toBe("read");

    const stored = new ModelRegistry({ agentDir: agentDir({ auth: { anthropic: { type: "api_key", key: "stored-key" } } }), env });
    expect(await stored.resolveAuth(claude)).toEqual({ apiKey: "stored-key" });
  });

  it("belongs to the anthropic provider only: an Anthropic-compatible provider ignores it", async () => {
    const registry = new ModelRegistry({ agentDir: agentDir(), env: { ANTHROPIC_AUTH_TOKEN: "gateway-token" } });
    expect(registry.hasAuth("minimax")).toBe(false);
    await expect(registry.resolveAuth(registry.find("minimax", "MiniMax-M3")!)).rejects.toMatchObject({ code: "NO_API_KEY" });
  });
});
