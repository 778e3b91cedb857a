// Per-event overhead: 100,000 streamed text deltas (1,000 replies of 100 deltas) through the kernel, and through
// the kernel plus JSON output, against parsing the same deltas from raw Anthropic SSE text. Then one `write` tool
// call of a 230 KB file in 20-character argument deltas through the message builder, against re-parsing the whole
// arguments text on every delta (what the builder did before it read them incrementally). Last, the served pi-ai
// StreamingJsonParser over such a call's arguments (a snapshot after every piece), against the parser as it was when
// it read the whole text again per piece (the tests' reference) and against pi-ai 1.6.0's own.
import { Writable } from "node:stream";
import { join } from "node:path";
import { ms, ratio } from "./measure.mjs";

const REPLIES = 1000;
const DELTAS = 100;

export async function benchEvents({ jiti, root }) {
  const kernel = await jiti.import(join(root, "kernel/index.ts"));
  const testing = await jiti.import(join(root, "sdk/testing/index.ts"));
  const { jsonOutputPlugin } = await jiti.import(join(root, "plugins/output-json/index.ts"));
  const { encodeAnthropicStream } = await jiti.import(join(root, "test/support/mock-llm/index.ts"));
  const deltas = Array.from({ length: DELTAS }, (_, i) => `word${i} `);

  // Baseline: split SSE into events and JSON.parse each data line, as any client must.
  const sse = encodeAnthropicStream({ text: deltas });
  let parsed = 0;
  const rawStart = performance.now();
  for (let r = 0; r < REPLIES; r++) {
    for (const line of sse.split("\n")) {
      if (line.startsWith("data: ")) {
        const data = JSON.parse(line.slice(6));
        if (data.delta?.type === "text_delta") parsed++;
      }
    }
  }
  const rawMs = performance.now() - rawStart;

  const kernelMs = await runSession(kernel, testing, deltas, []);
  let bytes = 0;
  const sink = new Writable({ write(chunk, _enc, done) { bytes += chunk.length; done(); } });
  const jsonMs = await runSession(kernel, testing, deltas, [jsonOutputPlugin({ stream: sink })], true);

  const total = REPLIES * DELTAS;
  const perEvent = (value) => `${((value * 1e6) / total).toFixed(0)} ns/delta`;
  console.log(`per-event overhead: ${total.toLocaleString()} text deltas in ${REPLIES} replies (parsed ${parsed.toLocaleString()} from SSE)`);
  console.log(`  raw SSE parsing             ${ms(rawMs)}   ${perEvent(rawMs)}`);
  console.log(`  kernel (events, no output)  ${ms(kernelMs)}   ${perEvent(kernelMs)}   ${ratio(kernelMs, rawMs)} of raw SSE`);
  console.log(`  kernel + JSON output        ${ms(jsonMs)}   ${perEvent(jsonMs)}   ${ratio(jsonMs, rawMs)} of raw SSE   (${(bytes / 1024 / 1024).toFixed(1)} MB of JSON lines)`);
  await benchToolArguments({ jiti, root });
  await benchStreamingJsonParser({ jiti, root });
}

const ARGUMENT_DELTA = 20;

async function benchToolArguments({ jiti, root }) {
  const { AssistantMessageBuilder, parsePartialJson } = await jiti.import(join(root, "lib/provider-kit/index.ts"));
  const content = Array.from({ length: 4000 }, (_, i) => `line ${i}: const value = "x" + ${i}; // some code here\n`).join("");
  const json = JSON.stringify({ path: "src/big.ts", content });
  const deltas = [];
  for (let at = 0; at < json.length; at += ARGUMENT_DELTA) deltas.push(json.slice(at, at + ARGUMENT_DELTA));

  const builderMs = cpuMs(() => {
    const builder = new AssistantMessageBuilder({ id: "m", api: "anthropic-messages", provider: "p" });
    const { index } = builder.toolCallStart("call_1", "write");
    for (const delta of deltas) builder.toolCallDelta(index, delta);
    builder.toolCallEnd(index);
    if (builder.message.content[index].arguments.content !== content) throw new Error("the builder read other arguments");
  });
  const reparseMs = cpuMs(() => {
    let text = "";
    for (const delta of deltas) parsePartialJson((text += delta));
  });
  console.log(`tool-call arguments: a write of ${(json.length / 1024).toFixed(0)} KB in ${deltas.length.toLocaleString()} deltas of ${ARGUMENT_DELTA} characters (CPU)`);
  console.log(`  read incrementally (builder)    ${ms(builderMs)}`);
  console.log(`  whole text re-parsed per delta ${ms(reparseMs)}   ${ratio(reparseMs, builderMs)} of incremental`);
}

async function benchStreamingJsonParser({ jiti, root }) {
  const { StreamingJsonParser } = await jiti.import(join(root, "plugins/extensions/shims/pi-ai/streaming-json-parser.ts"));
  const { ReferenceStreamingJsonParser } = await jiti.import(join(root, "test/extensions/streaming-json-parser-reference.ts"));
  // pi-ai's own parser, read for comparison only (pith's runtime never imports it)
  const piAi = await import(join(root, "node_modules/@earendil-works/pi-ai/dist/utils/streaming-json.js")).catch(() => undefined);
  const feed = (Parser, text) =>
    cpuMs(() => {
      const parser = new Parser();
      for (let at = 0; at < text.length; at += ARGUMENT_DELTA) {
        parser.append(text.slice(at, at + ARGUMENT_DELTA));
        parser.snapshot();
      }
    });
  const lines = (count) => Array.from({ length: count }, (_, i) => `line ${i}: const value = "x" + ${i}; // some code here\n`).join("");
  for (const count of [1000, 16000]) {
    const json = JSON.stringify({ path: "src/big.ts", content: lines(count), edits: Array.from({ length: count / 10 }, (_, i) => ({ line: i, all: i % 2 === 0 })) });
    const servedMs = feed(StreamingJsonParser, json);
    // the whole text read again per piece costs its square: measured on the smaller document only
    const before = count > 1000 ? "" : `   re-read per piece (before) ${ms(feed(ReferenceStreamingJsonParser, json))}`;
    const pi = piAi ? `   pi-ai 1.6.0 ${ms(feed(piAi.StreamingJsonParser, json))}` : "";
    console.log(`served StreamingJsonParser: ${(json.length / 1024).toFixed(0)} KB in ${ARGUMENT_DELTA}-character pieces, a snapshot after each (CPU)`);
    console.log(`  incremental ${ms(servedMs)}${before}${pi}`);
  }
}

function cpuMs(work) {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

async function runSession(kernel, testing, deltas, plugins, flush = false) {
  const scripted = testing.createScriptedProvider();
  for (let r = 0; r < REPLIES; r++) scripted.enqueue({ text: deltas });
  const { session } = await kernel.boot({ cwd: process.cwd(), plugins: [testing.scriptedProviderPlugin(scripted), ...plugins] });
  await session.setModel(testing.scriptedModel());
  await session.start();
  let seen = 0;
  session.subscribe((event) => {
    if (event.type === "message_update") seen++;
  });
  const started = performance.now();
  for (let r = 0; r < REPLIES; r++) {
    // A fresh conversation each time: this measures events, not a growing context.
    session.replaceMessages([]);
    await session.prompt("go");
  }
  if (flush) await session.registry.services.get("jsonOutput").flush();
  const elapsed = performance.now() - started;
  if (seen < REPLIES * deltas.length) throw new Error(`only ${seen} updates arrived`);
  return elapsed;
}
