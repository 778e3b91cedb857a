import { readFileSync } from "node:fs";
const buf = readFileSync(process.argv[2]);
const per = () => { const out = []; let s = 0; while (s < buf.length) { let e = buf.indexOf(10, s); if (e < 0) e = buf.length; if (e > s) out.push(JSON.parse(buf.toString("utf8", s, e))); s = e + 1; } return out; };
const whole = (enc) => () => { const text = buf.toString(enc); const out = []; let s = 0; while (s < buf.length) { let e = buf.indexOf(10, s); if (e < 0) e = buf.length; if (e > s) out.push(JSON.parse(text.slice(s, e))); s = e + 1; } return out; };
const fns = { per, latin1: whole("latin1"), utf8: whole("utf8") };
const res = {};
for (let r = 0; r < 6; r++) for (const [k, f] of Object.entries(fns)) { const c0 = process.cpuUsage(); f(); const c = process.cpuUsage(c0); (res[k] ??= []).push((c.user + c.system) / 1000); }
for (const [k, v] of Object.entries(res)) console.log(k, v.map((x) => x.toFixed(0)).join(" "));
