// Anthropic message threads (pi 1.6.0, `compat.supportsMessageThreads`, on by default for api.anthropic.com only):
// through the real SDK against the mock server: a session's first request creates a thread, the next sends only the
// new messages after `continue`, a changed prefix starts over, and the server's rejections fall back as pi's do.
import { describe, expect, it } from "vitest";
import type { AssistantMessage, Message, SystemMessage, ToolSpec } from "../../kernel/messages.js";
import type { PlacedSystemMessage } from "../../kernel/provider.js";
import type { Model } from "../../kernel/model.js";
import { streamAnthropic } from "../../plugins/provider-anthropic/index.js";
import type { MockLlm } from "../support/mock-llm/index.js";
import { collect, finalMessage, READ_TOOL, streamRequest, testModel, user } from "./support/models.js";
import { useSharedMock } from "./support/request-bodies.js";

let mock: MockLlm;
useSharedMock((started) => (mock = started));

const THREADS_BETA = "message-threads-2026-08-12";
const threaded = (): Model => ({ ...testModel("anthropic-messages", mock.url), compat: { supportsMessageThreads: true } });

/** One turn of a session: sends `messages`, returns the reply and what the server received. */
async function turn(model: Model, sessionId: string, messages: Message[], systemPrompt = "You are a test assistant.") {
  const reply = finalMessage(await collect(streamAnthropic(streamRequest(model, { sessionId, messages, systemPrompt, tools: [READ_TOOL] }))));
  const request = mock.requests.at(-1)!;
  return { reply, body: request.body, beta: request.headers["anthropic-beta"] as string | undefined };
}

const threadError = (code: string) => ({
  error: { status: 400, body: JSON.stringify({ type: "error", error: { type: "invalid_request_error", message: `thread: ${code}`, details: { error_code: code } } }) },
});

