// An extension's command as a pith command: `/name args` runs its handler with a command context. A failing
// handler is reported under the extension's name (as pi does) instead of failing the prompt.
import type { CommandDefinition } from "../../../kernel/index.js";
import { extensionError } from "../instance/errors.js";
import { createCommandContext } from "../context/extension-context.js";
import type { ExtensionRecord } from "../instance/extension-record.js";
import type { ExtensionRuntime } from "../runtime.js";
import type { PiCommandOptions } from "../contract/types.js";

export function adaptCommand(runtime: ExtensionRuntime, record: ExtensionRecord, invocationName: string, options: PiCommandOptions): CommandDefinition {
  return {
    name: invocationName,
    description: options.description,
    source: record.owner,
    async handler(args, { signal }) {
      const started = new Set(runtime.inFlight);
      try {
        await options.handler(args, createCommandContext(runtime, record, signal));
      } catch (error) {
        runtime.report(extensionError(record.owner, `command:${invocationName}`, error));
      }
      // A message the command sent (sendUserMessage, a triggered turn) is part of running the command: wait for it,
      // so whoever ran the command sees the session busy or done, never in between.
      await Promise.all([...runtime.inFlight].filter((delivery) => !started.has(delivery)));
    },
  };
}
