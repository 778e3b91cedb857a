// createAgentSession, wrapped in the typed session API.
import { createAgentSession, type CreateAgentSessionOptions } from "../create-agent-session.js";
import { PithSession } from "./pith-session.js";

export async function createPithSession(options: CreateAgentSessionOptions = {}): Promise<PithSession> {
  // The API's moves, reports and saved choices are the session-control plugin's: it loads even with a chosen set of built-ins.
  const builtins = options.builtins && !options.builtins.includes("session-control") ? [...options.builtins, "session-control" as const] : options.builtins;
  return new PithSession(await createAgentSession({ ...options, builtins }));
}
