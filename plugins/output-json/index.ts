// `--mode json`: the session header, then every session event as one JSON line, in emission order.
// Events are serialised at the moment they are emitted: streaming messages are live objects that later
// deltas extend, and each line must show the message as it was at that event.
import type { Writable } from "node:stream";
import { definePlugin, type PithPlugin } from "../../kernel/plugin.js";
import type { SessionEvent } from "../../kernel/events.js";
import { RecordWriter } from "../../lib/output/record-writer.js";

export interface JsonOutputOptions {
  stream: Writable;
}

/** A persistence plugin that knows the real header of the session file offers it through this service. */
export interface SessionHeaderSource {
  header(): Record<string, unknown>;
}

export interface JsonOutput {
  flush(): Promise<void>;
}

declare module "../../kernel/plugin.js" {
  interface PithServices {
    jsonOutput: JsonOutput;
    sessionHeader: SessionHeaderSource;
  }
}

export function jsonOutputPlugin(options: JsonOutputOptions): PithPlugin {
  return definePlugin({
    name: "output-json",
    setup(context) {
      const writer = new RecordWriter(options.stream);
      let headerWritten = false;
      const writeHeader = () => {
        if (headerWritten) return;
        headerWritten = true;
        // pi prints the header first, also for in-memory sessions.
        const header = context.tryUse("sessionHeader")?.header() ?? {
          type: "session",
          version: 3,
          id: context.session.sessionId,
          timestamp: new Date().toISOString(),
          cwd: context.session.cwd,
        };
        writer.write(header);
      };
      context.on("session_start", () => writeHeader());
      context.on("event_emitted", (event) => {
        writeHeader();
        writer.writeLine(serializeEvent(event));
      });
      context.provide("jsonOutput", { flush: () => writer.flush() });
    },
  });
}

/**
 * One JSON line per event. A `message_update` carries the partial message twice (as `message` and as
 * `assistantMessageEvent.partial`, pi's shape); it is serialised once and spliced in twice, byte-identical to
 * `JSON.stringify(event)`.
 */
export function serializeEvent(event: SessionEvent): string {
  if (event.type !== "message_update" || !("partial" in event.assistantMessageEvent)) return JSON.stringify(event);
  const { partial, ...rest } = event.assistantMessageEvent;
  const message = JSON.stringify(partial);
  const head = JSON.stringify(rest);
  return `{"type":"message_update","message":${message},"assistantMessageEvent":${head.slice(0, -1)},"partial":${message}}}`;
}
