// A runtime's disposal leaves nothing behind: no reply, tool process, retry timer, open file or lock. Counted
// with process.getActiveResourcesInfo(), /proc/self/fd and the process table. In a file of its own, so no other
// test's timers or handles are around when it counts.
import { readdirSync, readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SessionEvent } from "../../kernel/index.js";
import { createAgentSessionRuntime, type AgentSessionRuntime } from "../../sdk/index.js";
import { eventLog, sdkWorld, type SdkWorld } from "./harness.js";

let world: SdkWorld;
let runtime: AgentSessionRuntime | undefined;

beforeEach(() => {
  world = sdkWorld({ retry: { baseDelayMs: 60_000 } });
});
afterEach(async () => {
  await runtime?.dispose();
  runtime = undefined;
  world.close();
});

function defaults() {
  const { plugins: _plugins, scripted: _scripted, ...options } = world.options();
  return options;
}

function add(steps: Parameters<SdkWorld["options"]>[0], extra: Parameters<SdkWorld["options"]>[1] = {}) {
  const { plugins, scripted } = world.options(steps, extra);
  return { options: { ...extra, plugins }, scripted };
}

const isAssistantStart = (event: SessionEvent) => event.type === "message_start" && event.message.role === "assistant";

describe("dispose", () => {
  it("leaves no run, tool process, timer, open file or lock behind", async () => {
    // One session opened and closed first, so one-time start-up work (module caches) is not counted.
    await (await createAgentSessionRuntime(defaults())).dispose();
    const marker = 900_000 + Math.floor(Math.random() * 90_000);
    const before = resources();
    expect(processesWith(marker)).toEqual([]);

    runtime = await createAgentSessionRuntime(defaults());
    // A: a bash tool call whose command starts a background job and waits on another.
    const a = add([{ toolCalls: [{ name: "bash", arguments: { command: `sleep ${marker} & sleep ${marker + 1}` } }] }]);
    // B: a provider failure the retry plugin waits a minute to retry.
    const b = add([{ error: { message: "overloaded", status: 503 } }]);
    // C: a reply that streams slowly, in memory only.
    const c = add([{ text: "slow", delayMs: 60_000 }], { noSession: true });
    const sessions = [await runtime.create(a.options), await runtime.create(b.options), await runtime.create(c.options)];
    const logs = sessions.map((session) => {
      const log = eventLog();
      session.subscribe(log.listener);
      return log;
    });
    const prompts = sessions.map((session) => session.prompt("go"));
    await until(() => processesWith(marker).length === 2);
    await logs[1]!.next((event) => event.type === "auto_retry_start");
    await logs[2]!.next(isAssistantStart);
    const locks = () => readdirSync(world.sessionDir, { recursive: true }).filter((name) => String(name).endsWith(".lock"));
    expect(locks().length).toBeGreaterThan(0);
    expect(resources()).not.toEqual(before);

    await runtime.dispose();

    expect(processesWith(marker)).toEqual([]);
    expect(locks()).toEqual([]);
    // nothing of this test's is left; test files share the process, so another file's timer may end meanwhile
    expect(grownSince(before, resources())).toEqual({});
    expect((await Promise.allSettled(prompts)).map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
    expect(sessions.every((session) => session.isDisposed)).toBe(true);
    // What was said is on disk, the aborted tool call included.
    const stored = readFileSync(sessions[0]!.sessionFile!, "utf8");
    expect(stored).toContain(`sleep ${marker}`);
    expect(stored).toContain('"role":"toolResult"');
  });
});

/** Active handles and requests by type, and open file descriptors. */
/** The kinds of resource (and open files) that are more now than before, with how many more. */
function grownSince(before: ReturnType<typeof resources>, now: ReturnType<typeof resources>): Record<string, number> {
  const grown: Record<string, number> = {};
  for (const [type, count] of Object.entries(now.active)) if (count > (before.active[type] ?? 0)) grown[type] = count - (before.active[type] ?? 0);
  if (now.fds > before.fds) grown.fds = now.fds - before.fds;
  return grown;
}

function resources(): { active: Record<string, number>; fds: number } {
  const active: Record<string, number> = {};
  for (const type of process.getActiveResourcesInfo()) active[type] = (active[type] ?? 0) + 1;
  return { active, fds: readdirSync("/proc/self/fd").length };
}

/** Live (not zombie) processes whose command line holds the marker. */
function processesWith(marker: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      const state = readFileSync(`/proc/${entry}/stat`, "utf8").replace(/^.*\) /s, "")[0];
      if (state !== "Z" && command.some((part) => part === String(marker) || part === String(marker + 1))) pids.push(Number(entry));
    } catch {
      // exited while we looked
    }
  }
  return pids;
}

/** Polls until `condition` holds; the test's timeout bounds the wait. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}
