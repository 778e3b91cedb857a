import { isUtf8 } from "node:buffer";
const line = `  const value1 = compute("item-1", { depth: 1, tag: "\\u00e9t\\u00e9" });\n`.repeat(600) + "é€";
const lit = Buffer.from(JSON.stringify(line));
const N = 2000;
const RE = /^"(?:[^"\\\x00-\x1f]|\\(?:["\\\/bfnrt]|u(?![dD][89abAB])[0-9a-fA-F]{4}))*"$/;
const RE2 = /["\\\x00-\x1f]/g;
function scan(s) { // only quotes/backslashes/control chars matter
  RE2.lastIndex = 1; const end = s.length - 1; let m;
  while ((m = RE2.exec(s)) && m.index < end) {
    const c = s.charCodeAt(m.index);
    if (c !== 92) return false;
    const n = s.charCodeAt(m.index + 1);
    if (n === 117) { const h = s.slice(m.index + 2, m.index + 6); if (!/^[0-9a-fA-F]{4}$/.test(h) || /^d[89ab]/i.test(h)) return false; RE2.lastIndex = m.index + 6; }
    else if ('"\\/bfnrt'.includes(s[m.index + 1])) RE2.lastIndex = m.index + 2; else return false;
  }
  return m === null || m.index === end;
}
for (const [name, f] of [["parse", () => JSON.parse(lit.toString("utf8"))], ["regex", () => RE.test(lit.toString("latin1"))], ["scan", () => scan(lit.toString("latin1"))], ["isUtf8", () => isUtf8(lit)]]) {
  const c0 = process.cpuUsage(); let r; for (let i = 0; i < N; i++) r = f(); const c = process.cpuUsage(c0);
  console.log(name, ((c.user + c.system) / 1000).toFixed(0), "ms for", (lit.length * N / 1e6).toFixed(0), "MB", typeof r === "string" ? r.length : r);
}
