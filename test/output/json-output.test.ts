import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { boot, type SessionEvent } from "../../kernel/index.js";
import { createScriptedProvider, scriptedModel, scriptedProviderPlugin } from "../../sdk/testing/index.js";
import { jsonOutputPlugin, serializeEvent } from "../../plugins/output-json/index.js";

describe("JSON output", () => {
  it("serialises message_update byte-for-byte as JSON.stringify would, and snapshots each step", async () => {
    const stream = new PassThrough();
    let output = "";
    stream.on("data", (chunk) => (output += chunk));
    const scripted = createScriptedProvider({ turns: [{ thinking: "hmm", text: ["Hel", "lo", " world"], toolCalls: [{ name: "none", arguments: { a: 1 } }] }, { text: "done" }] });
    const { session } = await boot({ cwd: process.cwd(), plugins: [scriptedProviderPlugin(scripted), jsonOutputPlugin({ stream })] });
    await session.setModel(scriptedModel());
    const snapshots: string[] = [];
    session.hooks.event_emitted.tap("test", (event: SessionEvent) => void snapshots.push(JSON.stringify(event)));
    await session.start();
    await session.prompt("hi");
    await (session.registry.services.get("jsonOutput")!.value as { flush(): Promise<void> }).flush();

    const lines = output.trim().split("\n");
    expect(JSON.parse(lines[0]!)).toMatchObject({ type: "session", version: 3, id: session.sessionId, cwd: process.cwd() });
    expect(lines.slice(1)).toEqual(snapshots);
    const deltas = lines.map((line) => JSON.parse(line)).filter((event) => event.assistantMessageEvent?.type === "text_delta");
    // Each line shows the text as it was at that delta, not the final text.
    expect(deltas.map((event) => event.message.content.find((b: { type: string }) => b.type === "text").text)).toEqual(["Hel", "Hello", "Hello world", "done"]);
  });

  it("falls back to plain JSON for every other event", () => {
    const event: SessionEvent = { type: "queue_update", steering: ["a"], followUp: [] };
    expect(serializeEvent(event)).toBe(JSON.stringify(event));
  });
});
