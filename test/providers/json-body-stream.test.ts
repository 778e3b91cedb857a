// The streamed request body on its own: the same bytes as JSON.stringify for every shape of value JSON.stringify
// treats specially, a fresh serialization per iteration, and no serialization after an abort.
import { describe, expect, it } from "vitest";
import { STREAMED_BODY_THRESHOLD, streamedJsonBody } from "../../lib/provider-kit/index.js";

const live = new AbortController().signal;

async function streamedBytes(body: AsyncIterable<Uint8Array>): Promise<{ bytes: Buffer; chunks: number }> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) {
    expect(chunk).toBeInstanceOf(Uint8Array);
    chunks.push(Buffer.from(chunk));
  }
  return { bytes: Buffer.concat(chunks), chunks: chunks.length };
}

/** Streams `params` (whatever its size: threshold -1) and checks it against JSON.stringify. */
async function expectSameAsStringify(params: unknown): Promise<number> {
  const body = streamedJsonBody(params, live, -1);
  if (!body) throw new Error("expected a streamed body");
  const { bytes, chunks } = await streamedBytes(body);
  expect(bytes.equals(Buffer.from(JSON.stringify(params), "utf8"))).toBe(true);
  return chunks;
}

class Tagged {
  constructor(readonly tag: string) {}
  toJSON(key: string): string {
    return `${this.tag}@${key}`;
  }
}

