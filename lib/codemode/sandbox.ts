// Runs one model-written script in a fresh QuickJS VM (quickjs-wasi, WebAssembly): the VM's only way out is the
// prelude's bridge, so the script reaches nothing but the tools it is handed. Loaded lazily by the codemode tool:
// the wasm is read and compiled on the first script, not at start-up.
//
// The VM runs on pith's own thread. QuickJS polls an interrupt handler while it computes; that is where the
// deadline (the script's `timeout_ms`), an abort and the cap on computing without a pause stop it.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { type JSValueHandle, QuickJS } from "quickjs-wasi";
import { PRELUDE_FILE, PRELUDE_SOURCE } from "./prelude.js";

export interface SandboxTool {
  name: string;
  /** the identifier scripts use (`tools.<id>`) */
  id: string;
  /** what `ALL_TOOLS` shows */
  description: string;
  execute(args: unknown, signal: AbortSignal): Promise<unknown>;
}

export interface SandboxOutputItem {
  type: "text";
  text: string;
  console?: boolean;
}
export interface SandboxImageItem {
  type: "image";
  data: string;
  mimeType: string;
}

export type SandboxFailure = { kind: "script"; name?: string; message: string; stack?: string } | { kind: "timeout" | "aborted" | "sandbox"; message: string };

export type SandboxResult =
  | { ok: true; value: unknown; output: (SandboxOutputItem | SandboxImageItem)[]; writes: { set: Record<string, unknown>; delete: string[] } }
  | { ok: false; error: SandboxFailure; output: (SandboxOutputItem | SandboxImageItem)[] };

export interface SandboxRun {
  code: string;
  tools: SandboxTool[];
  /** `searchTools`, `describeTool`, ...: called with the script's arguments, answering JSON values */
  discovery: Record<string, (args: unknown[]) => unknown>;
  store: Record<string, unknown>;
  /** Infinity: no deadline */
  timeoutMs: number;
  signal?: AbortSignal;
}

const MEMORY_LIMIT_BYTES = 256 * 1024 * 1024;
/** QuickJS's stack guard, small enough to trip before the host thread's own stack runs out: deep recursion is then a RangeError the script can catch */
const MAX_STACK_BYTES = 256 * 1024;
/** Computing this long without awaiting a tool holds pith's thread, where no key press can stop it, so it ends. */
export const MAX_COMPUTE_MS = 60_000;
const MAX_STORE_VALUE_CHARS = 256 * 1024;
const MAX_STORE_TOTAL_CHARS = 1024 * 1024;
const STORE_HINT = "store() is for small state such as IDs or summaries. Show images with image(), keep large data in variables, or write it to a file with a tool.";
/** the host keeps a script's output until it ends, so it is bounded; past it the script fails even if it catches the error */
const MAX_OUTPUT_CHARS = 16 * 1024 * 1024;
const MAX_OUTPUT_ITEMS = 100_000;
const OUTPUT_FULL = `script output exceeded the limit of ${MAX_OUTPUT_CHARS} characters or ${MAX_OUTPUT_ITEMS} text(), image(), and console calls. Print a summary instead, or write large data to a file with a tool.`;
const NEVER_SETTLES = "The script is waiting on a promise that can never settle: no tool call is pending, and timers do not exist here.";

let wasmModule: Promise<WebAssembly.Module> | undefined;
function quickjsWasm(): Promise<WebAssembly.Module> {
  wasmModule ??= readFile(createRequire(import.meta.url).resolve("quickjs-wasi/quickjs.wasm")).then((bytes) => WebAssembly.compile(bytes));
  return wasmModule;
}

