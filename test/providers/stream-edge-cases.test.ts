// Wire events the mock server does not script, fed straight into each provider's event reader.
import type { RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages";
import type { ChatCompletionChunk } from "openai/resources/chat/completions";
import { describe, expect, it } from "vitest";
import { AssistantMessageBuilder } from "../../lib/provider-kit/assistant-builder.js";
import type { AssistantMessageEvent } from "../../kernel/provider.js";
import { readAnthropicEvents } from "../../plugins/provider-anthropic/anthropic-events.js";
import { ProviderFailure } from "../../lib/provider-kit/index.js";
import { readCompletionsChunks } from "../../plugins/provider-openai/completions/completions-events.js";
import { streamRequest, testModel } from "./support/models.js";

async function* fromArray<T>(items: T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}

/** Runs a reader to its end; returns its events and finish reason, or the failure it threw. */
async function run(reader: AsyncGenerator<AssistantMessageEvent, string>): Promise<{ events: AssistantMessageEvent[]; reason?: string; failure?: unknown }> {
  const events: AssistantMessageEvent[] = [];
  try {
    for (;;) {
      const step = await reader.next();
      if (step.done) return { events, reason: step.value };
      events.push(step.value);
    }
  } catch (failure) {
    return { events, failure };
  }
}

const anthropicEvents = (events: unknown[]) => fromArray(events as RawMessageStreamEvent[]);
const chunks = (items: unknown[]) => fromArray(items as ChatCompletionChunk[]);
const usage = { input_tokens: 10, output_tokens: 0, cache_read_input_tokens: null, cache_creation_input_tokens: null };

describe("anthropic events", () => {
  it("keeps redacted thinking opaque and takes tool input sent whole at block start", async () => {
    const builder = new AssistantMessageBuilder(testModel("anthropic-messages", "http://x"));
    const result = await run(
      readAnthropicEvents(
        anthropicEvents([
          { type: "message_start", message: { id: "msg_1", model: "claude-x", usage } },
          { type: "content_block_start", index: 0, content_block: { type: "redacted_thinking", data: "ENCRYPTED" } },
          { type: "content_block_stop", index: 0 },
          { type: "content_block_start", index: 1, content_block: { type: "tool_use", id: "toolu_1", name: "read", input: { path: "whole" } } },
          { type: "content_block_stop", index: 1 },
          { type: "message_delta", delta: { stop_reason: "tool_use" }, usage: { output_tokens: 7 } },
          { type: "message_stop" },
        ]),
        builder,
      ),
    );
    expect(result.reason).toBe("toolUse");
    expect(builder.message.content).toEqual([
      { type: "thinking", thinking: "", thinkingSignature: "ENCRYPTED", redacted: true },
      { type: "toolCall", id: "toolu_1", name: "read", arguments: { path: "whole" } },
    ]);
    // input from message_start survives a message_delta that leaves it out
    expect(builder.message.usage).toMatchObject({ input: 10, output: 7 });
    expect(builder.message.responseModel).toBe("claude-x");
  });

  it("fails a refusal and an unknown stop reason, keeping the provider's word", async () => {
    for (const [stopReason, kind] of [["refusal", "refusal"], ["brand_new_reason", "invalid_response"]] as const) {
      const builder = new AssistantMessageBuilder(testModel("anthropic-messages", "http://x"));
      const result = await run(
        readAnthropicEvents(
          anthropicEvents([
            { type: "message_start", message: { id: "m", model: "claude-mock", usage } },
            { type: "message_delta", delta: { stop_reason: stopReason }, usage: { output_tokens: 1 } },
            { type: "message_stop" },
          ]),
          builder,
        ),
      );
      expect(result.failure).toBeInstanceOf(ProviderFailure);
      expect((result.failure as ProviderFailure).details.kind).toBe(kind);
      expect((result.failure as ProviderFailure).message).toContain(stopReason);
    }
  });
});

describe("chat completions chunks", () => {
  const request = streamRequest(testModel("openai-completions", "http://x"));
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({ id: "c1", model: "m", choices: [{ index: 0, delta, finish_reason: finish }] });

  it("gives id-less tool calls an id, reads `reasoning` deltas and keeps OpenRouter reasoning_details", async () => {
    const builder = new AssistantMessageBuilder(testModel("openai-completions", "http://x"));
    const detail = { type: "reasoning.encrypted", id: "call_or", data: "blob" };
    const result = await run(
      readCompletionsChunks(
        chunks([
          chunk({ reasoning: "pondering" }),
          chunk({ tool_calls: [{ index: 0, function: { name: "read", arguments: '{"path":' } }] }),
          chunk({ tool_calls: [{ index: 0, function: { arguments: '"x"}' } }] }),
          chunk({ tool_calls: [{ index: 1, id: "call_or", function: { name: "bash", arguments: "{}" } }], reasoning_details: [detail] }),
          // Ollama-style: "stop" although the turn ends in tool calls
          chunk({}, "stop"),
        ]),
        builder,
        request,
      ),
    );
    expect(result.reason).toBe("toolUse");
    const [thinking, first, second] = builder.message.content;
    expect(thinking).toEqual({ type: "thinking", thinking: "pondering", thinkingSignature: "reasoning" });
    expect(first).toMatchObject({ type: "toolCall", name: "read", arguments: { path: "x" } });
    expect(first?.type === "toolCall" && first.id).toMatch(/^call_[0-9a-f]{24}$/);
    expect(second).toEqual({ type: "toolCall", id: "call_or", name: "bash", arguments: {}, thoughtSignature: JSON.stringify(detail) });
  });

  it("repairs tool arguments as pi 1.6.0 does: raw control characters and stray backslashes in strings", async () => {
    const builder = new AssistantMessageBuilder(testModel("openai-completions", "http://x"));
    const streamed: unknown[] = [];
    const reader = readCompletionsChunks(
      chunks([
        chunk({ tool_calls: [{ index: 0, id: "call_1", function: { name: "bash", arguments: '{"command":"echo a\necho C:\\dir' } }] }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: '"}' } }] }),
        chunk({ tool_calls: [{ index: 1, id: "call_2", function: { name: "bash", arguments: '{"command": nope}' } }] }),
        chunk({}, "tool_calls"),
      ]),
      builder,
      request,
    );
    for (const event of (await run(reader)).events) if (event.type === "toolcall_delta" && event.contentIndex === 0) streamed.push(structuredClone((event.partial.content[0] as { arguments: unknown }).arguments));
    const [repaired, broken] = builder.message.content;
    expect(repaired).toMatchObject({ name: "bash", arguments: { command: "echo a\necho C:\\dir" } });
    // the partial arguments shown while it streams are repaired the same way
    expect(streamed[0]).toEqual({ command: "echo a\necho C:\\dir" });
    expect(broken).toMatchObject({ arguments: { __invalidJson: '{"command": nope}' } });
  });

  it("fails on content_filter and on a stream without finish_reason", async () => {
    const filtered = await run(readCompletionsChunks(chunks([chunk({ content: "I can" }), chunk({}, "content_filter")]), new AssistantMessageBuilder(testModel("openai-completions", "http://x")), request));
    expect((filtered.failure as ProviderFailure).message).toBe("Provider finish_reason: content_filter");
    expect((filtered.failure as ProviderFailure).details).toEqual({ kind: "refusal", errorType: "content_filter" });
    const unfinished = await run(readCompletionsChunks(chunks([chunk({ content: "half" })]), new AssistantMessageBuilder(testModel("openai-completions", "http://x")), request));
    expect((unfinished.failure as ProviderFailure).message).toContain("stream ended without a final event");
  });

  it("takes usage from the choice when a server puts it there (Moonshot)", async () => {
    const builder = new AssistantMessageBuilder(testModel("openai-completions", "http://x"));
    await run(readCompletionsChunks(chunks([{ id: "c", model: "m", choices: [{ index: 0, delta: { content: "hi" }, finish_reason: "stop", usage: { prompt_tokens: 20, completion_tokens: 3 } }] }]), builder, request));
    expect(builder.message.usage).toMatchObject({ input: 20, output: 3 });
  });
});
