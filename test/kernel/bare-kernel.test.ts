import { describe, expect, it } from "vitest";
import { boot, type SessionEvent } from "../../kernel/index.js";
import { inlineModel, inlinePlugin, inlineProvider } from "./inline-parts.js";

describe("a kernel with no built-in plugin", () => {
  it("runs a full turn with one inline provider and one inline tool", async () => {
    const { provider, requests } = inlineProvider([
      { toolCalls: [{ id: "call-1", name: "echo", arguments: { text: "hi" } }] },
      { text: "The tool said hi." },
    ]);
    const { session } = await boot({ cwd: process.cwd(), plugins: [inlinePlugin(provider)] });
    await session.setModel(inlineModel);
    const events: SessionEvent[] = [];
    session.subscribe((event) => void events.push(event));

    await session.prompt("say hi through the tool");

    const types = events.map((event) => event.type).filter((type) => type !== "message_update");
    expect(types).toEqual([
      "agent_start",
      "turn_start",
      "message_start", // user
      "message_end",
      "message_start", // assistant with the tool call
      "message_end",
      "tool_execution_start",
      "tool_execution_end",
      "message_start", // tool result
      "message_end",
      "turn_end",
      "turn_start",
      "message_start", // final answer
      "message_end",
      "turn_end",
      "agent_end",
      "agent_settled",
    ]);
    expect(session.messages.map((message) => (message as { role: string }).role)).toEqual(["user", "assistant", "toolResult", "assistant"]);
    const toolResult = session.messages[2] as { content: { text: string }[]; isError: boolean };
    expect(toolResult.content[0]!.text).toBe("echo: hi");
    expect(toolResult.isError).toBe(false);
    // The second request carries the tool result back to the model, and the tool was offered.
    expect(requests).toHaveLength(2);
    expect(requests[1]!.messages.map((message) => message.role)).toEqual(["user", "assistant", "toolResult"]);
    expect(requests[0]!.tools.map((tool) => tool.name)).toEqual(["echo"]);
    const end = events.at(-2) as { type: "agent_end"; messages: unknown[] };
    expect(end.messages).toHaveLength(4);
  });

  it("refuses a prompt without a model with an actionable error", async () => {
    const { session } = await boot({ cwd: process.cwd(), plugins: [] });
    await expect(session.prompt("hello")).rejects.toMatchObject({ code: "NO_MODEL" });
  });

  it("refuses a second prompt while streaming unless it names steer or followUp", async () => {
    const { provider } = inlineProvider([{ text: "one" }, { text: "two" }]);
    const { session } = await boot({ cwd: process.cwd(), plugins: [inlinePlugin(provider)] });
    await session.setModel(inlineModel);
    const first = session.prompt("first");
    await expect(session.prompt("second")).rejects.toMatchObject({ code: "AGENT_BUSY" });
    await session.prompt("later", { streamingBehavior: "followUp" });
    await first;
    expect(session.messages.map((message) => (message as { role: string }).role)).toEqual(["user", "assistant", "user", "assistant"]);
  });
});
