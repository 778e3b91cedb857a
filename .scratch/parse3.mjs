import { readFileSync } from "node:fs";
const buf = readFileSync(process.argv[2]);
const k = process.argv[3];
const per = () => { const out = []; let s = 0; while (s < buf.length) { let e = buf.indexOf(10, s); if (e < 0) e = buf.length; if (e > s) out.push(JSON.parse(buf.toString("utf8", s, e))); s = e + 1; } return out; };
const whole = (enc) => () => { const text = buf.toString(enc); const out = []; let s = 0; while (s < buf.length) { let e = buf.indexOf(10, s); if (e < 0) e = buf.length; if (e > s) out.push(JSON.parse(text.slice(s, e))); s = e + 1; } return out; };
const fns = { per, latin1: whole("latin1"), utf8: whole("utf8") };
const c0 = process.cpuUsage(); globalThis.keep = fns[k](); const c = process.cpuUsage(c0); console.log(k, ((c.user + c.system) / 1000).toFixed(0));
