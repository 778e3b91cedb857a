// Runs one command as the leader of its own process group, so a timeout or an abort can stop everything
// it started (pipelines, `sh -c` wrappers, background jobs), not just the shell.
import { spawn } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { PithError } from "../../../kernel/index.js";

export interface ProcessGroupRun {
  file: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  onData(chunk: Buffer): void;
  signal?: AbortSignal;
  /** stop the group after this many milliseconds */
  timeoutMs?: number;
  /** time between SIGTERM and SIGKILL when stopping */
  killGraceMs: number;
}

export interface ProcessGroupOutcome {
  exitCode: number | null;
  exitSignal: NodeJS.Signals | null;
  stoppedBy?: "abort" | "timeout";
}

// After the shell exits, a background job may still hold the output pipes; read what arrives in this
// window, then stop listening (the job keeps running unless we are stopping the group).
const STDIO_GRACE_MS = 100;
const GROUP_POLL_MS = 20;
// setTimeout fires at once for delays above 2^31-1 ms (about 24.8 days); such timeouts mean "none".
const MAX_TIMER_MS = 2 ** 31 - 1;

const runningGroups = new Set<number>();
let exitHookInstalled = false;

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(process.platform === "win32" ? pid : -pid, signal);
  } catch {
    // the group is already gone
  }
}

/**
 * Whether any member of the group is still running. On Linux, /proc tells zombies apart: killed members
 * whose parent died are reparented and may stay zombies for a while where PID 1 is slow to reap, and
 * `kill(-group, 0)` still reports those.
 */
function groupAlive(pid: number): boolean {
  if (process.platform === "linux") {
    try {
      return readdirSync("/proc").some((entry) => /^\d+$/.test(entry) && isLiveMember(entry, pid));
    } catch {
      // no readable /proc: fall through to the signal probe
    }
  }
  try {
    process.kill(process.platform === "win32" ? pid : -pid, 0);
    return true;
  } catch {
    return false;
  }
}

function isLiveMember(processId: string, group: number): boolean {
  try {
    // fields after the parenthesized command name: state ppid pgrp ...
    const fields = readFileSync(`/proc/${processId}/stat`, "utf-8").replace(/^.*\) /s, "").split(" ");
    return Number(fields[2]) === group && fields[0] !== "Z" && fields[0] !== "X";
  } catch {
    return false; // exited while we looked
  }
}

// Commands still running when pith exits would otherwise outlive it, detached and unowned.
function trackGroup(pid: number): void {
  runningGroups.add(pid);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const group of runningGroups) signalGroup(group, "SIGKILL");
  });
}

async function waitForGroupExit(pid: number, deadline: number): Promise<boolean> {
  while (groupAlive(pid)) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, GROUP_POLL_MS));
  }
  return true;
}

export function runInProcessGroup(run: ProcessGroupRun): Promise<ProcessGroupOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(run.file, run.args, {
      cwd: run.cwd,
      env: run.env,
      detached: process.platform !== "win32",
      stdio: ["ignore", "pipe", "pipe"],
    });
    const pid = child.pid;
    if (pid !== undefined) trackGroup(pid);

    let stoppedBy: ProcessGroupOutcome["stoppedBy"];
    let stopDeadline = 0;
    let killTimer: NodeJS.Timeout | undefined;
    let timeoutTimer: NodeJS.Timeout | undefined;
    let settled = false;

    const stop = (reason: "abort" | "timeout") => {
      if (stoppedBy || pid === undefined) return;
      stoppedBy = reason;
      stopDeadline = Date.now() + run.killGraceMs;
      signalGroup(pid, "SIGTERM");
      killTimer = setTimeout(() => signalGroup(pid, "SIGKILL"), run.killGraceMs);
    };
    const onAbort = () => stop("abort");

    const cleanup = () => {
      clearTimeout(timeoutTimer);
      run.signal?.removeEventListener("abort", onAbort);
    };

    const finish = async (exitCode: number | null, exitSignal: NodeJS.Signals | null) => {
      if (settled) return;
      settled = true;
      cleanup();
      child.stdout?.destroy();
      child.stderr?.destroy();
      if (pid !== undefined && stoppedBy && !(await waitForGroupExit(pid, stopDeadline))) {
        signalGroup(pid, "SIGKILL");
      }
      clearTimeout(killTimer);
      if (pid !== undefined) runningGroups.delete(pid);
      resolve({ exitCode, exitSignal, stoppedBy });
    };

    child.stdout?.on("data", run.onData);
    child.stderr?.on("data", run.onData);
    child.once("error", (error) => {
      if (settled) return;
      settled = true;
      cleanup();
      clearTimeout(killTimer);
      if (pid !== undefined) runningGroups.delete(pid);
      reject(new PithError("TOOL_SPAWN_FAILED", `Could not start ${run.file}: ${error.message}`, { cause: error }));
    });
    child.once("exit", (exitCode, exitSignal) => {
      const streams = [child.stdout, child.stderr].filter(
        (stream): stream is NonNullable<typeof stream> => stream !== null && !stream.readableEnded,
      );
      if (streams.length === 0) {
        void finish(exitCode, exitSignal);
        return;
      }
      const grace = setTimeout(() => void finish(exitCode, exitSignal), STDIO_GRACE_MS);
      let open = streams.length;
      for (const stream of streams) {
        stream.once("end", () => {
          if (--open === 0) {
            clearTimeout(grace);
            void finish(exitCode, exitSignal);
          }
        });
      }
    });

    if (run.timeoutMs !== undefined && run.timeoutMs <= MAX_TIMER_MS) {
      timeoutTimer = setTimeout(() => stop("timeout"), run.timeoutMs);
    }
    if (run.signal?.aborted) stop("abort");
    else run.signal?.addEventListener("abort", onAbort, { once: true });
  });
}
