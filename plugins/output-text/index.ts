// Print mode (`-p`, `--mode text`): after the run, the final answer's text on stdout; a failed or aborted
// final answer goes to stderr, once and with pith's prefix like every other error, and makes the exit code 1.
import type { Writable } from "node:stream";
import { definePlugin, type PithPlugin, type AssistantMessage } from "../../kernel/index.js";

export interface TextOutput {
  /** prints the outcome of the last run and returns the exit code it implies */
  finish(): number;
}

declare module "../../kernel/index.js" {
  interface PithServices {
    textOutput: TextOutput;
  }
}

export function textOutputPlugin(options: { stdout: Writable; stderr: Writable }): PithPlugin {
  return definePlugin({
    name: "output-text",
    setup(context) {
      let last: AssistantMessage | undefined;
      // why retrying stopped ("… (gave up after 3 retries)"): said once, in place of the last attempt's error
      let retryGaveUp: string | undefined;
      context.on("event", (event) => {
        if (event.type === "message_end" && event.message.role === "assistant") {
          last = event.message;
          retryGaveUp = undefined;
        }
        if (event.type === "auto_retry_end" && !event.success) retryGaveUp = event.finalError;
      });
      context.provide("textOutput", {
        finish() {
          if (!last) return 0;
          if (last.stopReason === "error" || last.stopReason === "aborted") {
            options.stderr.write(`pith: ${retryGaveUp ?? last.errorMessage ?? `Request ${last.stopReason}`}\n`);
            return 1;
          }
          for (const block of last.content) if (block.type === "text") options.stdout.write(`${block.text}\n`);
          return 0;
        },
      });
    },
  });
}
