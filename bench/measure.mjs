// Timing helpers shared by the benchmarks.
import { spawn } from "node:child_process";

/** Runs a command to completion; returns wall time (ms), peak RSS (bytes, when the reporter is preloaded), output. */
export function runOnce(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], ...options });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const rss = /__PEAK_RSS__ (\d+)/.exec(stderr);
      resolve({ ms, code, stdout, stderr: stderr.replace(/\n__PEAK_RSS__ \d+\n?/, ""), rss: rss ? Number(rss[1]) : undefined });
    });
  });
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export async function repeat(times, fn) {
  const results = [];
  for (let i = 0; i < times; i++) results.push(await fn(i));
  return results;
}

export const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const ms = (value) => `${value.toFixed(1)} ms`;
export const ratio = (value, base) => `${(value / base).toFixed(2)}x`;
