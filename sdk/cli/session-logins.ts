// The model registry of a session with its extensions loaded (global, settings packages, a trusted project's), for
// `pith login` and `pith logout`: a provider an extension registers with an `oauth` block signs in there as one of
// pith's own does. Loaded only when a command needs a provider pith does not know by itself; when the extensions
// cannot start, the files alone answer and the reason is a warning.
import { ModelRegistry } from "../../plugins/models/registry.js";
import { resolveAgentDir } from "../../lib/agent-dir/agent-dir.js";
import type { AuthCommandIo } from "./auth-inspect.js";

export interface SessionLogins {
  registry: ModelRegistry;
  /** ends the session the extensions run in (after the sign-in, which calls into them) */
  close(): Promise<void>;
}

export async function sessionLogins(io: AuthCommandIo): Promise<SessionLogins> {
  const agentDir = resolveAgentDir(io.env);
  const warn = (message: string) => io.stderr(`pith: warning: ${message}\n`);
  try {
    const { createAgentSession } = await import("../create-agent-session.js");
    const created = await createAgentSession({
      agentDir,
      noSession: true,
      noMcp: true,
      packages: { offline: true },
      projectTrust: { mode: "print" },
      extensions: { mode: "print" },
      log: { debug: () => {}, info: () => {}, warn, error: warn },
    });
    const registry = created.session.registry.services.get("models") as ModelRegistry | undefined;
    if (registry) return { registry, close: () => created.session.dispose() };
    await created.session.dispose();
  } catch (error) {
    warn(`extensions' sign-ins are not offered: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { registry: new ModelRegistry({ agentDir, env: io.env }), close: async () => {} };
}
