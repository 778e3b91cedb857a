// Observes processes the tests start, from the outside.
import { existsSync, readFileSync } from "node:fs";

/** A zombie (exited, not yet reaped by its new parent) counts as dead. */
export function isAlive(pid: number): boolean {
  const stat = `/proc/${pid}/stat`;
  if (existsSync("/proc/self/stat")) {
    try {
      const state = readFileSync(stat, "utf-8").replace(/^.*\) /s, "")[0];
      return state !== "Z" && state !== "X";
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits (bounded) until `check` holds; returns whether it did. */
export async function eventually(check: () => boolean, attempts = 100, intervalMs = 20): Promise<boolean> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return check();
}

export function readPid(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, "utf-8").trim(), 10);
    return Number.isFinite(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}
