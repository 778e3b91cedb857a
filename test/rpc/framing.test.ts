// Strict JSONL both ways: LF only, one trailing CR stripped, U+2028/U+2029 kept inside strings, a last line
// without "\n" read at the end of input, a 10 MB line read whole.
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { readJsonlLines } from "../../plugins/rpc/index.js";
import { spawnRpc } from "./rpc-harness.js";

function collect(chunks: (string | Buffer)[]): Promise<string[]> {
  const stream = new PassThrough();
  const lines: string[] = [];
  const done = new Promise<string[]>((resolve) => readJsonlLines(stream, { onLine: (line) => lines.push(line), onEnd: () => resolve(lines) }));
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  return done;
}

describe("readJsonlLines", () => {
  it("splits on \\n only: U+2028 and U+2029 stay inside the record", async () => {
    const record = JSON.stringify({ type: "prompt", message: "a\u2028b\u2029c" });
    expect(record).toContain("\u2028");
    expect(await collect([`${record}\n`])).toEqual([record]);
  });

  it("strips one trailing \\r of a CRLF line, and only one", async () => {
    expect(await collect(['{"a":1}\r\n{"b":2}\r\r\n'])).toEqual(['{"a":1}', '{"b":2}\r']);
  });

  it("delivers a last line without \\n when the input ends", async () => {
    expect(await collect(['{"a":1}\n{"b":', "2}"])).toEqual(['{"a":1}', '{"b":2}']);
  });

  it("joins a character split across chunks", async () => {
    const bytes = Buffer.from('{"m":"é😀"}\n', "utf8");
    const chunks = [...bytes].map((byte) => Buffer.from([byte]));
    expect(await collect(chunks)).toEqual(['{"m":"é😀"}']);
  });

  it("reads a 10 MB line that arrives in 64 KiB pieces", async () => {
    const big = JSON.stringify({ type: "get_state", padding: "x".repeat(10 * 1024 * 1024) });
    const chunks: string[] = [];
    for (let offset = 0; offset < big.length; offset += 65536) chunks.push(big.slice(offset, offset + 65536));
    const lines = await collect([...chunks, "\n", '{"after":true}\n']);
    expect(lines).toHaveLength(2);
    expect(lines[0]!.length).toBe(big.length);
    expect(lines[1]).toBe('{"after":true}');
  });
});

describe("pith --mode rpc framing", () => {
  let world: CliWorld;
  beforeEach(async () => {
    world = await createCliWorld();
  });
  afterEach(async () => {
    await world.close();
  });

  it("answers CRLF lines, keeps U+2028 in a prompt, reads a final line without newline, and writes only JSON lines", async () => {
    world.mock.enqueue({ text: "line\u2028separator\u2029paragraph" });
    const rpc = spawnRpc(world);
    rpc.peer.send('{"id":"crlf","type":"get_state"}\r');
    rpc.peer.send({ id: "sep", type: "prompt", message: "keep\u2028this\u2029together" });
    rpc.peer.send('{"id":"last","type":"get_messages"}', { raw: true });
    rpc.peer.end();
    const { code } = await rpc.exited;
    expect(code).toBe(0);
    expect(rpc.peer.strayLines).toEqual([]);
    expect((await rpc.peer.response("crlf")).success).toBe(true);
    expect((await rpc.peer.response("sep")).success).toBe(true);
    const sent = world.mock.requests[0]!.body as { messages: { content: unknown }[] };
    expect(JSON.stringify(sent.messages[0]!.content)).toContain("keep\u2028this\u2029together");
    // The answer's separators survive on the way out too (JSON.stringify leaves them unescaped).
    const ends = rpc.peer.ofType("message_end").map((event) => (event.message as { role: string }).role);
    expect(ends).toEqual(["system", "user", "assistant"]);
    const reply = rpc.peer.ofType("message_end").at(-1) as { message: { content: { text: string }[] } };
    expect(reply.message.content[0]!.text).toBe("line\u2028separator\u2029paragraph");
    // The final unterminated line ran after the prompt was accepted (commands run in order): it sees the prompt.
    const last = await rpc.peer.response("last");
    const messages = (last.data as { messages: { role: string; content: unknown }[] }).messages;
    expect(messages[1]).toMatchObject({ role: "user", content: [{ type: "text", text: "keep\u2028this\u2029together" }] });
  });

  it("answers a 10 MB command line and the line after it", async () => {
    const rpc = spawnRpc(world);
    rpc.peer.send({ id: "big", type: "set_session_name", name: `big-${"n".repeat(10 * 1024 * 1024)}` });
    rpc.peer.send({ id: "next", type: "get_state" });
    const big = await rpc.peer.response("big");
    expect(big.success).toBe(true);
    const next = await rpc.peer.response("next");
    expect((next.data as { sessionName: string }).sessionName).toHaveLength(4 + 10 * 1024 * 1024);
    rpc.peer.end();
    expect((await rpc.exited).code).toBe(0);
  });
});
