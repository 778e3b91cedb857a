import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { boot, type SessionEvent } from "../../kernel/index.js";
import { createScriptedProvider, scriptedModel, scriptedProviderPlugin } from "../../sdk/testing/index.js";
import { jsonOutputPlugin, serializeEvent } from "../../plugins/output-json/index.js";

describe("JSON output", () => {
  it("writes message_update as pi 1.6.0 does: the delta and the usage, no cumulative message", async () => {
    const stream = new PassThrough();
    let output = "";
    stream.on("data", (chunk) => (output += chunk));
    const scripted = createScriptedProvider({ turns: [{ thinking: "hmm", text: ["Hel", "lo", " world"], toolCalls: [{ name: "none", arguments: { a: 1 } }] }, { text: "done" }] });
    const { session } = await boot({ cwd: process.cwd(), plugins: [scriptedProviderPlugin(scripted), jsonOutputPlugin({ stream })] });
    await session.setModel(scriptedModel());
    await session.start();
    await session.prompt("hi");
    await (session.registry.services.get("jsonOutput")! as { flush(): Promise<void> }).flush();

    const events = output.trim().split("\n").map((line) => JSON.parse(line));
    expect(events[0]).toMatchObject({ type: "session", version: 3, id: session.sessionId, cwd: process.cwd() });
    const updates = events.filter((event) => event.type === "message_update");
    for (const update of updates) expect(Object.keys(update)).toEqual(["type", "usage", "assistantMessageEvent"]);
    expect(updates.some((update) => "partial" in update.assistantMessageEvent)).toBe(false);
    expect(updates.filter((update) => update.assistantMessageEvent.type === "text_delta").map((update) => update.assistantMessageEvent.delta)).toEqual(["Hel", "lo", " world", "done"]);
    expect(updates.find((update) => update.assistantMessageEvent.type === "toolcall_start").assistantMessageEvent).toEqual({
      type: "toolcall_start",
      contentIndex: 2,
      id: "scripted_call_1",
      toolName: "none",
    });
    expect(events.slice(-2).map((event) => event.type)).toEqual(["agent_end", "agent_settled"]);
    expect(events.at(-1)).toEqual({ type: "agent_settled", aborted: false });
  });

  it("falls back to plain JSON for every other event", () => {
    const event: SessionEvent = { type: "queue_update", steering: ["a"], followUp: [] };
    expect(serializeEvent(event)).toBe(JSON.stringify(event));
  });
});
