// The export plugin: provides "sessionExport" (HTML page and session file of the running session). The page
// renderer and Markdown load only when an export runs.
import { definePlugin, type PithPlugin } from "../../kernel/index.js";
import { SessionExport } from "./export-service.js";

export const EXPORT_PLUGIN_NAME = "export";

export function exportPlugin(): PithPlugin {
  return definePlugin({
    name: EXPORT_PLUGIN_NAME,
    setup(context) {
      context.provide("sessionExport", new SessionExport(context.session, () => context.tryUse("sessions")?.manager));
    },
  });
}
