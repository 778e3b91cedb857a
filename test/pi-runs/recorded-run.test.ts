// The recorder of pi runs (test/support/pi-runs) replays a run only when nothing the run could see has changed, and
// puts back what it left: its result with this run's folders and ports, the files it wrote, the mock's requests. The
// "pi" here is a function standing in for a process, so each case can count the runs that really happened.
import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startMockLlm, type MockLlm } from "../support/mock-llm/index.js";
import { recordedPiRun } from "../support/pi-runs/recorded-run.js";
import { recordedRpcProcess, type RpcProcess } from "../support/pi-runs/recorded-rpc.js";
import { countRunsAfresh, keyedEnvironment } from "../support/pi-runs/recording-key.js";
import { removeAfterTest } from "../support/temp-folders.js";

const saved = { mode: process.env.PITH_PI_RUNS, folder: process.env.PITH_PI_RUNS_FOLDER };
let mock: MockLlm;

beforeEach(async () => {
  process.env.PITH_PI_RUNS_FOLDER = removeAfterTest(await mkdtemp(join(tmpdir(), "pith-recordings-")));
  mock = await startMockLlm();
});

afterEach(async () => {
  for (const [name, value] of [["PITH_PI_RUNS", saved.mode], ["PITH_PI_RUNS_FOLDER", saved.folder]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await mock.close();
});

/** A world like a test's: a temporary folder with a settings file naming the mock. */
async function world(): Promise<string> {
  const root = removeAfterTest(await mkdtemp(join(tmpdir(), "pith-recorded-world-")));
  await writeFile(join(root, "settings.json"), JSON.stringify({ baseUrl: mock.url }));
  return root;
}

const sessionFolder = (root: string) => `--${root.slice(1).replaceAll("/", "-")}--`;

/** A run that reads the world's file, writes one, asks the mock once, and answers with a path in the world. */
function fakePi(root: string, counter: { runs: number }) {
  return {
    label: `fake pi in ${root}`,
    input: { cwd: root, args: ["-p", "hi"] },
    run: async () => {
      counter.runs++;
      const settings = JSON.parse(await readFile(join(root, "settings.json"), "utf8")) as { baseUrl: string };
      const reply = await fetch(`${settings.baseUrl}/v1/messages`, { method: "POST", body: JSON.stringify({ model: "m", messages: [], stream: false }) });
      await writeFile(join(root, "session.jsonl"), `{"cwd":"${root}"}\n`);
      // pi names a session's folder after the working folder
      await mkdir(join(root, sessionFolder(root)), { recursive: true });
      await writeFile(join(root, sessionFolder(root), "s.jsonl"), "{}\n");
      return { code: 0, stdout: `wrote ${join(root, "session.jsonl")} (${reply.status})` };
    },
  };
}

describe("recorded pi runs", () => {
  it("a recorded run is replayed in another world: its result, its files and the mock's requests, with this world's paths", async () => {
    process.env.PITH_PI_RUNS = "record";
    const counter = { runs: 0 };
    mock.enqueue({ text: "one" });
    const first = await world();
    const recorded = await recordedPiRun(fakePi(first, counter));
    expect(counter.runs).toBe(1);
    expect(mock.requests).toHaveLength(1);

    delete process.env.PITH_PI_RUNS;
    const second = await world();
    mock.enqueue({ text: "one" });
    const replayed = await recordedPiRun(fakePi(second, counter));
    expect(counter.runs).toBe(1);
    expect(replayed).toEqual({ code: 0, stdout: recorded.stdout.replace(first, second) });
    expect(await readFile(join(second, "session.jsonl"), "utf8")).toBe(`{"cwd":"${second}"}\n`);
    expect(await readFile(join(second, sessionFolder(second), "s.jsonl"), "utf8")).toBe("{}\n");
    // the replayed request joins the mock's list and its reply is used up, as if the run had asked
    expect(mock.requests).toHaveLength(2);
    expect(mock.pending()).toBe(0);
  });

  it("a changed file in the world, a changed reply queued on the mock, or changed arguments run pi again", async () => {
    process.env.PITH_PI_RUNS = "record";
    const counter = { runs: 0 };
    mock.enqueue({ text: "one" });
    await recordedPiRun(fakePi(await world(), counter));
    delete process.env.PITH_PI_RUNS;

    const changedFile = await world();
    await writeFile(join(changedFile, "extra.txt"), "more");
    mock.enqueue({ text: "one" });
    await recordedPiRun(fakePi(changedFile, counter));
    expect(counter.runs).toBe(2);

    mock.enqueue({ text: "another reply" });
    await recordedPiRun(fakePi(await world(), counter));
    expect(counter.runs).toBe(3);

    mock.enqueue({ text: "one" });
    const root = await world();
    await recordedPiRun({ ...fakePi(root, counter), input: { cwd: root, args: ["-p", "bye"] } });
    expect(counter.runs).toBe(4);
  });

  it("PITH_PI_RUNS=live always runs pi and records nothing; a run naming a server that is not the mock is never recorded", async () => {
    process.env.PITH_PI_RUNS = "live";
    const counter = { runs: 0 };
    mock.enqueue({ text: "one" });
    await recordedPiRun(fakePi(await world(), counter));
    expect(await readdir(process.env.PITH_PI_RUNS_FOLDER!)).toEqual([]);
    process.env.PITH_PI_RUNS = "record";
    const input = { url: "http://127.0.0.1:65000/elsewhere" };
    await recordedPiRun({ label: "elsewhere", input, run: async () => ++counter.runs });
    delete process.env.PITH_PI_RUNS;
    await recordedPiRun({ label: "elsewhere", input, run: async () => ++counter.runs });
    expect(counter.runs).toBe(3);
    expect(await readdir(process.env.PITH_PI_RUNS_FOLDER!)).toEqual([]);
  });
});

/** A stand-in for pi in RPC mode: answers each line with "got <line>", ends when its input ends. */
function echoProcess(counter: { runs: number }): RpcProcess {
  counter.runs++;
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    stdin.setEncoding("utf8").on("data", (line: string) => stdout.write(`got ${line}`));
    stdin.on("end", () => {
      stdout.end();
      stderr.end();
      resolve({ code: 0, signal: null });
    });
  });
  return { stdin, stdout, stderr, pid: 4242, kill: () => true, exited };
}

