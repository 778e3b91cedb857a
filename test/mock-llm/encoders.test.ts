// The encoders' SSE text, fed to the SDKs' own stream parsers without any server (as benchmarks do).
import type { RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages/messages";
import { Stream as AnthropicStream } from "@anthropic-ai/sdk/core/streaming";
import { Stream as OpenAiStream } from "openai/core/streaming";
import type { ChatCompletionChunk } from "openai/resources/chat/completions/completions";
import type { ResponseStreamEvent } from "openai/resources/responses/responses";
import { describe, expect, test } from "vitest";
import { encodeAnthropicStream, encodeChatCompletionsStream, encodeResponsesStream, type ScriptedReply } from "../support/mock-llm/index.js";
import { drain } from "./clients.js";

async function parseAnthropic(text: string): Promise<RawMessageStreamEvent[]> {
  const { items, error } = await drain(AnthropicStream.fromSSEResponse<RawMessageStreamEvent>(new Response(text), new AbortController()));
  if (error) throw error;
  return items;
}

async function parseOpenAi<T>(text: string): Promise<T[]> {
  const { items, error } = await drain(OpenAiStream.fromSSEResponse<T>(new Response(text), new AbortController()));
  if (error) throw error;
  return items;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const reply: ScriptedReply = { text: "Grüße 😀😀😀😀😀 done", toolCalls: [{ id: "t1", name: "ls", arguments: { path: "." } }] };

describe("encoders", () => {
  test("the Anthropic text parses into events that rebuild the text and tool input, split on code points", async () => {
    const events = await parseAnthropic(encodeAnthropicStream(reply));
    const texts = events.flatMap((event) => (event.type === "content_block_delta" && event.delta.type === "text_delta" ? [event.delta.text] : []));
    expect(texts.length).toBeGreaterThan(1);
    expect(texts.join("")).toBe("Grüße 😀😀😀😀😀 done");
    expect(texts.some((delta) => LONE_SURROGATE.test(delta))).toBe(false);
    const json = events.flatMap((event) => (event.type === "content_block_delta" && event.delta.type === "input_json_delta" ? [event.delta.partial_json] : []));
    expect(JSON.parse(json.join(""))).toEqual({ path: "." });
  });

  test("the Chat Completions text parses and carries the usage chunk unless told not to", async () => {
    const withUsage = await parseOpenAi<ChatCompletionChunk>(encodeChatCompletionsStream(reply));
    expect(withUsage.map((chunk) => chunk.choices[0]?.delta.content ?? "").join("")).toBe("Grüße 😀😀😀😀😀 done");
    expect(withUsage.at(-1)?.usage).toBeTruthy();
    const withoutUsage = await parseOpenAi<ChatCompletionChunk>(encodeChatCompletionsStream(reply, { includeUsage: false }));
    expect(withoutUsage.some((chunk) => chunk.usage)).toBe(false);
  });

  test("the Responses text parses into events with consecutive sequence numbers", async () => {
    const events = await parseOpenAi<ResponseStreamEvent>(encodeResponsesStream(reply));
    expect(events.map((event) => event.sequence_number)).toEqual(events.map((_, index) => index));
    expect(events.flatMap((event) => (event.type === "response.output_text.delta" ? [event.delta] : [])).join("")).toBe("Grüße 😀😀😀😀😀 done");
  });

  test("the same reply and context always give the same text; the sequence makes ids unique", () => {
    const toolOnly: ScriptedReply = { toolCalls: [{ name: "ls", arguments: {} }] };
    expect(encodeResponsesStream(toolOnly, { sequence: 4 })).toBe(encodeResponsesStream(toolOnly, { sequence: 4 }));
    expect(encodeAnthropicStream(toolOnly, { sequence: 1 })).toContain('"id":"toolu_mock_1_1"');
    expect(encodeAnthropicStream(toolOnly, { sequence: 2 })).toContain('"id":"toolu_mock_2_1"');
    expect(encodeChatCompletionsStream(toolOnly, { sequence: 2 })).toContain('"id":"call_mock_2_1"');
  });

  test("a stream error replaces the rest of the stream; a malformed line leaves the rest in place", () => {
    const failing = encodeAnthropicStream({ text: ["a", "b"], streamError: { type: "overloaded_error", message: "Overloaded" } });
    expect(failing.endsWith('event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n')).toBe(true);
    expect(failing).not.toContain("message_stop");
    const malformed = encodeChatCompletionsStream({ text: ["a", "b"], malformed: true });
    expect(malformed.endsWith("data: [DONE]\n\n")).toBe(true);
    const lines = malformed.split("\n").filter((line) => line.startsWith("data: ") && line !== "data: [DONE]");
    const invalid = lines.filter((line) => {
      try {
        JSON.parse(line.slice("data: ".length));
        return false;
      } catch {
        return true;
      }
    });
    expect(invalid).toHaveLength(1);
  });
});
