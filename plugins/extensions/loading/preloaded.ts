// Extension instances loaded before the session exists, for it to adopt. pi asks the user's own and the command
// line's extensions about an undecided project before anything of the project loads, and keeps those instances:
// each factory runs once. pith's pass runs them in a kernel of its own (sdk/pre-trust-extensions.ts); the
// session's extensions plugin then adopts each instance whose file it loads, instead of running the factory again:
// its handlers are tapped in the session, its registrations count there, and its `pi` object acts there.
import type { ExtensionRecord } from "../instance/extension-record.js";
import type { ExtensionRuntime, InstanceHost } from "../runtime.js";

export interface PreloadedExtensions {
  /** the instance loaded from this file, taken out (each is adopted once); undefined when there is none */
  take(path: string): { record: ExtensionRecord; host: InstanceHost } | undefined;
  /** the bus the instances share, which the session's instances join */
  readonly bus: ExtensionRuntime["bus"];
}

/**
 * Takes the instances `runtime` loaded out of it: its taps and scopes go (the kernel they were loaded in is done),
 * while the instances themselves, their registrations and handlers stay for a session to adopt.
 */
export function preloadedFrom(runtime: ExtensionRuntime): PreloadedExtensions {
  const instances = new Map(runtime.records.map((record) => [record.source.path, { record, host: runtime.hosts.get(record)! }]));
  const bus = runtime.bus;
  runtime.unload();
  return {
    take(path) {
      const instance = instances.get(path);
      instances.delete(path);
      return instance;
    },
    bus,
  };
}
