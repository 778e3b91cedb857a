// The SIGKILL matrix's machinery, shared by its two files (each kills half the runs with a seed of its own, so the
// two halves run side by side instead of one file standing alone at the end of the suite).
//
// A streamed multi-turn session with tool calls is killed with SIGKILL at seeded random moments through the real
// CLI; each file is then resumed by pith. No complete line may be lost and no file may be unreadable. Every tenth
// file is resumed by a CLI run of its own (`--session`); the others by one pith in RPC mode that switches to each
// file (`switch_session`), which opens it as start-up does, for a fraction of the process starts.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { spawnRpc, type RpcChild, type RpcRecord } from "../rpc/rpc-harness.js";

const PARALLEL = 5;
const MODEL = ["--model", "mock/mock-model"];
const CLI_RESUME_EVERY = 10;

/**
 * Three bash calls with streamed text and thinking, then a final answer; the same for a resumed run. The killed run's
 * chunks come 25 ms apart, so that its kill lands while the session is being written; the resumption, which only has
 * to read the file and add to it, gets them at once.
 */
function scriptedTurn(request: { body: Record<string, unknown> }) {
  const body = JSON.stringify(request.body);
  const toolResults = (body.match(/tool_use_id/g) ?? []).length;
  const delayMs = body.includes("carry on") ? 0 : 25;
  if (toolResults >= 3) return { text: ["All ", "three ", "steps ", "done."], delayMs };
  return {
    thinking: ["Next ", "step."],
    text: ["Running ", `step ${toolResults + 1}.`],
    toolCalls: [{ name: "bash", arguments: { command: `echo step-${toolResults + 1}` } }],
    delayMs,
  };
}

function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Complete lines (ending in a newline) parsed; a torn last line is what a kill may leave, and is not counted. */
function completeLines(text: string): unknown[] {
  const lines = text.split("\n");
  lines.pop();
  return lines.map((line) => JSON.parse(line) as unknown);
}

/** Registers the file's world, RPC process and the matrix test: `runs` kills at moments drawn from `seed`. */
export function sigkillMatrix({ runs, seed }: { runs: number; seed: number }): void {
  let world: CliWorld;
  let rpc: RpcChild;
  beforeAll(async () => {
    world = await createCliWorld();
    // its own new session is never written: nothing is prompted before the first switch
    rpc = spawnRpc(world);
  });
  afterAll(async () => {
    rpc?.peer.end();
    await rpc?.exited;
    await world.close();
  });

  /**
   * The kill is timed from the moment the session file appears, not from the spawn: on a loaded machine start-up
   * alone can outlast a spawn-timed delay, and the kills would all land before there is anything to lose.
   */
  async function killedRun(index: number, killAfterMs: number): Promise<{ file: string; before: unknown[]; killed: boolean }> {
    const file = join(world.project, `killed-${index}.jsonl`);
    const killed = await new Promise<boolean>((resolve) => {
      void world.run(["-p", ...MODEL, "--session", file, "do the three steps"], {
        onSpawn: (child) => {
          const waitForFile = setInterval(() => {
            if (!existsSync(file)) return;
            clearInterval(waitForFile);
            setTimeout(() => child.kill("SIGKILL"), killAfterMs);
          }, 5);
          child.once("exit", (_code, signal) => {
            clearInterval(waitForFile);
            resolve(signal === "SIGKILL");
          });
        },
      });
    });
    return { file, before: existsSync(file) ? completeLines(await readFile(file, "utf-8")) : [], killed };
  }

  /** Resumes `file` with "carry on": a CLI run of its own, or the RPC process switched to the file. */
  async function resume(index: number, file: string): Promise<void> {
    if (index % CLI_RESUME_EVERY === 0) {
      const result = await world.run(["-p", ...MODEL, "--session", file, "carry on"]);
      expect(result.stderr).not.toMatch(/pith: (?!warning)/);
      expect(result.code).toBe(0);
      return;
    }
    const from = rpc.peer.records.length;
    expect(await rpc.peer.request({ type: "switch_session", sessionPath: file })).toMatchObject({ success: true, data: { cancelled: false } });
    expect(await rpc.peer.request({ type: "prompt", message: "carry on" })).toMatchObject({ success: true });
    const end = (await rpc.peer.waitForEvent("agent_end", from)) as RpcRecord & { messages: { role: string; stopReason?: string }[] };
    // the run's final answer, as the CLI's exit code 0 says
    expect(end.messages.at(-1)).toMatchObject({ role: "assistant", stopReason: "stop" });
    expect(rpc.stderr()).not.toMatch(/pith: (?!warning)/);
  }

  it(`loses no complete entry and leaves every file resumable (${runs} seeded kills, seed ${seed})`, async () => {
    // a killed run takes up to four replies, its resumption up to four more
    for (let index = 0; index < runs * 8; index++) world.mock.enqueue(scriptedTurn);
    const random = seededRandom(seed);
    // a whole run streams four replies of 25 ms chunks after the file appears: about 600 ms on an idle machine
    const delays = Array.from({ length: runs }, () => Math.floor(random() * 600));
    let killedMidSession = 0;
    // PARALLEL kills at a time; each file is resumed as soon as its run is killed, one at a time (one RPC process),
    // while the next kills go on
    let resumed: Promise<void> = Promise.resolve();
    const checks: Promise<void>[] = [];
    let next = 0;
    const killOneAfterAnother = async () => {
      while (next < runs) {
        const index = next++;
        const { file, before, killed } = await killedRun(index, delays[index]!);
        if (killed) killedMidSession++;
        resumed = resumed.then(async () => {
          await resume(index, file);
          const after = completeLines(await readFile(file, "utf-8"));
          expect(after.slice(0, before.length)).toEqual(before);
          expect(after.length).toBeGreaterThan(before.length);
        });
        // the failure is reported by the Promise.all below; this only keeps it from counting as unhandled meanwhile
        resumed.catch(() => undefined);
        checks.push(resumed);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, killOneAfterAnother));
    await Promise.all(checks);
    // most kills must land while the session is being written, not after the run has finished
    expect(killedMidSession).toBeGreaterThan(runs / 2);
    rpc.peer.end();
    expect(await rpc.exited).toEqual({ code: 0, signal: null });
  }, 600_000);
}
