// The session-control plugin: provides "sessionControl" (moves and saved choices) and the services it and the
// modes call for reports and the user's shell (sessionInfo, modelSwitch, commandCatalog, userBash). Services a
// plugin loaded earlier already provides are kept. It looks other services up when called, so its place in the
// load order does not matter.
import { AgentSession, PithError, definePlugin, type PithPlugin } from "../../kernel/index.js";
import { provideRpcServices } from "../rpc/provide-services.js";
import { SessionControl } from "./session-control.js";

export const SESSION_CONTROL_PLUGIN_NAME = "session-control";

export function sessionControlPlugin(): PithPlugin {
  return definePlugin({
    name: SESSION_CONTROL_PLUGIN_NAME,
    setup(context) {
      const session = context.session;
      if (!(session instanceof AgentSession)) {
        throw new PithError("SESSION_CONTROL_UNSUPPORTED", "The session-control plugin needs pith's own AgentSession.");
      }
      provideRpcServices(context);
      context.provide("sessionControl", new SessionControl(session, (name) => context.tryUse(name)));
    },
  });
}
