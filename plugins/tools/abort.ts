// Every tool stops with the same message when its call is aborted.
import { PithError } from "../../kernel/index.js";
import { untilAborted } from "../../lib/abort/until-aborted.js";

const ABORTED_MESSAGE = "Operation aborted";

export function abortedError(): PithError {
  return new PithError("TOOL_ABORTED", ABORTED_MESSAGE);
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortedError();
}

/**
 * Settles with `work`, or rejects with "Operation aborted" as soon as `signal` fires.
 * `work` keeps running in the background; callers check the signal before any irreversible step.
 */
export function abortable<T>(signal: AbortSignal | undefined, work: Promise<T>): Promise<T> {
  return untilAborted(work, signal, abortedError);
}
