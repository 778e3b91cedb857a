// A resumed session's big tool outputs go into the request as they are stored in the session file (no parse, no
// serialization), and the server receives exactly what a fully parsed conversation would have sent: odd shapes
// (images, several blocks, extra members, a lone surrogate, empty text) go the usual way.
import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { AgentMessage, Message, Model, ToolResultMessage } from "../../kernel/index.js";
import { streamAnthropic } from "../../plugins/provider-anthropic/index.js";
import { JsonlSessionStore, SessionManager, parseJsonlBuffer, type SessionEntry } from "../../plugins/sessions/index.js";
import type { MockLlm } from "../support/mock-llm/index.js";
import { tempDir } from "../sessions/helpers.js";
import { assistant, streamRequest, testModel, user } from "./support/models.js";
import { sentBody, useSharedMock } from "./support/request-bodies.js";

let mock: MockLlm;
useSharedMock((started) => (mock = started));

const big = (turn: number) => `  const value${turn} = compute("item", { tag: "\\u00e9t\\u00e9" }); // é €\n`.repeat(9000);

const medium = (turn: number) => `line ${turn}: été €\n`.repeat(400);

/**
 * Tool results of every shape (two over the size from which a stored text is scanned, not parsed); together over the
 * 4 MiB from which a body is streamed.
 */
const contents: ToolResultMessage["content"][] = [
  [{ type: "text", text: big(0) }],
  [{ type: "text", text: `${big(1).repeat(2)}lone \ud800 surrogate` }],
  [{ type: "text", text: big(2) }, { type: "text", text: "second block" }],
  [{ type: "text", text: big(3) }, { type: "image", data: "aGk=".repeat(3000), mimeType: "image/png" }],
  [{ type: "text", text: "" }],
  [{ type: "text", text: big(5) }],
  [{ type: "text", text: big(6).repeat(3) }],
  // outputs on lines just long enough to be left unparsed
  [{ type: "text", text: `${medium(7)} 😀 "quoted" \\ back` }],
  [{ type: "text", text: medium(8) }],
];

function writeSession(model: Model): { file: string; store: JsonlSessionStore } {
  const dir = tempDir();
  const store = new JsonlSessionStore({ agentDir: dir, sessionDir: dir });
  const manager = SessionManager.create(store, "/p");
  contents.forEach((content, turn) => {
    manager.appendMessage(user(`turn ${turn}`));
    manager.appendMessage(assistant(model, [{ type: "toolCall", id: `call_${turn}`, name: "read", arguments: { path: `f${turn}` } }], { stopReason: "toolUse" }));
    manager.appendMessage({ role: "toolResult", toolCallId: `call_${turn}`, toolName: "read", content, isError: false, timestamp: 1 } as AgentMessage);
  });
  manager.appendMessage(user("continue"));
  const file = manager.getSessionFile()!;
  manager.close();
  // another writer's extra member after a text
  const lines = readFileSync(file, "utf8").split("\n");
  const extra = lines.findIndex((line) => line.includes('"toolCallId":"call_5"'));
  lines[extra] = lines[extra]!.replace('"}],"isError"', '","note":"x"}],"isError"');
  writeFileSync(file, lines.join("\n"));
  return { file, store };
}

function messagesOf(entries: readonly SessionEntry[]): Message[] {
  return entries.flatMap((entry) => (entry.type === "message" ? [entry.message as Message] : []));
}

// Each test writes a 6 MB session, parses it and sends it to the mock server two or three times as a body of over
// 4 MiB: on 2 cores under a load of 16-22 one test took 24-36 s, past the suite's 20 s.
describe("stored tool output in a request", { timeout: 90_000 }, () => {
  it("is sent as stored, unread, and the server gets what the parsed conversation gives", async () => {
    const model = testModel("anthropic-messages", mock.url, { input: ["text"] });
    const { file, store } = writeSession(model);
    const eager = messagesOf(parseJsonlBuffer(readFileSync(file), file, { lazy: false }).records.slice(1).map((r) => r.value as SessionEntry));
    const expected = await sentBody(mock, streamAnthropic, streamRequest(model, { messages: eager }));

    const reopened = SessionManager.open(store, file);
    const lazy = messagesOf(reopened.getBranch());
    const received = await sentBody(mock, streamAnthropic, streamRequest(model, { messages: lazy }));
    expect(received).toEqual(expected);
    const unread = lazy.filter((message) => Object.getOwnPropertyDescriptor(message, "content")?.get !== undefined);
    // the plain single-text results stayed unread; the lone surrogate, the other shapes and the small one were read
    expect(unread.map((message) => (message as ToolResultMessage).toolCallId)).toEqual(["call_0", "call_6", "call_7", "call_8"]);
    expect(JSON.stringify(received)).not.toContain("\\ud800");
    expect(JSON.stringify(received)).toContain("(tool image omitted");
    reopened.close();
  });

  it("is sent from the file when a big session is read in pieces, and the server gets the same body", async () => {
    const model = testModel("anthropic-messages", mock.url, { input: ["text"] });
    const { file } = writeSession(model);
    const eager = messagesOf(parseJsonlBuffer(readFileSync(file), file, { lazy: false }).records.slice(1).map((r) => r.value as SessionEntry));
    const expected = await sentBody(mock, streamAnthropic, streamRequest(model, { messages: eager }));

    const dir = tempDir();
    const pieces = new JsonlSessionStore({ agentDir: dir, sessionDir: dir, piecewiseFileBytes: 0 });
    const reopened = SessionManager.open(pieces, file);
    const lazy = messagesOf(reopened.getBranch());
    const received = await sentBody(mock, streamAnthropic, streamRequest(model, { messages: lazy }));
    expect(received).toEqual(expected);
    const unread = lazy.filter((message) => Object.getOwnPropertyDescriptor(message, "content")?.get !== undefined);
    expect(unread.map((message) => (message as ToolResultMessage).toolCallId)).toEqual(["call_0", "call_6", "call_7", "call_8"]);
    reopened.close();
  });

  it("is read as usual when a before_provider_request handler may see the payload", async () => {
    const model = testModel("anthropic-messages", mock.url);
    const { file, store } = writeSession(model);
    const reopened = SessionManager.open(store, file);
    const lazy = messagesOf(reopened.getBranch());
    const seen: unknown[] = [];
    const onPayload = async (payload: unknown) => {
      seen.push(payload);
      return payload;
    };
    await sentBody(mock, streamAnthropic, streamRequest(model, { messages: lazy, onPayload }));
    const text = JSON.stringify(seen[0]);
    expect(text).toContain('"tool_result"');
    expect(lazy.every((message) => Object.getOwnPropertyDescriptor(message, "content")?.get === undefined)).toBe(true);
    reopened.close();
  });
});
