// Old instances stop acting. After `ctx.reload()` or a session move (new, resume, fork, clone) the extensions
// run again as new instances; the old instance's `pi` object and every `ctx` it was given then throw on use, as in
// pi (registration and actions alike; `pi.events` stays, on the old instances' own bus). A timer the old
// instance left running can therefore not send messages into the new session: its `pi.sendMessage` throws.
import { PithError } from "../../../kernel/index.js";
import type { ExtensionRecord } from "./extension-record.js";

export function staleError(record: ExtensionRecord): PithError {
  return new PithError(
    "EXTENSION_STALE",
    `Extension ${record.display} was reloaded (ctx.reload() or a session move: new, resume, fork, clone) or its session ended, so this pi object and every ctx it was given belong to the old instance and can no longer act. ` +
      "Do not keep pi or ctx past await ctx.reload(); for ctx.newSession(), ctx.fork() and ctx.switchSession(), do the follow-up work in withSession, with the ctx it receives.",
    { plugin: record.owner },
  );
}

/**
 * A copy of `target` whose methods and properties first call `check` (which throws once the instance is stale).
 * Values become getters; getters stay lazy, so a copy never freezes an old value. Keys in `open` are copied as they are.
 */
export function guarded<T extends object>(target: T, check: () => void, open: ReadonlySet<PropertyKey> = new Set()): T {
  const copy = Object.create(Object.getPrototypeOf(target) as object | null) as T;
  for (const [key, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(target))) {
    Object.defineProperty(copy, key, open.has(key) ? descriptor : guardedDescriptor(target, descriptor, check));
  }
  return copy;
}

function guardedDescriptor(target: object, descriptor: PropertyDescriptor, check: () => void): PropertyDescriptor {
  const { enumerable, configurable } = descriptor;
  if (descriptor.get) {
    const get = descriptor.get;
    return { enumerable, configurable, get: () => (check(), get.call(target)) };
  }
  const value: unknown = descriptor.value;
  if (typeof value === "function") {
    const method = value as (...args: unknown[]) => unknown;
    return { enumerable, configurable, writable: false, value: (...args: unknown[]) => (check(), method.apply(target, args)) };
  }
  return { enumerable, configurable, get: () => (check(), value) };
}
