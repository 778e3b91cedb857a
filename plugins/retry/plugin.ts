// The retry plugin: after a run that ended in a transient provider failure, waits (abortably) and runs the
// loop again, through the kernel's `after_run` hook, so prompt() returns only once retrying is over.
import { definePlugin, type PithPlugin } from "../../kernel/index.js";
import { RetryController, type RetryControllerOptions } from "./retry-controller.js";
import "./retry-events.js";

export const RETRY_PLUGIN_NAME = "retry";

export type RetryPluginOptions = RetryControllerOptions;

export function retryPlugin(options: RetryPluginOptions = {}): PithPlugin {
  return definePlugin({
    name: RETRY_PLUGIN_NAME,
    setup(context) {
      const retry = new RetryController(context, options);
      context.on("event_emitted", (event) => retry.observe(event));
      context.on("before_prompt", () => retry.startPrompt());
      context.on("agent_end", (event) => retry.endRun(event.messages));
      // Retry decides before compaction: a transient failure is sent again before anything is summarised.
      context.on("after_run", (run) => retry.afterRun(run), { stage: -10 });
      context.on("will_retry", (run) => (run.lastAssistant && retry.willRetry(run.lastAssistant) ? true : undefined));
      // A silent provider is a transient failure only once the user chose how long silence may last.
      context.on("stream_options", (state) => {
        const idleTimeoutMs = retry.settings().requestIdleTimeoutMs;
        return idleTimeoutMs === undefined ? state : { ...state, idleTimeoutMs };
      });
      context.provide("retry", retry);
    },
  });
}
