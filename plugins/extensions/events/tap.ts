// One extension handler as a tap: the call that hands it pi's event with a fresh `ctx` (and hears nothing once its
// instance is retired), and the wait that lets the session's queued events reach extensions before a hook-driven one.
import type { ExtensionRecord } from "../instance/extension-record.js";
import type { ExtensionRuntime } from "../runtime.js";

export type Call = <R>(event: object, signal?: AbortSignal) => Promise<R | undefined>;

export interface Tap {
  runtime: ExtensionRuntime;
  record: ExtensionRecord;
  call: Call;
}

/** Lets the session's queued events reach extensions before a hook-driven event does. */
export async function catchUp(runtime: ExtensionRuntime): Promise<void> {
  if (runtime.watchesQueue) await runtime.session.drainEvents();
}
