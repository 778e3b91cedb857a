// Applies each hook's failure policy, and the per-tap filters, to every handler as it is tapped — whether through
// `context.on` or straight on `hooks.x.tapPromise` — so no call site needs its own try/catch loop.
import { HOOK_CATALOGUE, type FailurePolicy, type HookName } from "./hooks.js";
import { PithError, errorMessage } from "./errors.js";

export type HookErrorReporter = (error: PithError) => void;

interface InterceptedTap {
  name: string;
  type: "sync" | "async" | "promise";
  fn: (...args: unknown[]) => unknown;
  tools?: string[];
}

export function applyHookPolicy(name: HookName, hook: object, report: HookErrorReporter): void {
  const policy = HOOK_CATALOGUE[name].policy;
  (hook as { intercept(interceptor: { register(tap: InterceptedTap): InterceptedTap }): void }).intercept({
    register: (tap) => wrapTap(name, policy, tap, report),
  });
}

function wrapTap(hook: HookName, policy: FailurePolicy, tap: InterceptedTap, report: HookErrorReporter): InterceptedTap {
  const original = tap.fn;
  const plugin = tap.name;
  const onError = (error: unknown, first: unknown): unknown => {
    const wrapped = attribute(error, plugin, hook);
    if (policy === "propagate") throw wrapped;
    report(wrapped);
    if (policy === "block") return { block: true, reason: errorMessage(error) };
    if (policy === "error_result") return { ...(first as object), content: [{ type: "text", text: wrapped.message }], isError: true };
    return undefined;
  };
  // a callback-style tap would need its own error path; `tapPromise` and `context.on` cover every use
  if (tap.type === "async") throw new PithError("HOOK_TAP_ASYNC_UNSUPPORTED", `${plugin} used tapAsync on ${hook}; tap it with tapPromise or context.on.`, { plugin, hook });
  const skip = skipCondition(hook, tap.tools);
  tap.fn = (...args: unknown[]) => {
    if (skip?.(args[0])) return tap.type === "promise" ? Promise.resolve(undefined) : undefined;
    try {
      const result = original(...args);
      if (tap.type === "promise" || isPromise(result)) return Promise.resolve(result).catch((error) => onError(error, args[0]));
      return result;
    } catch (error) {
      const replacement = onError(error, args[0]);
      return tap.type === "promise" ? Promise.resolve(replacement) : replacement;
    }
  };
  return tap;
}

/** Handlers for tool hooks may name their tools; `input` handlers stop once a handler consumed the input. */
function skipCondition(hook: HookName, tools: string[] | undefined): ((first: unknown) => boolean) | undefined {
  if (hook === "input") return (state) => (state as { handled?: boolean }).handled === true;
  if (tools && (hook === "tool_call" || hook === "tool_gate" || hook === "tool_result")) {
    const wanted = new Set(tools);
    return (event) => !wanted.has((event as { toolName: string }).toolName);
  }
  return undefined;
}

/** Names the plugin and hook; a PithError keeps its own code and message, which were written for the user. */
function attribute(error: unknown, plugin: string, hook: HookName): PithError {
  if (error instanceof PithError) {
    return error.plugin ? error : new PithError(error.code, error.message, { cause: error, plugin, hook });
  }
  return new PithError("PLUGIN_HOOK_FAILED", `${plugin} failed in ${hook}: ${errorMessage(error)}`, { cause: error, plugin, hook });
}

function isPromise(value: unknown): value is Promise<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}
