// The session-control plugin: provides "sessionControl" (moves and saved choices) and the services it and the
// modes call for reports and the user's shell (sessionInfo, modelSwitch, commandCatalog, userBash). Services a
// plugin loaded earlier already provides are kept. It looks other services up when called, so its place in the
// load order does not matter.
import { definePlugin, type PithPlugin } from "../../kernel/index.js";
import { provideSessionServices } from "../session-services/provide-services.js";
import { sessionControlHooks } from "./move-hooks.js";
import { SessionControl } from "./session-control.js";

export const SESSION_CONTROL_PLUGIN_NAME = "session-control";

export function sessionControlPlugin(): PithPlugin {
  return definePlugin({
    name: SESSION_CONTROL_PLUGIN_NAME,
    setup(context) {
      const hooks = sessionControlHooks(context);
      provideSessionServices(context);
      const host = { agent: context.session, use: context.tryUse.bind(context), hooks, report: (error: unknown) => context.report(error) };
      context.provide("sessionControl", new SessionControl(host));
    },
  });
}
