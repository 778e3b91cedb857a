// Session files at scale: open a 128 MB session (in-process, and end to end: `pith --session` up to its first
// request having reached the mock model), and list 3,000 sessions of 4 GB. Generated files are kept in
// $TMPDIR/pith-bench-sessions for later runs (≈4.2 GB; delete the folder to reclaim the space).
import { statSync } from "node:fs";
import { copyFile, mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mb, median, ms, runOnce } from "./measure.mjs";

export async function benchSessions({ jiti, root, pith, rssReporter }) {
  const support = await jiti.import(join(root, "test/support/session-generators.ts"));
  const workDir = join(tmpdir(), "pith-bench-sessions");
  await mkdir(workDir, { recursive: true });
  const figures = await support.runSessionBenchmarks(workDir);
  const linear = figures.linearFile;
  const size = statSync(linear).size;
  const farmBytes = await folderBytes(join(workDir, "farm", "sessions"));
  const grow = (timing) => (timing.peakRssAfter && timing.peakRssBefore ? timing.peakRssAfter - timing.peakRssBefore : undefined);

  console.log(`sessions (files in ${workDir})`);
  console.log(`  open ${mb(size)} session, ${figures.openLinear.entries} entries      ${ms(figures.openLinear.ms)}   peak RSS +${mb(grow(figures.openLinear) ?? 0)} (${((grow(figures.openLinear) ?? 0) / size).toFixed(2)}x the file)`);
  console.log(`  same size with compactions                   ${ms(figures.openCompacted.ms)}   peak RSS +${mb(grow(figures.openCompacted) ?? 0)}`);
  console.log(`  list ${figures.listCold.sessions} sessions (${mb(farmBytes)}), no cache       ${ms(figures.listCold.ms)}   (target < 1000 ms)`);
  console.log(`  list again, with the listing cache            ${ms(figures.listWarm.ms)}`);

  const { startMockLlm } = await jiti.import(join(root, "test/support/mock-llm/index.ts"));
  // Bodies as they arrive, before the mock parses them: parsing a 128 MB body takes the mock longer than pith took
  // to send it, and that is the bench's own cost.
  const received = [];
  const mock = await startMockLlm({ fallback: { text: "ok" }, onReceived: (request) => received.push(request) });
  try {
    const agentDir = join(workDir, "agent");
    await mkdir(agentDir, { recursive: true });
    const model = (id, contextWindow) => ({ id, contextWindow, maxTokens: 32000 });
    await writeFile(
      join(agentDir, "models.json"),
      JSON.stringify({
        providers: {
          mock: { baseUrl: mock.url, api: "anthropic-messages", apiKey: "k", models: [model("mock-huge", 100_000_000), model("mock-200k", 200_000)] },
        },
      }),
    );
    // the machine is often shared: a bare node start in the same run says how loaded it was
    const bare = [];
    for (let i = 0; i < 5; i++) bare.push((await runOnce(process.execPath, ["-e", "0"])).ms);
    console.log(`  node -e 0 (median of 5, for scale)             ${ms(median(bare))}`);
    const compacted = figures.compactedFile;
    for (const [label, file, modelId] of [
      ["compacted every 100 turns", compacted, "mock-huge"],
      ["no compaction, 100M-token window: the whole file is one request", linear, "mock-huge"],
      ["no compaction, 200k window: compacts before the prompt", linear, "mock-200k"],
    ]) {
      const run = await openAndSend({ pith, rssReporter, mock, received, file, agentDir, workDir, modelId });
      const fileSize = statSync(file).size;
      console.log(`  pith -p --session <${mb(fileSize)}> --model mock/${modelId}, ${label}:`);
      run.requests.forEach((request, index) => {
        const what = run.requests.length > 1 && index === 0 ? "summary request" : "prompt request";
        console.log(
          `    ${what} (${mb(request.bodyBytes)}): sending starts ${ms(request.startedMs)}, sent ${ms(request.sentMs)}, parsed by the mock ${ms(request.parsedMs)}`,
        );
      });
      console.log(`    exit after ${ms(run.exitMs)}, peak RSS ${mb(run.rss)} (${(run.rss / fileSize).toFixed(2)}x the file)`);
    }
  } finally {
    await mock.close();
  }
}

async function folderBytes(dir) {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath ?? entry.path, entry.name)).size;
  }
  return total;
}

/**
 * Wall times from spawning `pith --session file -p` until each of its requests starts arriving at the mock, has
 * arrived whole ("sent"), and has been parsed by the mock; and to exit. The run appends to the session it opens,
 * so it works on a scratch copy and the generated file stays the same.
 */
async function openAndSend({ pith, rssReporter, mock, received, file: source, agentDir, workDir, modelId }) {
  const file = join(workDir, "scratch-session.jsonl");
  await copyFile(source, file);
  const parsedAt = [];
  const before = { received: received.length, recorded: mock.requests.length };
  const started = performance.now();
  const poll = setInterval(() => {
    while (before.recorded + parsedAt.length < mock.requests.length) parsedAt.push(performance.now() - started);
  }, 2);
  const run = await runOnce(process.execPath, ["--require", rssReporter, pith, "-p", "--model", `mock/${modelId}`, "--session", file, "continue"], {
    env: { ...process.env, PI_CODING_AGENT_DIR: agentDir, PITH_CACHE_DIR: join(workDir, "cache") },
    cwd: workDir,
  });
  clearInterval(poll);
  await rm(file, { force: true });
  if (run.code !== 0) throw new Error(`pith --session failed: ${run.stderr}`);
  const requests = received.slice(before.received).map((request, index) => ({
    bodyBytes: request.bodyBytes,
    startedMs: request.startedAt - started,
    sentMs: request.receivedAt - started,
    parsedMs: parsedAt[index] ?? Number.NaN,
  }));
  return { requests, exitMs: run.ms, rss: run.rss ?? 0 };
}
