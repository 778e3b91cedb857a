// `pith --version` against `node -e 0`.
import { median, ms, ratio, repeat, runOnce } from "./measure.mjs";

export async function benchStartup({ pith, runs }) {
  const node = await repeat(runs, () => runOnce(process.execPath, ["-e", "0"]));
  const version = await repeat(runs, () => runOnce(process.execPath, [pith, "--version"]));
  const help = await repeat(Math.max(3, Math.floor(runs / 3)), () => runOnce(process.execPath, [pith, "--help"]));
  const base = median(node.map((r) => r.ms));
  const v = median(version.map((r) => r.ms));
  const h = median(help.map((r) => r.ms));
  console.log("start-up (median of %d runs)", runs);
  console.log(`  node -e 0           ${ms(base)}`);
  console.log(`  pith --version      ${ms(v)}   ${ratio(v, base)} of node -e 0   (target: within 1.5x)`);
  console.log(`  pith --help         ${ms(h)}   ${ratio(h, base)} of node -e 0`);
}