describe("streamedJsonBody", () => {
  it("is JSON.stringify byte for byte, whatever the members and elements hold", async () => {
    const nullPrototype = Object.assign(Object.create(null) as Record<string, unknown>, { b: 1, a: [2] });
    const cases: unknown[] = [
      {},
      { messages: [] },
      { model: "m", messages: [{ role: "user", content: "hi" }], max_tokens: 10, stream: true },
      // members JSON.stringify leaves out, and elements it writes as null
      { a: undefined, messages: [undefined, () => 1, Symbol("s"), null, 1], f: () => 2, [Symbol("k")]: 1, z: 0 },
      { first: undefined, messages: [1] },
      { messages: [1], last: undefined },
      { messages: [1, , 3] },
      // non-ASCII, astral characters, lone surrogates (escaped by JSON.stringify), control characters, quotes
      { text: "été ✓ 😀 \ud800 x \udc00 \u0000 \u001f \"q\" \\", messages: [{ content: "naïve 日本語 😀\ud83d" }] },
      // numbers JSON cannot represent, negative zero, nested arrays and objects
      { messages: [NaN, Infinity, -0, 1e21, [1, [2, [3]]], { deep: { er: [{}] } }], n: -Infinity },
      // toJSON: a top-level member's sees its key; an array whose elements have one is sent whole (they see their index)
      { when: new Date(0), tagged: new Tagged("top"), messages: [new Tagged("el"), new Tagged("el")] },
      { messages: Object.assign([1, 2], { toJSON: () => "array" }) },
      // keys in insertion order, integer-like keys first as JSON.stringify enumerates them
      { b: 1, 2: "two", a: [1], 1: "one", ["__proto__"]: [5] },
      nullPrototype,
    ];
    for (const params of cases) await expectSameAsStringify(params);
  });

  it("sends a large body in many chunks, each element's JSON whole, the same bytes as JSON.stringify", async () => {
    const messages = Array.from({ length: 300 }, (_, index) => ({ role: index % 2 ? "assistant" : "user", content: `${index} ${"é".repeat(20_000)}` }));
    // one element far larger than a chunk
    messages.push({ role: "user", content: "😀".repeat(600_000) });
    const chunks = await expectSameAsStringify({ model: "m", system: "s".repeat(200_000), messages, stream: true });
    expect(chunks).toBeGreaterThan(50);
  });

  it("is left to the SDK below the threshold, and for anything but a plain object", () => {
    const small = { model: "m", messages: [{ role: "user", content: "x".repeat(1000) }] };
    expect(streamedJsonBody(small, live)).toBeUndefined();
    const large = { model: "m", messages: [{ role: "user", content: "x".repeat(STREAMED_BODY_THRESHOLD) }] };
    expect(streamedJsonBody(large, live)).toBeDefined();
    // many small strings add up as well as one big one
    const many = { messages: Array.from({ length: 5000 }, () => ({ content: "y".repeat(1000) })) };
    expect(streamedJsonBody(many, live)).toBeDefined();
    for (const params of [[large], new Tagged("x".repeat(STREAMED_BODY_THRESHOLD)), { ...large, toJSON: () => "x" }, "x".repeat(STREAMED_BODY_THRESHOLD), null, undefined]) {
      expect(streamedJsonBody(params, live)).toBeUndefined();
    }
  });

  it("decides on a long conversation from a sample of its messages when that passes the threshold, else from all of them", () => {
    // prompt, call, result, as a resumed session's messages repeat: a sample at a fixed step of three would see
    // only one kind
    let read = 0;
    const message = (index: number, size: number) => ({
      role: index % 3 === 1 ? "assistant" : "user",
      get content() {
        read++;
        return "r".repeat(size);
      },
    });
    const resultsCarryIt = Array.from({ length: 20_000 }, (_, index) => message(index, index % 3 === 2 ? 900 : 20));
    expect(JSON.stringify({ messages: resultsCarryIt }).length).toBeGreaterThan(STREAMED_BODY_THRESHOLD);
    read = 0;
    expect(streamedJsonBody({ model: "m", messages: resultsCarryIt }, live)).toBeDefined();
    expect(read).toBeLessThan(200);

    // under the threshold: every message is counted before the body is left to the SDK
    const small = Array.from({ length: 20_000 }, (_, index) => message(index, 20));
    read = 0;
    expect(streamedJsonBody({ messages: small }, live)).toBeUndefined();
    expect(read).toBeGreaterThan(small.length - 200);

    // one message the sample misses carries the body over the threshold: the full count finds it
    const oneBig = Array.from({ length: 20_000 }, (_, index) => message(index, index === 1 ? STREAMED_BODY_THRESHOLD : 20));
    expect(streamedJsonBody({ messages: oneBig }, live)).toBeDefined();

    // a block of big messages a sample may meet does not stand for the whole conversation: under the threshold it
    // is sent whole (a server that refuses chunked bodies takes it)
    const fewBig = Array.from({ length: 20_000 }, (_, index) => message(index, index >= 600 && index <= 700 ? 30_000 : 20));
    expect(JSON.stringify({ messages: fewBig }).length).toBeLessThan(STREAMED_BODY_THRESHOLD);
    expect(streamedJsonBody({ messages: fewBig }, live)).toBeUndefined();
  });

  it("serializes afresh on every iteration, so a retry sends the same bytes and sees later changes", async () => {
    const params = { model: "m", messages: [{ content: "a".repeat(100_000) }, { content: "b" }] };
    const body = streamedJsonBody(params, live, 0)!;
    const first = await streamedBytes(body);
    const second = await streamedBytes(body);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    params.messages.push({ content: "c" });
    expect((await streamedBytes(body)).bytes.toString()).toBe(JSON.stringify(params));
  });

  it("stops serializing when the signal aborts, and when the reader stops reading", async () => {
    const read: number[] = [];
    const counted = (index: number) => ({
      get content() {
        read.push(index);
        return "z".repeat(50_000);
      },
    });
    const params = { messages: Array.from({ length: 100 }, (_, index) => counted(index)) };
    const controller = new AbortController();
    const iterator = streamedJsonBody(params, controller.signal, 0)![Symbol.asyncIterator]();
    expect((await iterator.next()).done).toBe(false);
    const serialized = read.length;
    expect(serialized).toBeLessThan(5);
    controller.abort();
    expect((await iterator.next()).done).toBe(true);
    expect(read.length).toBe(serialized);

    read.length = 0;
    const reader = streamedJsonBody(params, live, 0)![Symbol.asyncIterator]();
    await reader.next();
    const before = read.length;
    await reader.return?.();
    expect((await reader.next()).done).toBe(true);
    expect(read.length).toBe(before);
  });
});
