// Real SDK clients pointed at a mock server, with retries off so each request consumes exactly one reply.
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import type { MockLlm } from "../support/mock-llm/index.js";

export function anthropicClient(mock: MockLlm): Anthropic {
  return new Anthropic({ baseURL: mock.url, apiKey: "test-key", maxRetries: 0 });
}

export function openAiClient(mock: MockLlm): OpenAI {
  return new OpenAI({ baseURL: `${mock.url}/v1`, apiKey: "test-key", maxRetries: 0 });
}

/** Collects every item of a stream, or the error that ended it, with the items seen before it. */
export async function drain<T>(stream: AsyncIterable<T>): Promise<{ items: T[]; error?: unknown }> {
  const items: T[] = [];
  try {
    for await (const item of stream) items.push(item);
    return { items };
  } catch (error) {
    return { items, error };
  }
}
