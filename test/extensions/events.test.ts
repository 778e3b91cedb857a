// Every extension event, fired by real sessions driven by the scripted provider, with pi's return semantics.
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { scriptedModel } from "../../sdk/testing/index.js";
import { createWorld, messagesOf, startSession, type World } from "./harness.js";

const EVERY_EVENT = fileURLToPath(new URL("./fixtures/every-event.ts", import.meta.url));
const EVERY_METHOD = fileURLToPath(new URL("./fixtures/every-method.ts", import.meta.url));

interface Seen {
  event: string;
  data?: unknown;
}
const state = globalThis as { __pithEvents?: Seen[]; __pithApi?: Record<string, unknown>; __pithCancel?: boolean };
const seen = () => state.__pithEvents ?? [];
const names = () => seen().map((entry) => entry.event);
const dataOf = (event: string) => seen().filter((entry) => entry.event === event).map((entry) => entry.data);

const textOf = (message: unknown) => {
  const content = (message as { content?: unknown }).content;
  if (typeof content === "string") return content;
  return (content as { type: string; text?: string }[]).map((block) => block.text ?? "").join("");
};

let world: World;
beforeEach(async () => {
  world = await createWorld();
  state.__pithEvents = [];
  state.__pithApi = {};
  state.__pithCancel = false;
});
afterEach(() => world.close());

describe("events of a prompt", () => {
  it("fire in pi's order, and each return value does what pi documents", async () => {
    const started = await startSession(world, {
      paths: [EVERY_EVENT],
      turns: [{ toolCalls: [{ name: "echo", arguments: { text: "hi" } }] }, { text: "the secret answer" }],
    });
    const { session, scripted } = started;
    await session.prompt("?q what is up");

    // input transformed the text; before_agent_start added a message and chained the system prompt
    const first = scripted.requests[0]!;
    expect(textOf(first.messages[0])).toBe("Briefly: what is up");
    expect(textOf(first.messages[1])).toBe("extra context from the extension");
    expect(first.systemPrompt.endsWith("\nEXTENSION RULE")).toBe(true);
    // before_provider_request replaced the payload
    expect(scripted.payloads[0]).toMatchObject({ extension_marker: true });
    // tool_call changed the input in place; the gate saw the final, frozen input; tool_result patched the result
    expect(dataOf("tool_gate")).toEqual([{ input: { text: "HI" }, frozen: true }]);
    const result = session.messages.find((message) => message.role === "toolResult")!;
    expect(result).toMatchObject({ content: [{ type: "text", text: "patched echo: HI" }], details: { patched: true }, isError: false });
    // message_end replaced the final assistant message
    expect(textOf(session.messages.at(-1))).toBe("the [redacted] answer");
    expect(started.problems).toEqual([]);

    const order = names().filter((name) => name !== "message_update");
    expect(order).toEqual([
      "session_start",
      "resources_discover",
      "input",
      "before_agent_start",
      "agent_start",
      "turn_start",
      "message_start", // the system prompt (pi 1.6.0)
      "message_end",
      "message_start",
      "message_end",
      "message_start",
      "message_end",
      "context",
      "before_provider_request",
      "after_provider_response",
      "message_start",
      "message_end",
      "tool_execution_start",
      "tool_call",
      "tool_gate",
      "tool_execution_update",
      "tool_result",
      "tool_execution_end",
      "message_start",
      "message_end",
      "turn_end",
      "turn_start",
      "context",
      "before_provider_request",
      "after_provider_response",
      "message_start",
      "message_end",
      "turn_end",
      "agent_end",
    ]);
    expect(dataOf("turn_start")).toEqual([0, 1]);
    expect(dataOf("turn_end")).toEqual([
      { turnIndex: 0, toolResults: 1 },
      { turnIndex: 1, toolResults: 0 },
    ]);
    expect(dataOf("message_start")).toEqual(["system", "user", "custom", "assistant", "toolResult", "assistant"]);
    expect(dataOf("input")).toEqual(["interactive:?q what is up"]);
    expect(dataOf("before_agent_start")).toEqual([{ prompt: "Briefly: what is up", chained: true, tools: ["read", "bash", "edit", "write", "echo"] }]);
    expect(dataOf("after_provider_response")).toEqual([200, 200]);
    expect(dataOf("session_start")).toEqual(["startup"]);
    expect(dataOf("resources_discover")).toEqual(["startup"]);
    expect(session.registry.services.get("extensions")).toBeDefined();
    expect(started.session.registry.services.names().length).toBeGreaterThan(0);
  });

  it("a handled input never reaches the model; context hides messages from the model but not from the session", async () => {
    const { session, scripted } = await startSession(world, { paths: [EVERY_EVENT], turns: [{ text: "ok" }] });
    await session.prompt("ping");
    expect(scripted.requests).toHaveLength(0);
    expect(session.messages).toHaveLength(0);

    await session.prompt("PRIVATE note");
    expect(session.messages.map((message) => message.role)).toEqual(["system", "user", "custom", "assistant"]);
    expect(scripted.requests[0]!.messages.map(textOf)).toEqual(["extra context from the extension"]);
  });

  it("tool_call blocks with its reason; tool_gate blocks what tool_call let through", async () => {
    const { session } = await startSession(world, {
      paths: [EVERY_EVENT],
      turns: [
        {
          toolCalls: [
            { name: "bash", arguments: { command: "rm -rf /tmp/nothing" } },
            { name: "echo", arguments: { text: "forbidden" } },
          ],
        },
        { text: "done" },
      ],
    });
    await session.prompt("go");
    const results = session.messages.filter((message) => message.role === "toolResult");
    expect(results.map((result) => [textOf(result), result.isError])).toEqual([
      ["no rm -rf here", true],
      ["the gate said no", true],
    ]);
  });

  it("a message_end replacement with another role is reported and the original kept", async () => {
    const { session, problems } = await startSession(world, { paths: [EVERY_EVENT], turns: [{ text: "please become user" }] });
    await session.prompt("hi");
    expect(session.messages.at(-1)).toMatchObject({ role: "assistant" });
    expect(messagesOf(problems)).toEqual([expect.stringMatching(/every-event\.ts failed in message_end: it replaced a assistant message with a user message/)]);
  });

  it("model_select, thinking_level_select and session_shutdown", async () => {
    const { session } = await startSession(world, { paths: [EVERY_EVENT] });
    await session.setModel(scriptedModel({ id: "thinker", reasoning: true }));
    await session.setThinkingLevel("high");
    await session.dispose();
    expect(dataOf("model_select")).toEqual(["set:thinker"]);
    expect(dataOf("thinking_level_select")).toContain("off->high");
    expect(dataOf("session_shutdown")).toEqual(["quit"]);
  });

  it("resources_discover answers through the extensions service; a user_bash result replaces the user's command", async () => {
    const { session } = await startSession(world, { paths: [EVERY_EVENT] });
    const service = session.registry.services.get("extensions")! as import("../../plugins/extensions/index.js").ExtensionsService;
    expect(service.discoveredResources()).toEqual({ skillPaths: ["/extra/skills"], promptPaths: ["/extra/prompts"], themePaths: [] });
    const userBash = session.registry.services.get("userBash")! as import("../../plugins/session-services/user-bash.js").UserBashService;
    const expected = { output: "ran ls elsewhere", exitCode: 0, cancelled: false, truncated: false };
    expect(await userBash.execute("ls")).toEqual(expected);
    expect(session.messages.at(-1)).toMatchObject({ role: "bashExecution", command: "ls", ...expected });
  });
});

