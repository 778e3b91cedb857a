// A reply of 30,000 deltas in RPC mode, read by a client that stops reading for a while: pith must neither run
// out of memory (the heap is capped at 256 MB here) nor lose a delta. Each message_update carries only its delta,
// and while stdout is full the session stops reading the provider's stream. 30,000 lines (about 6 MB) fill the
// pipe many times over; an update carrying the message so far would write gigabytes and end the heap.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, expect, it } from "vitest";
import { PITH_BIN, createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { RpcPeer } from "./rpc-harness.js";

const DELTAS = 30_000;
let world: CliWorld;
beforeEach(async () => {
  world = await createCliWorld();
});
afterEach(async () => {
  await world.close();
});

/** Resident memory of a process in MB (Linux), or undefined once it is gone. */
function residentMb(pid: number): number | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((entry) => entry.startsWith("VmRSS:"));
    return line ? Number(line.split(/\s+/)[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

it("streams 30,000 deltas to a slow reader under a 256 MB heap, memory bounded, nothing lost", { timeout: 240_000 }, async () => {
  const pieces = Array.from({ length: DELTAS }, (_, index) => `w${index % 10} `);
  world.mock.enqueue({ text: pieces });
  const child = spawn(process.execPath, ["--max-old-space-size=256", PITH_BIN, "--mode", "rpc", "--model", "mock/mock-model"], {
    cwd: world.project,
    env: world.env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  const peer = new RpcPeer(child.stdin!, child.stdout!);

  let peakMb = 0;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, residentMb(child.pid!) ?? 0)), 50);
  try {
    await peer.request({ type: "prompt", message: "a long answer" });
    await peer.waitForEvent("message_update");
    // The reader stops for three seconds: pith must wait for it instead of buffering the rest of the reply.
    child.stdout!.pause();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const residentWhilePaused = residentMb(child.pid!)!;
    child.stdout!.resume();
    await peer.waitForEvent("agent_settled");
    peer.end();
    expect(await exited).toBe(0);

    const deltas = peer.ofType("message_update").filter((record) => (record.assistantMessageEvent as { type: string }).type === "text_delta");
    expect(deltas).toHaveLength(DELTAS);
    expect(deltas.every((record) => !("message" in record))).toBe(true);
    const final = peer.ofType("message_end").at(-1)!.message as { content: { text: string }[] };
    expect(final.content[0]!.text).toBe(pieces.join(""));
    expect(residentWhilePaused).toBeLessThan(400);
    expect(peakMb).toBeLessThan(600);
    expect(stderr).not.toMatch(/MaxListeners|heap out of memory/);
  } finally {
    clearInterval(sampler);
    child.kill();
  }
});
