// `pith --version` against `node -e 0`. pith's code cache goes to a folder of the bench's own, never the user's.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median, ms, ratio, repeat, runOnce } from "./measure.mjs";

export async function benchStartup({ pith, runs }) {
  const cache = await mkdtemp(join(tmpdir(), "pith-bench-startup-"));
  try {
    const options = { env: { ...process.env, PITH_CACHE_DIR: cache } };
    // a user's earlier runs have written the code cache: so has this one before the timed runs
    await runOnce(process.execPath, [pith, "--help"], options);
    const node = await repeat(runs, () => runOnce(process.execPath, ["-e", "0"]));
    const version = await repeat(runs, () => runOnce(process.execPath, [pith, "--version"], options));
    const help = await repeat(Math.max(3, Math.floor(runs / 3)), () => runOnce(process.execPath, [pith, "--help"], options));
    const base = median(node.map((r) => r.ms));
    const v = median(version.map((r) => r.ms));
    const h = median(help.map((r) => r.ms));
    console.log("start-up (median of %d runs)", runs);
    console.log(`  node -e 0           ${ms(base)}`);
    console.log(`  pith --version      ${ms(v)}   ${ratio(v, base)} of node -e 0   (target: within 1.5x)`);
    console.log(`  pith --help         ${ms(h)}   ${ratio(h, base)} of node -e 0`);
  } finally {
    await rm(cache, { recursive: true, force: true });
  }
}