describe("Anthropic message threads", () => {
  it("creates a thread, then continues it with only the new messages, without system and tools; a changed prefix starts over", async () => {
    const model = threaded();
    mock.enqueue({ text: "One." }, { text: "Two." }, { text: "Three." });
    const first = await turn(model, "s-1", [user("Hello")]);
    expect(first.body.thread).toEqual({ type: "create" });
    expect(first.body.system).toBeDefined();
    expect(first.body.tools).toHaveLength(1);
    expect(first.beta).toContain(THREADS_BETA);
    expect(first.reply.responseId).toMatch(/^msg_mock_/);

    const history: Message[] = [user("Hello"), first.reply, user("And then?")];
    const second = await turn(model, "s-1", history);
    expect(second.body.thread).toEqual({ type: "continue", previous_message_id: first.reply.responseId });
    expect(second.body.messages).toEqual([{ role: "user", content: [{ type: "text", text: "And then?", cache_control: { type: "ephemeral" } }] }]);
    expect(second.body.system).toBeUndefined();
    expect(second.body.tools).toBeUndefined();
    expect(second.beta).toContain(THREADS_BETA);

    // another system prompt: the server's thread holds the old one, so a new thread with everything
    const third = await turn(model, "s-1", [...history, second.reply as AssistantMessage, user("Last")], "Another prompt.");
    expect(third.body.thread).toEqual({ type: "create" });
    expect(third.body.messages).toHaveLength(5);
    expect(third.body.system).toEqual([{ type: "text", text: "Another prompt.", cache_control: { type: "ephemeral" } }]);
  });

  it("a continue the server lost is sent again as a new thread; an endpoint without threads gets the plain request, and the session stops using them", async () => {
    const model = threaded();
    mock.enqueue({ text: "One." }, threadError("thread_not_found"), { text: "Two." });
    const first = await turn(model, "s-2", [user("Hello")]);
    const before = mock.requests.length;
    const second = await turn(model, "s-2", [user("Hello"), first.reply, user("More")]);
    expect(second.reply.stopReason).toBe("stop");
    const [rejected, resent] = mock.requests.slice(before).map((request) => request.body);
    expect(rejected!.thread).toMatchObject({ type: "continue" });
    expect(resent!.thread).toEqual({ type: "create" });
    expect(resent!.messages).toHaveLength(3);

    mock.enqueue(threadError("thread_unsupported_request"), { text: "Plain." }, { text: "Still plain." });
    const plain = await turn(model, "s-3", [user("Hi")]);
    expect(plain.reply.stopReason).toBe("stop");
    expect(plain.body.thread).toBeUndefined();
    const after = await turn(model, "s-3", [user("Hi"), plain.reply, user("Again")]);
    expect(after.body.thread).toBeUndefined();
    expect(after.body.messages).toHaveLength(3);
    expect(after.beta).toContain(THREADS_BETA);
  });

  it("is off by default away from api.anthropic.com, and without a session; other errors are reported, not resent", async () => {
    mock.enqueue({ text: "ok" }, { text: "ok" });
    const plain = await turn(testModel("anthropic-messages", mock.url), "s-4", [user("Hi")]);
    expect(plain.body.thread).toBeUndefined();
    expect(plain.beta ?? "").not.toContain(THREADS_BETA);
    await collect(streamAnthropic(streamRequest(threaded(), { messages: [user("Hi")] })));
    expect(mock.requests.at(-1)!.body.thread).toBeUndefined();
    // a cache-warming refresh neither continues nor is continued
    mock.enqueue({ text: "warm" });
    await collect(streamAnthropic(streamRequest(threaded(), { sessionId: "s-4", messages: [user("Hi")], disableContinuation: true })));
    expect(mock.requests.at(-1)!.body.thread).toBeUndefined();

    mock.enqueue({ error: { status: 400, message: "prompt is too long" } });
    const before = mock.requests.length;
    const failed = await turn(threaded(), "s-5", [user("Hi")]);
    expect(failed.reply.stopReason).toBe("error");
    expect(mock.requests.length - before).toBe(1);
  });
  it("continues a thread across a change of prompt and tools sent in place, the change among the new messages", async () => {
    const model: Model = { ...threaded(), compat: { supportsMessageThreads: true, supportsMidConvoSystemMessages: true, supportsMidConvoToolChanges: true } };
    const GREP = { ...READ_TOOL, name: "grep", description: "Search files" };
    const initial: SystemMessage = { role: "system", content: "", sections: { base: "You are a test assistant." }, toolsAdded: [READ_TOOL], timestamp: 1 };
    const update: SystemMessage = { role: "system", content: "", sections: { skills: "Skills: none." }, toolsAdded: [GREP], timestamp: 2 };
    const send = async (messages: Message[], systemMessages: PlacedSystemMessage[], sections: Record<string, string>, tools: ToolSpec[]) => {
      const request = streamRequest(model, { sessionId: "s-6", messages, systemMessages, systemPromptSections: sections, systemPrompt: Object.values(sections).join("\n\n"), tools });
      const reply = finalMessage(await collect(streamAnthropic(request)));
      return { reply, body: mock.requests.at(-1)!.body };
    };
    mock.enqueue({ text: "One." }, { text: "Two." }, { text: "Three." });
    const first = await send([user("Hello")], [{ before: 0, message: initial }], { base: "You are a test assistant." }, [READ_TOOL]);
    expect(first.body.thread).toEqual({ type: "create" });

    // grep and a skills section arrive before the next prompt: sent after it, the head unchanged, so the thread goes on
    const changed = { base: "You are a test assistant.", skills: "Skills: none." };
    const history: Message[] = [user("Hello"), first.reply, user("And then?")];
    const placed: PlacedSystemMessage[] = [{ before: 0, message: initial }, { before: 2, message: update }];
    const second = await send(history, placed, changed, [READ_TOOL, GREP]);
    expect(second.body.thread).toEqual({ type: "continue", previous_message_id: first.reply.responseId });
    const sent = second.body.messages as { role: string; content: { type: string }[] }[];
    expect(sent.map((message) => message.role)).toEqual(["user", "system"]);
    expect(sent[1]!.content.map((block) => block.type)).toEqual(["text", "tool_addition"]);

    // the change now stands before the reply that followed it, as in the thread the server holds
    const third = await send([...history, second.reply, user("Last")], placed, changed, [READ_TOOL, GREP]);
    expect(third.body.thread).toEqual({ type: "continue", previous_message_id: second.reply.responseId });
    expect((third.body.messages as { role: string }[]).map((message) => message.role)).toEqual(["user"]);
  });
});
