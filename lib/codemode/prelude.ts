// The script's world inside the QuickJS VM, as pi 1.6.0's codemode gives it: `tools`, `ALL_TOOLS`, `text`,
// `image`, `console`, `exit`, `store`, `load` and the discovery helpers, all over one host function (`bridge`) that
// this closure keeps and no script can reach. Values cross as JSON text, so a script holds no host object.
export const PRELUDE_FILE = "codemode-prelude.js";

export const PRELUDE_SOURCE = `(function (bridge, catalogJson, discoveryJson) {
  "use strict";
  const stringify = JSON.stringify, parse = JSON.parse, ErrorCtor = Error;
  const errorTypes = { RangeError, TypeError, Error };
  const EXIT = {};
  let exited = false;

  function errorText(error) {
    const head = error.message ? error.name + ": " + error.message : String(error.name);
    const frames = typeof error.stack === "string"
      ? error.stack.split("\\n").filter((line) => line.trim() && !line.includes("${PRELUDE_FILE}"))
      : [];
    return [head, ...frames].join("\\n");
  }
  function format(value) {
    if (typeof value === "string") return value;
    if (value instanceof ErrorCtor) return errorText(value);
    if (typeof value === "number") return String(value);
    try {
      const json = stringify(value);
      return json === undefined ? String(value) : json;
    } catch {
      return String(value);
    }
  }
  function describeError(error) {
    try {
      if (error instanceof ErrorCtor) return stringify({ name: String(error.name), message: String(error.message), stack: errorText(error) });
      return stringify({ message: String(format(error)) });
    } catch {
      return stringify({ message: "The script threw a value that cannot be described" });
    }
  }
  function call(op, payload) {
    const json = stringify(payload);
    const answer = bridge(op, json === undefined ? "null" : json);
    // the host's refusals are thrown here, so the error has the script's frames and nothing of the host's
    if (answer !== null && typeof answer === "object" && Object.prototype.hasOwnProperty.call(answer, "refused")) {
      const Type = errorTypes[answer.refused.name] || ErrorCtor;
      throw new Type(answer.refused.message);
    }
    return answer;
  }
  function request(op, payload) {
    return new Promise((resolve, reject) => {
      let pending;
      try {
        pending = call(op, payload);
      } catch (error) {
        reject(error);
        return;
      }
      pending.then((json) => resolve(json === undefined ? undefined : parse(json)), (message) => reject(new ErrorCtor(String(message))));
    });
  }

  const catalog = parse(catalogJson);
  const tools = {};
  for (const tool of catalog) {
    const invoke = (args) => request("call", { name: tool.name, args });
    tools[tool.id] = invoke;
    if (tool.name !== tool.id) tools[tool.name] = invoke;
  }
  Object.freeze(tools);
  const console = {};
  for (const level of ["log", "info", "warn", "error", "debug"]) {
    console[level] = (...values) => { call("text", { text: values.map(format).join(" "), console: true }); };
  }
  Object.freeze(console);
  const define = (name, value) => Object.defineProperty(globalThis, name, { value, writable: false, configurable: false, enumerable: false });
  define("ALL_TOOLS", Object.freeze(catalog.map((tool) => Object.freeze({ name: tool.id, description: tool.description }))));
  define("text", (value) => { call("text", { text: format(value) }); });
  define("image", (value) => { call("image", value); });
  define("exit", () => { exited = true; call("exit", null); throw EXIT; });
  define("store", (key, value) => { call("store", { key: String(key), value }); });
  define("load", (key) => { const json = call("load", { key: String(key) }); return json === undefined ? undefined : parse(json); });
  for (const name of parse(discoveryJson)) define(name, (...args) => request("discover", { name, args }));

  return {
    tools,
    console,
    settle(promise) {
      promise.then(
        (value) => { if (!exited) call("done", { ok: true, value }); },
        (error) => { if (exited || error === EXIT) call("done", { ok: true }); else bridge("fail", describeError(error)); },
      );
    },
  };
})`;
