// Session files at scale: open a 128 MB session (in-process, and end to end: `pith --session` up to the first
// request reaching the mock model), and list 3,000 sessions of 4 GB. Generated files are kept in
// $TMPDIR/pith-bench-sessions for later runs (≈4.2 GB; delete the folder to reclaim the space).
import { statSync } from "node:fs";
import { copyFile, mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mb, ms, runOnce } from "./measure.mjs";

export async function benchSessions({ jiti, root, pith, rssReporter }) {
  const support = await jiti.import(join(root, "plugins/sessions/bench-support.ts"));
  const workDir = join(tmpdir(), "pith-bench-sessions");
  await mkdir(workDir, { recursive: true });
  const figures = await support.runSessionBenchmarks(workDir);
  const linear = join(workDir, "large", "linear.jsonl");
  const size = statSync(linear).size;
  const farmBytes = await folderBytes(join(workDir, "farm", "sessions"));
  const grow = (timing) => (timing.peakRssAfter && timing.peakRssBefore ? timing.peakRssAfter - timing.peakRssBefore : undefined);

  console.log(`sessions (files in ${workDir})`);
  console.log(`  open ${mb(size)} session, ${figures.openLinear.entries} entries      ${ms(figures.openLinear.ms)}   peak RSS +${mb(grow(figures.openLinear) ?? 0)} (${((grow(figures.openLinear) ?? 0) / size).toFixed(2)}x the file)`);
  console.log(`  same size with compactions                   ${ms(figures.openCompacted.ms)}   peak RSS +${mb(grow(figures.openCompacted) ?? 0)}`);
  console.log(`  list ${figures.listCold.sessions} sessions (${mb(farmBytes)}), no cache       ${ms(figures.listCold.ms)}   (target < 1000 ms)`);
  console.log(`  list again, with the listing cache            ${ms(figures.listWarm.ms)}`);

  const { startMockLlm } = await jiti.import(join(root, "test/support/mock-llm/index.ts"));
  const mock = await startMockLlm({ fallback: { text: "ok" } });
  try {
    const agentDir = join(workDir, "agent");
    await mkdir(agentDir, { recursive: true });
    await writeFile(
      join(agentDir, "models.json"),
      JSON.stringify({ providers: { mock: { baseUrl: mock.url, api: "anthropic-messages", apiKey: "k", models: [{ id: "mock-model", contextWindow: 100000000 }] } } }),
    );
    for (const [label, file] of [
      ["compacted every 100 turns", join(workDir, "large", "compacted.jsonl")],
      ["no compaction: the whole file is the context", linear],
    ]) {
      const figures = await openAndSend(pith, rssReporter, mock, file, agentDir, workDir);
      const fileSize = statSync(file).size;
      console.log(`  pith -p --session <${mb(fileSize)}>, ${label}: first request after ${ms(figures.firstRequestMs)}, exit after ${ms(figures.exitMs)}, peak RSS ${mb(figures.rss)} (${(figures.rss / fileSize).toFixed(2)}x the file)`);
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
 * Wall time from spawning `pith --session file -p` until its request reaches the mock model, and to exit. The run
 * appends to the session it opens, so it works on a scratch copy and the generated file stays the same.
 */
async function openAndSend(pith, rssReporter, mock, source, agentDir, workDir) {
  const file = join(workDir, "scratch-session.jsonl");
  await copyFile(source, file);
  let firstRequestMs;
  const before = mock.requests.length;
  const started = performance.now();
  const poll = setInterval(() => {
    if (firstRequestMs === undefined && mock.requests.length > before) firstRequestMs = performance.now() - started;
  }, 2);
  const run = await runOnce(process.execPath, ["--import", rssReporter, pith, "-p", "--model", "mock/mock-model", "--session", file, "continue"], {
    env: { ...process.env, PI_CODING_AGENT_DIR: agentDir, PITH_CACHE_DIR: join(workDir, "cache") },
    cwd: workDir,
  });
  clearInterval(poll);
  await rm(file, { force: true });
  if (run.code !== 0) throw new Error(`pith --session failed: ${run.stderr}`);
  return { firstRequestMs: firstRequestMs ?? Number.NaN, exitMs: run.ms, rss: run.rss ?? 0 };
}
