// Values in auth.json and models.json (`apiKey`, header values), as pi 1.6.0 reads them: `!command` runs and
// gives its output; anything else is literal text in which `$NAME` and `${NAME}` are environment variables
// (`$$` is a literal `$`, `$!` a literal `!`). A value that names a variable that is not set resolves to nothing.
// pi before 1.0 read a bare variable name (`"OPENAI_API_KEY"`) as a reference; such a value is now sent as it
// is written, so models.json gets a warning saying how to write it.
import { spawn } from "node:child_process";
import { PithError } from "../../../kernel/index.js";
import { untilAborted } from "../../../lib/abort/until-aborted.js";

export const COMMAND_TIMEOUT_MS = 10_000;

/**
 * Runs `command` through the shell and returns its trimmed stdout; undefined when it fails, prints nothing or
 * times out. Rejects with the signal's reason when aborted. The command gets its own process group so that
 * stopping it also stops its children.
 */
export function runValueCommand(
  command: string,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<string | undefined> {
  const ownGroup = process.platform !== "win32";
  const signal = options.signal;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const child = spawn(command, { shell: true, stdio: ["ignore", "pipe", "ignore"], detached: ownGroup });
    const chunks: Buffer[] = [];
    let settled = false;
    const settle = () => {
      if (settled) return false;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      return true;
    };
    const kill = () => {
      try {
        if (ownGroup && child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
        else child.kill("SIGKILL");
      } catch {
        // already gone
      }
    };
    const onTimeout = () => {
      kill();
      if (settle()) resolve(undefined);
    };
    const onAbort = () => {
      kill();
      if (settle() && signal) reject(abortReason(signal));
    };
    const timer = setTimeout(onTimeout, options.timeoutMs ?? COMMAND_TIMEOUT_MS);
    signal?.addEventListener("abort", onAbort, { once: true });
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("error", () => {
      if (settle()) resolve(undefined);
    });
    child.on("close", (code) => {
      const text = Buffer.concat(chunks).toString("utf8").trim();
      if (settle()) resolve(code === 0 && text ? text : undefined);
    });
  });
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The operation was aborted", "AbortError");
}


export interface ValueResolveOptions {
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Resolves one value now, running a `!command` every time (models.json values: pi runs them per request). */
export async function resolveValueUncached(value: string, options: ValueResolveOptions): Promise<string | undefined> {
  if (value.startsWith("!")) return runValueCommand(value.slice(1), options);
  return interpolate(value, options.env);
}

const REFERENCE = /\$(?:\$|!|\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g;

/** `$NAME` / `${NAME}` replaced from `env`; undefined when a named variable is not set (or empty). */
export function interpolate(value: string, env: NodeJS.ProcessEnv): string | undefined {
  let missing = false;
  const result = value.replace(REFERENCE, (match, braced: string | undefined, bare: string | undefined) => {
    if (match === "$$" || match === "$!") return match.slice(1);
    const found = env[(braced ?? bare)!];
    if (!found) missing = true;
    return found ?? "";
  });
  return missing ? undefined : result;
}

/** The variables a value names (for messages). */
export function referencedVariables(value: string): string[] {
  if (value.startsWith("!")) return [];
  return [...value.matchAll(REFERENCE)].flatMap((match) => (match[1] ?? match[2] ? [(match[1] ?? match[2])!] : []));
}

/**
 * A value written for pi before 1.0, which read a bare variable name as a reference: the name, when the value
 * is one that is set in `env`, or looks like one (capitals, digits and underscores, with an underscore).
 */
export function oldStyleReference(value: string, env: NodeJS.ProcessEnv): string | undefined {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(value)) return undefined;
  return env[value] !== undefined || /^[A-Z][A-Z0-9]*_[A-Z0-9_]*$/.test(value) ? value : undefined;
}

/**
 * Like `resolveValueUncached`, but a missing result is an error naming what was being resolved, so a request
 * fails with a message instead of going out without its key.
 */
export async function resolveValueOrThrow(
  value: string,
  what: string,
  options: ValueResolveOptions,
): Promise<string> {
  const resolved = await resolveValueUncached(value, options);
  if (resolved !== undefined) return resolved;
  if (!value.startsWith("!")) {
    const missing = referencedVariables(value).filter((name) => !options.env[name]);
    throw new PithError("CONFIG_VALUE_FAILED", `${what} needs the environment variable ${missing.join(", ")}, which is not set`);
  }
  throw new PithError(
    "CONFIG_VALUE_FAILED",
    `Failed to resolve ${what} from shell command: ${value.slice(1)} (it failed, printed nothing, or ran longer than ` +
      `${(options.timeoutMs ?? COMMAND_TIMEOUT_MS) / 1000} s)`,
  );
}

/** auth.json values: a `!command` runs once per process; its result, even a failure, is remembered. */
export class CachedValueResolver {
  private readonly commandResults = new Map<string, Promise<string | undefined>>();

  resolve(value: string, options: ValueResolveOptions): Promise<string | undefined> {
    if (!value.startsWith("!")) return resolveValueUncached(value, options);
    let result = this.commandResults.get(value);
    if (!result) {
      // One caller's abort must not become everyone's remembered answer: the shared run ignores it.
      result = runValueCommand(value.slice(1), { timeoutMs: options.timeoutMs });
      this.commandResults.set(value, result);
    }
    return untilAborted(result, options.signal, () => abortReason(options.signal!));
  }
}
