// Calling the handlers of the events pith fires itself (session moves, user bash, resources_discover), which have
// no hook of their own: one at a time, in load order, each with its extension's `ctx`. A throwing handler is
// reported under its extension's name and the next one still runs.
import { extensionError } from "../errors.js";
import { createExtensionContext } from "../context/extension-context.js";
import type { ExtensionRecord } from "../extension-record.js";
import type { ExtensionRuntime, HandlerEntry } from "../runtime.js";
import type { ExtensionContext, ExtensionEventName } from "../types.js";

type Handler = (event: unknown, ctx: ExtensionContext) => unknown;

/** Calls one handler; throws what it throws. */
async function callHandler<R>(runtime: ExtensionRuntime, entry: HandlerEntry, event: object, signal?: AbortSignal): Promise<R | undefined> {
  const handler = entry.handler as unknown as Handler;
  return (await handler(event, createExtensionContext(runtime, entry.record, signal))) as R | undefined;
}

/** Calls every handler of `name` for its side effects. */
export async function observe(runtime: ExtensionRuntime, name: ExtensionEventName, event: object, signal?: AbortSignal): Promise<void> {
  for (const entry of runtime.handlersFor(name)) {
    try {
      await callHandler(runtime, entry, event, signal);
    } catch (error) {
      runtime.report(extensionError(entry.record.owner, name, error));
    }
  }
}

/** Calls handlers until one returns a result `accept` takes; later handlers are skipped. */
export async function firstResult<R>(
  runtime: ExtensionRuntime,
  name: ExtensionEventName,
  event: object,
  accept: (result: R) => boolean,
  signal?: AbortSignal,
): Promise<R | undefined> {
  for (const entry of runtime.handlersFor(name)) {
    try {
      const result = await callHandler<R>(runtime, entry, event, signal);
      if (result !== undefined && result !== null && accept(result)) return result;
    } catch (error) {
      runtime.report(extensionError(entry.record.owner, name, error));
    }
  }
  return undefined;
}

/** Calls every handler and returns the results they gave, each with the extension that gave it. */
export async function collect<R>(runtime: ExtensionRuntime, name: ExtensionEventName, event: object): Promise<{ record: ExtensionRecord; result: R }[]> {
  const results: { record: ExtensionRecord; result: R }[] = [];
  for (const entry of runtime.handlersFor(name)) {
    try {
      const result = await callHandler<R>(runtime, entry, event);
      if (result !== undefined && result !== null) results.push({ record: entry.record, result });
    } catch (error) {
      runtime.report(extensionError(entry.record.owner, name, error));
    }
  }
  return results;
}
