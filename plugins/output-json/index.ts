// `--mode json`: the session header, then every session event as one JSON line, in emission order.
// Events are serialised at the moment they are emitted (a streaming message is a live object that later deltas
// extend); `message_update` carries only its delta (lib/output/wire-event.ts).
import type { Writable } from "node:stream";
import { definePlugin, type PithPlugin } from "../../kernel/index.js";
import { RecordWriter, holdEventsWhileFull } from "../../lib/output/record-writer.js";
export type { SessionHeaderSource } from "../../lib/output/session-header.js";
import { isWireEvent, serializeEvent } from "../../lib/output/wire-event.js";

export interface JsonOutputOptions {
  stream: Writable;
}

export interface JsonOutput {
  /** writes the session header now unless it was written: the mode joined a session that had already started */
  header(): void;
  flush(): Promise<void>;
}

declare module "../../kernel/index.js" {
  interface PithServices {
    jsonOutput: JsonOutput;
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
        if (isWireEvent(event)) writer.writeLine(serializeEvent(event));
      });
      holdEventsWhileFull(context, writer);
      context.provide("jsonOutput", { header: writeHeader, flush: () => writer.flush() });
    },
  });
}

export { serializeEvent } from "../../lib/output/wire-event.js";
