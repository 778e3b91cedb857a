// createAgentSession, wrapped in the typed session API.
import { createAgentSession, type CreateAgentSessionOptions } from "../create-agent-session.js";
import { sessionControlPlugin } from "./control-plugin.js";
import { PithSession } from "./pith-session.js";

export async function createPithSession(options: CreateAgentSessionOptions = {}): Promise<PithSession> {
  const control = sessionControlPlugin();
  const created = await createAgentSession({ ...options, plugins: [...(options.plugins ?? []), control.plugin] });
  const session = new PithSession(created);
  control.provide(session);
  return session;
}