async function talk(root: string, lines: string[], counter: { runs: number }): Promise<{ stdout: string; stderr: string; exit: unknown }> {
  const rpc = recordedRpcProcess("echo", { cwd: root }, [], () => echoProcess(counter));
  let stdout = "";
  let stderr = "";
  rpc.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  rpc.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  for (const line of lines) rpc.stdin.write(`${line}\n`);
  rpc.stdin.end();
  const exit = await rpc.exited;
  return { stdout, stderr, exit };
}

describe("recorded pi runs in RPC mode", () => {
  it("a replay answers the same lines with what pi wrote, with its pid; other lines end it with a message naming both", async () => {
    process.env.PITH_PI_RUNS = "record";
    const counter = { runs: 0 };
    const recorded = await talk(await world(), ["one", "two"], counter);
    expect(recorded).toEqual({ stdout: "got one\ngot two\n", stderr: "", exit: { code: 0, signal: null } });
    delete process.env.PITH_PI_RUNS;
    countRunsAfresh();
    expect(await talk(await world(), ["one", "two"], counter)).toEqual(recorded);
    expect(counter.runs).toBe(1);
    countRunsAfresh();
    const diverged = await talk(await world(), ["one", "three"], counter);
    expect(diverged.exit).toEqual({ code: 99, signal: null });
    expect(diverged.stderr).toContain('the test sent {"in":"three\\n"}, the recording has {"in":"two\\n"}');
    expect(counter.runs).toBe(1);
  });
});

describe("what a run's key holds of the environment", () => {
  it("what the run is given beyond the test process's own, and the inherited variables that change pi's answers", () => {
    const env = { ...process.env, PI_OFFLINE: "1", EDITOR: process.env.EDITOR };
    const keyed = keyedEnvironment(env);
    expect(keyed.PI_OFFLINE).toBe("1");
    // npm run sets EDITOR; pi answers with it (SettingsManager.getExternalEditorCommand), set by the test or not
    expect(Object.keys(keyed)).toContain("EDITOR");
    // the machine's own, the same for pi and pith, stay out (a recording made on one machine replays on another)
    expect(Object.keys(keyed)).not.toContain("PATH");
    expect(keyedEnvironment({ ...env, PATH: "/elsewhere" }).PATH).toBe("/elsewhere");
  });
});

describe("times pi sets ahead", () => {
  afterEach(() => void vi.useRealTimers());

  it("a login's expiry an hour on is still an hour on when the recording is replayed two hours later", async () => {
    process.env.PITH_PI_RUNS = "record";
    const counter = { runs: 0 };
    const login = (root: string) => ({
      label: "fake login",
      input: { cwd: root, args: ["login"] },
      run: async () => {
        counter.runs++;
        const expires = Date.now() + 3600_000;
        await writeFile(join(root, "auth.json"), JSON.stringify({ expires }));
        return { expires, createdAt: 1_700_000_000_000 };
      },
    });
    await recordedPiRun(login(await world()));
    delete process.env.PITH_PI_RUNS;
    const root = await world();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 2 * 3600_000);
    const replayed = await recordedPiRun(login(root));
    expect(counter.runs).toBe(1);
    expect(replayed.expires).toBeGreaterThan(Date.now() + 3500_000);
    expect((JSON.parse(await readFile(join(root, "auth.json"), "utf8")) as { expires: number }).expires).toBe(replayed.expires);
    // a time from before the recording (a constant of the test, a creation time) stays as it was
    expect(replayed.createdAt).toBe(1_700_000_000_000);
  });
});
