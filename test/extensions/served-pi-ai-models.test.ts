// pi-ai 1.6.0's `StreamingJsonParser` and `withClientIdentity` as pith serves them. The parser reads documents cut
// into pieces of several sizes: each piece's changes and the snapshot after it must be pi's. The identity wrapper
// forwards a Models-shaped object's members and merges its identity into each request's options as pi's does.
import { describeServedScripts } from "./served-scripts.js";

const DOCUMENTS = [
  `{"path": "src/a.ts", "edits": [{"old": "x\\ny", "new": "z\\u00e9\\"q\\""}, {"line": 12, "all": true, "none": null}], "n": -1.5e3}`,
  `[1, "two", [3, [4, {"five": false}]], {}, [], "end"]`,
  `  {"text": "trailing   ", "tab":"a\\tb", "emoji": "\\ud83d\\ude00", "big": 123456789, "neg": -0.25, "exp": 2E-2}  `,
  `"just a string with \\\\ and \\/"`,
  `{"a": {"b": {"c": {"d": [true, false, null]}}}, "z": "last"}`,
  `42`,
  `{"k": tru`,
];

const SCRIPTS: Array<[label: string, source: string]> = [
  ["StreamingJsonParser reports pi's changes and snapshots piece by piece", `(m) => {
    const runs = [];
    for (const document of ${JSON.stringify(DOCUMENTS)}) {
      for (const size of [1, 3, 7, 1000]) {
        const parser = new m.StreamingJsonParser();
        const steps = [{ before: parser.snapshot() ?? "undefined" }];
        for (let at = 0; at < document.length; at += size) {
          const changes = parser.append(document.slice(at, at + size));
          steps.push({ piece: document.slice(at, at + size), changes, snapshot: parser.snapshot() ?? "undefined" });
        }
        runs.push({ size, steps });
      }
    }
    const parser = new m.StreamingJsonParser();
    parser.append('{"a": [1, 2');
    const first = parser.snapshot();
    const again = parser.snapshot();
    parser.append(" ");
    const unchanged = parser.snapshot();
    parser.append("]}");
    return { runs, same: first === again && again === unchanged, after: parser.snapshot(), frozen: first };
  }`],
  ["withClientIdentity forwards a Models object and merges its identity into requests", `async (m) => {
    const calls = [];
    const record = (name) => (...args) => { calls.push([name, ...args.map((arg) => arg === undefined ? "undefined" : arg)]); return name + " result"; };
    const names = ["getProviders", "getProvider", "getModels", "getModel", "getModelsOfType", "getModelOfType", "getAllModels", "refresh", "checkAuth", "getAvailable", "getAvailableOfType", "getAllAvailable", "login", "logout",
      "stream", "complete", "streamSimple", "completeSimple", "streamDeferred", "fetchDeferred", "cancelDeferred", "generateImages", "classify"];
    const models = Object.fromEntries(names.map((name) => [name, record(name)]));
    models.getAuth = function (id) { calls.push(["getAuth", id, this === models]); return "auth"; };
    const identity = { userAgent: "acme/1", attribution: { name: "acme", url: "https://acme.dev" } };
    const wrapped = m.withClientIdentity(models, identity);
    const results = [];
    results.push(wrapped.getModels("p"), wrapped.getModel("p", "m"), wrapped.getAuth("p"), wrapped.refresh({ force: true }));
    results.push(wrapped.stream({ id: "m" }, { messages: [] }));
    results.push(wrapped.complete({ id: "m" }, { messages: [] }, { identity: { version: "9" }, temperature: 1 }));
    results.push(wrapped.classify({ id: "c" }, {}, { identity: { userAgent: "other" } }));
    results.push(wrapped.fetchDeferred({ id: "m" }, { id: "h" }, { signal: null }));
    const mutable = m.withClientIdentity({ ...models, setProvider: record("setProvider"), deleteProvider: record("deleteProvider"), clearProviders: record("clearProviders") }, { version: "2" });
    results.push(mutable.setProvider({ id: "x" }), mutable.deleteProvider("x"), mutable.clearProviders(), mutable.streamSimple({ id: "m" }, {}, undefined));
    const partly = m.withClientIdentity({ ...models, setProvider: record("setProvider") }, {});
    return { keys: Object.keys(wrapped), mutableKeys: Object.keys(mutable), partlyKeys: Object.keys(partly), results, calls };
  }`],
];

describeServedScripts("pi-ai's incremental JSON parser and identity wrapper give pi 1.6.0's results", {
  modules: ["@earendil-works/pi-ai"],
  preamble: "",
  scripts: SCRIPTS,
});
