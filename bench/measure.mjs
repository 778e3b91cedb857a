// Timing helpers shared by the benchmarks.
import { spawn } from "node:child_process";

/** Runs a command to completion; returns wall time (ms), peak RSS (bytes) and CPU time (ms) when the reporter is preloaded, output. */
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
      const report = /__PEAK_RSS__ (\d+)(?: __CPU_US__ (\d+))?/.exec(stderr);
      resolve({
        ms,
        code,
        stdout,
        stderr: stderr.replace(/\n__PEAK_RSS__ [^\n]*\n?/, ""),
        rss: report ? Number(report[1]) : undefined,
        cpuMs: report?.[2] ? Number(report[2]) / 1000 : undefined,
      });
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
