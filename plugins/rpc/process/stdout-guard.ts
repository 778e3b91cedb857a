// In RPC mode stdout carries protocol records only. A plugin or library that writes to stdout (console.log,
// process.stdout.write) would corrupt the stream, so those writes go to stderr; the protocol writer keeps the
// real write.
import type { Writable } from "node:stream";
import type { RecordSink } from "../../../lib/output/record-writer.js";

export interface StdoutGuard {
  /** writes to the real stdout */
  readonly sink: RecordSink;
  /** puts `stdout.write` back */
  restore(): void;
}

/**
 * The real write of each guarded stream and how many guards hold it: a guard taken inside another (an RPC mode an
 * extension runs while the CLI's own waits) writes where the first one does, not into the first one's diversion.
 */
const held = new WeakMap<Writable, { realWrite: (chunk: string) => boolean; guards: number }>();

export function guardStdout(stdout: Writable, divertTo: Writable): StdoutGuard {
  const original = stdout.write;
  const hold = held.get(stdout) ?? { realWrite: original.bind(stdout) as (chunk: string) => boolean, guards: 0 };
  hold.guards += 1;
  held.set(stdout, hold);
  const { realWrite } = hold;
  const diverted = (...args: unknown[]): boolean => Reflect.apply(divertTo.write, divertTo, args) as boolean;
  // One function stands in for all of write's overloads; it forwards whatever it was given.
  stdout.write = diverted as typeof stdout.write;
  let restored = false;
  return {
    sink: { write: (chunk) => realWrite(chunk), once: (event, listener) => stdout.once(event, listener) },
    restore() {
      if (restored) return;
      restored = true;
      stdout.write = original;
      hold.guards -= 1;
      if (hold.guards === 0) held.delete(stdout);
    },
  };
}
