// The plugin createPithSession adds to every session it creates: it makes sure the services the session API
// calls exist (the same ones RPC mode provides and calls), and later offers the API itself as "sessionControl".
import { PithError } from "../../kernel/errors.js";
import { definePlugin, type PithPlugin, type PluginContext } from "../../kernel/plugin.js";
import type { PithSession } from "./pith-session.js";

export const SESSION_CONTROL_PLUGIN_NAME = "session-control";

export interface SessionControlPlugin {
  readonly plugin: PithPlugin;
  /** offers the finished session API to the other plugins */
  provide(session: PithSession): void;
}

export function sessionControlPlugin(): SessionControlPlugin {
  let context: PluginContext | undefined;
  return {
    plugin: definePlugin({
      name: SESSION_CONTROL_PLUGIN_NAME,
      async setup(pluginContext) {
        context = pluginContext;
        // Imported here, so `import "pith"` stays light. Services a plugin loaded earlier already provides
        // (RPC mode's, a caller's own) are kept.
        const { provideRpcServices } = await import("../../plugins/rpc/provide-services.js");
        provideRpcServices(pluginContext);
      },
    }),
    provide(session) {
      if (!context) throw new PithError("PLUGIN_NOT_LOADED", `The ${SESSION_CONTROL_PLUGIN_NAME} plugin was not loaded into this session.`);
      context.provide("sessionControl", session);
    },
  };
}
