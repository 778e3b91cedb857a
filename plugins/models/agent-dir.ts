// Where pi (and pith) keep settings, auth.json and models.json.
import { homedir } from "node:os";
import { join } from "node:path";

/** `$PI_CODING_AGENT_DIR` with a leading `~` expanded, else `~/.pi/agent`. */
export function resolveAgentDir(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  const configured = env.PI_CODING_AGENT_DIR?.trim();
  if (!configured) return join(home, ".pi", "agent");
  if (configured === "~") return home;
  if (configured.startsWith("~/")) return join(home, configured.slice(2));
  return configured;
}