export async function runInSandbox(run: SandboxRun): Promise<SandboxResult> {
  const output: (SandboxOutputItem | SandboxImageItem)[] = [];
  const store = new Map(Object.entries(run.store));
  const writes = { set: {} as Record<string, unknown>, delete: new Set<string>() };
  const deadline = performance.now() + run.timeoutMs;
  let stop: SandboxFailure | undefined;
  let computeStartedAt = performance.now();
  let outcome: { ok: true; value: unknown } | { ok: false; error: SandboxFailure } | undefined;
  const calls = new Set<Promise<void>>();
  const callAbort = new AbortController();

  const interrupt = (): boolean => {
    // a settled script runs no further: after exit() or a failure it cannot catch (output past its limit)
    if (stop || outcome) return true;
    const now = performance.now();
    if (run.signal?.aborted) stop = abortFailure(run.signal);
    else if (now > deadline) stop = { kind: "timeout", message: `Execution timed out after ${run.timeoutMs} ms` };
    else if (now - computeStartedAt > MAX_COMPUTE_MS) stop = { kind: "timeout", message: `Execution computed for ${MAX_COMPUTE_MS} ms without awaiting a tool` };
    return stop !== undefined;
  };

  let vm: QuickJS;
  try {
    vm = await QuickJS.create({ wasm: await quickjsWasm(), memoryLimit: MEMORY_LIMIT_BYTES, maxStackSize: MAX_STACK_BYTES, interruptHandler: interrupt });
  } catch (error) {
    return { ok: false, error: { kind: "sandbox", message: error instanceof Error ? error.message : String(error) }, output };
  }
  let outputChars = 0;
  const emit = (item: SandboxOutputItem | SandboxImageItem, chars: number) => {
    outputChars += chars;
    if (outputChars > MAX_OUTPUT_CHARS || output.length >= MAX_OUTPUT_ITEMS) {
      outcome ??= { ok: false, error: { kind: "script", name: "RangeError", message: OUTPUT_FULL, stack: `RangeError: ${OUTPUT_FULL}` } };
      throw new RangeError(OUTPUT_FULL);
    }
    output.push(item);
  };
  let storedChars = [...store].reduce((total, [key, value]) => total + key.length + JSON.stringify(value).length, 0);
  const toolsByName = new Map(run.tools.flatMap((tool) => [[tool.name, tool], [tool.id, tool]] as const));

  const startCall = (json: string, op: "call" | "discover"): JSValueHandle => {
    const deferred = vm.newPromise();
    const request = JSON.parse(json) as { name: string; args: unknown };
    const answer = async (): Promise<unknown> => {
      if (op === "discover") return run.discovery[request.name]!(request.args as unknown[]);
      const tool = toolsByName.get(request.name);
      if (!tool) throw new Error(`Unknown tool "${request.name}"`);
      return tool.execute(request.args, callAbort.signal);
    };
    const settled = answer().then(
      (value) => {
        if (outcome || stop) return;
        const text = JSON.stringify(value);
        deferred.resolve(text === undefined ? vm.undefined : vm.newString(text));
      },
      (error: unknown) => {
        if (outcome || stop) return;
        deferred.reject(vm.newString(error instanceof Error ? error.message : String(error)));
      },
    );
    const tracked = settled.finally(() => calls.delete(tracked));
    calls.add(tracked);
    return deferred.handle;
  };

  const bridge = (op: string, json: string): JSValueHandle => {
    // after exit() (which a script may catch) nothing more counts
    if (outcome) return vm.undefined;
    switch (op) {
      case "call":
      case "discover":
        return startCall(json, op);
      case "text": {
        const item = JSON.parse(json) as { text: string; console?: boolean };
        emit(item.console ? { type: "text", text: item.text, console: true } : { type: "text", text: item.text }, item.text.length);
        return vm.undefined;
      }
      case "image": {
        const image = imageItem(JSON.parse(json));
        emit(image, image.data.length);
        return vm.undefined;
      }
      case "store": {
        const { key, value } = JSON.parse(json) as { key: string; value?: unknown };
        const text = value === undefined ? undefined : JSON.stringify(value);
        const previous = store.has(key) ? key.length + JSON.stringify(store.get(key)).length : 0;
        if (text !== undefined && text.length > MAX_STORE_VALUE_CHARS) {
          throw new RangeError(`store(${JSON.stringify(key)}) value has ${text.length} characters of JSON, more than the limit of ${MAX_STORE_VALUE_CHARS}. ${STORE_HINT}`);
        }
        const next = storedChars - previous + (text === undefined ? 0 : key.length + text.length);
        if (next > MAX_STORE_TOTAL_CHARS) throw new RangeError(`store is full: stored values would exceed ${MAX_STORE_TOTAL_CHARS} characters of JSON. Delete keys with store(key, undefined). ${STORE_HINT}`);
        storedChars = next;
        if (text === undefined) {
          store.delete(key);
          delete writes.set[key];
          writes.delete.add(key);
        } else {
          store.set(key, JSON.parse(text));
          writes.set[key] = JSON.parse(text);
          writes.delete.delete(key);
        }
        return vm.undefined;
      }
      case "load": {
        const { key } = JSON.parse(json) as { key: string };
        return store.has(key) ? vm.newString(JSON.stringify(store.get(key))) : vm.undefined;
      }
      case "exit":
        outcome ??= { ok: true, value: undefined };
        return vm.undefined;
      case "done": {
        const { value } = JSON.parse(json) as { value?: unknown };
        outcome ??= { ok: true, value };
        return vm.undefined;
      }
      case "fail":
        outcome ??= { ok: false, error: { kind: "script", ...(JSON.parse(json) as { name?: string; message: string; stack?: string }) } };
        return vm.undefined;
      default:
        throw new Error(`Unknown sandbox operation ${op}`);
    }
  };

  const settled = (result: NonNullable<typeof outcome>): SandboxResult =>
    result.ok ? { ok: true, value: result.value, output, writes: { set: writes.set, delete: [...writes.delete] } } : { ok: false, error: result.error, output };

  const wakeUp = new AbortController();
  const onAbort = () => wakeUp.abort();
  run.signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const bridgeHandle = vm.newFunction("bridge", (opHandle, jsonHandle) => {
      try {
        return bridge(String(vm.dump(opHandle!)), String(vm.dump(jsonHandle!)));
      } catch (error) {
        const name = error instanceof RangeError ? "RangeError" : error instanceof TypeError ? "TypeError" : "Error";
        return vm.hostToHandle({ refused: { name, message: error instanceof Error ? error.message : String(error) } });
      }
    });
    const catalog = run.tools.map(({ name, id, description }) => ({ name, id, description }));
    const prelude = vm.evalCode(PRELUDE_SOURCE, PRELUDE_FILE);
    const api = vm.callFunction(prelude, vm.undefined, bridgeHandle, vm.newString(JSON.stringify(catalog)), vm.newString(JSON.stringify(Object.keys(run.discovery))));
    let script: JSValueHandle;
    try {
      // the wrapper shares the script's first line, so the stack's line numbers are the script's own
      script = vm.evalCode(`(async (tools, console) => {${run.code}\n})`, "codemode.js");
    } catch (error) {
      return { ok: false, error: { kind: "script", ...thrownError(error) }, output };
    }
    computeStartedAt = performance.now();
    const promise = vm.callFunction(script, vm.undefined, vm.getProp(api, vm.newString("tools")), vm.getProp(api, vm.newString("console")));
    vm.callFunction(vm.getProp(api, vm.newString("settle")), api, promise);
    for (;;) {
      computeStartedAt = performance.now();
      if (!interrupt()) drainJobs(vm);
      if (stop) return { ok: false, error: stop, output };
      if (outcome) break;
      if (calls.size === 0) return { ok: false, error: { kind: "script", name: "Error", message: NEVER_SETTLES, stack: `Error: ${NEVER_SETTLES}` }, output };
      await waitForCallOrDeadline([...calls], deadline, wakeUp.signal);
      interrupt();
      if (stop) return { ok: false, error: stop, output };
    }
    return settled(outcome);
  } catch (error) {
    if (stop) return { ok: false, error: stop, output };
    if (outcome) return settled(outcome);
    return { ok: false, error: { kind: "sandbox", message: error instanceof Error ? error.message : String(error) }, output };
  } finally {
    run.signal?.removeEventListener("abort", onAbort);
    // calls the script left running end with it
    callAbort.abort(new Error("The script ended"));
    vm.dispose();
  }
}

