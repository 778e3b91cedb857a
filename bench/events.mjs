// Per-event overhead: 100,000 streamed text deltas (1,000 replies of 100 deltas) through the kernel, and through
// the kernel plus JSON output, against parsing the same deltas from raw Anthropic SSE text.
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
  if (flush) await session.registry.services.get("jsonOutput").value.flush();
  const elapsed = performance.now() - started;
  if (seen < REPLIES * deltas.length) throw new Error(`only ${seen} updates arrived`);
  return elapsed;
}
