import { readFileSync } from "node:fs";
const p = JSON.parse(readFileSync(process.argv[2], "utf8"));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = p.timeDeltas; let total = 0;
for (let i = 0; i < p.samples.length; i++) { self.set(p.samples[i], (self.get(p.samples[i]) ?? 0) + dt[i]); total += dt[i]; }
const parent = new Map(); for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const selfFn = new Map(); const incl = new Map();
import { SourceMapConsumer } from "source-map-js";
const maps = {};
const mapFor = (url) => { if (!url.endsWith("dist/cli.cjs")) return undefined; return maps[url] ??= new SourceMapConsumer(JSON.parse(readFileSync(url.replace("file://", "") + ".map", "utf8"))); };
const keyCache = new Map();
const key = (n) => { const c = n.callFrame; const k0 = `${c.url}:${c.lineNumber}:${c.columnNumber}:${c.functionName}`; if (keyCache.has(k0)) return keyCache.get(k0);
  let k = `${c.functionName || "(anon)"} ${c.url.split("/").slice(-2).join("/")}:${c.lineNumber}`;
  const m = mapFor(c.url); if (m) { const o = m.originalPositionFor({ line: c.lineNumber + 1, column: c.columnNumber }); if (o.source) k = `${o.name || c.functionName} ${o.source.split("/").slice(-2).join("/")}:${o.line}`; }
  keyCache.set(k0, k); return k; };
for (const [id, t] of self) {
  const n = byId.get(id); selfFn.set(key(n), (selfFn.get(key(n)) ?? 0) + t);
  const seen = new Set(); let cur = id;
  while (cur !== undefined) { const k = key(byId.get(cur)); if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + t); } cur = parent.get(cur); }
}
console.log("total ms", (total / 1000).toFixed(0));
console.log("--- self");
for (const [k, t] of [...selfFn].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((t / 1000).toFixed(1).padStart(8), k);
console.log("--- inclusive");
for (const [k, t] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[3] ?? 60))) console.log((t / 1000).toFixed(1).padStart(8), k);
