import { readFileSync } from "node:fs";
const file = process.argv[2];
const t = (label, fn) => { const c0 = process.cpuUsage(); const w0 = performance.now(); const r = fn(); const c = process.cpuUsage(c0); console.log(label.padEnd(30), ((c.user + c.system) / 1000).toFixed(0), "ms cpu", (performance.now() - w0).toFixed(0), "ms wall"); return r; };
const buf = t("read", () => readFileSync(file));
const mode = process.argv[3];
if (mode === "perline") t("perline toString+parse", () => { const out = []; let s = 0; while (s < buf.length) { let e = buf.indexOf(10, s); if (e < 0) e = buf.length; if (e > s) out.push(JSON.parse(buf.toString("utf8", s, e))); s = e + 1; } return out; });
if (mode === "whole") t("whole toString, slice+parse", () => { const text = buf.toString("utf8"); const out = []; let s = 0; while (s < text.length) { let e = text.indexOf("\n", s); if (e < 0) e = text.length; if (e > s) out.push(JSON.parse(text.slice(s, e))); s = e + 1; } return out; });
if (mode === "latin1") t("whole latin1 check ascii", () => { const text = buf.toString("latin1"); return text.length; });
if (mode === "array") t("one JSON.parse array", () => { const text = buf.toString("utf8"); return JSON.parse("[" + text.trimEnd().replaceAll("\n", ",") + "]"); });
if (mode === "stringify") { const out = []; let s = 0; while (s < buf.length) { let e = buf.indexOf(10, s); if (e < 0) e = buf.length; if (e > s) out.push(JSON.parse(buf.toString("utf8", s, e))); s = e + 1; } t("stringify all", () => JSON.stringify(out).length); }