function drainJobs(vm: QuickJS): void {
  while (vm.executePendingJobs() > 0);
}

function waitForCallOrDeadline(calls: Promise<void>[], deadline: number, wakeUp: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const remaining = deadline - performance.now();
    const timer = Number.isFinite(remaining) ? setTimeout(resolve, Math.max(0, remaining) + 1) : undefined;
    const done = () => {
      clearTimeout(timer);
      wakeUp.removeEventListener("abort", done);
      resolve();
    };
    wakeUp.addEventListener("abort", done, { once: true });
    void Promise.race(calls).then(done);
  });
}

function abortFailure(signal: AbortSignal): SandboxFailure {
  const reason: unknown = signal.reason;
  return { kind: "aborted", message: reason instanceof Error ? reason.message : "Execution aborted" };
}

function thrownError(error: unknown): { name?: string; message: string; stack?: string } {
  const name = error instanceof Error ? error.name : "Error";
  const message = error instanceof Error ? error.message : String(error);
  const frames = error instanceof Error && typeof error.stack === "string" ? error.stack.split("\n").filter((line) => line.trim().startsWith("at ") && line.includes("codemode.js")) : [];
  return { name, message, stack: [message ? `${name}: ${message}` : name, ...frames].join("\n") };
}

/** A base64 `data:` URL, `{ image_url }` or an image block; anything else (a remote URL) is refused. */
function imageItem(value: unknown): SandboxImageItem {
  const source = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  if (source.type === "image" && typeof source.data === "string" && typeof source.mimeType === "string") return { type: "image", data: source.data, mimeType: source.mimeType };
  const url = typeof value === "string" ? value : typeof source.image_url === "string" ? source.image_url : undefined;
  const match = url?.match(/^data:([^;,]+);base64,(.*)$/s);
  if (!match) throw new TypeError("image() takes a base64 data: URL, { image_url } or an image block; remote URLs are not fetched");
  return { type: "image", data: match[2]!, mimeType: match[1]! };
}