describe("session moves and compaction from a command context", () => {
  it("newSession and fork ask session_before_switch / session_before_fork, then restart the extensions' session", async () => {
    const { session } = await startSession(world, { paths: [EVERY_EVENT, EVERY_METHOD], turns: [{ text: "one" }] });
    await session.prompt("first");
    const before = session.sessionId;
    await session.prompt("/new");
    expect(state.__pithApi!.newSession).toEqual({ cancelled: false });
    expect(state.__pithApi!.withSession).toBe(session.sessionId);
    expect(session.sessionId).not.toBe(before);
    expect(session.messages).toHaveLength(0);
    expect(dataOf("session_before_switch")).toEqual(["new"]);
    expect(dataOf("session_shutdown")).toEqual(["new"]);
    expect(dataOf("session_start")).toEqual(["startup", "new"]);

    state.__pithCancel = true;
    await session.prompt("/new");
    expect(state.__pithApi!.newSession).toEqual({ cancelled: true });
    await session.prompt("/fork some-entry");
    expect(state.__pithApi!.fork).toEqual({ cancelled: true });
    expect(dataOf("session_before_fork")).toEqual(["at"]);
  });

  it("navigateTree asks session_before_tree, moves the leaf, labels it and reports session_tree", async () => {
    const { session } = await startSession(world, { paths: [EVERY_EVENT, EVERY_METHOD], turns: [{ text: "one" }, { text: "two" }] });
    await session.prompt("first");
    const service = session.registry.services.get("sessions")! as import("../../plugins/sessions/index.js").SessionsService;
    const firstReply = service.manager.getLeafId()!;
    await session.prompt("second");
    await session.prompt(`/tree ${firstReply}`);
    expect(state.__pithApi!.tree).toEqual({ cancelled: false });
    expect(dataOf("session_before_tree")).toEqual([firstReply]);
    expect(dataOf("session_tree")).toEqual([firstReply]);
    expect(service.manager.getLabel(firstReply)).toBe("went back");
    expect(session.messages.map(textOf)).toEqual(["", "first", "extra context from the extension", "one"]); // the system message first
  });

  it("ctx.compact runs session_before_compact, whose summary is used, then session_compact", async () => {
    await world.write("agent/settings.json", JSON.stringify({ compaction: { keepRecentTokens: 100 } }));
    const turns = Array.from({ length: 4 }, (_, index) => ({ text: `reply ${index} ${"words ".repeat(400)}` }));
    const { session } = await startSession(world, {
      paths: [EVERY_EVENT, EVERY_METHOD],
      turns,
    });
    for (let index = 0; index < 4; index++) await session.prompt(`question ${index} ${"more ".repeat(400)}`);
    await session.prompt("/compact keep the numbers");
    expect(state.__pithApi!.compactError).toBeUndefined();
    expect(state.__pithApi!.compacted).toMatchObject({ summary: "summary written by the extension" });
    expect(dataOf("session_before_compact")).toEqual(["keep the numbers"]);
    expect(dataOf("session_compact")).toEqual([true]);
  });
});
