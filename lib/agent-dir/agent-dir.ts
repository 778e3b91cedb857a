// Where pi (and pith) keep settings, auth.json, models.json and sessions: `$PI_CODING_AGENT_DIR`, else
// `~/.pi/agent`. One resolution for every part of pith, so they never disagree about the folder.
import { homedir } from "node:os";
import { join } from "node:path";

export const AGENT_DIR_ENV = "PI_CODING_AGENT_DIR";

/** `~` and a leading `~/` (or `~\`) mean the home folder, as a shell would expand them. */
export function expandTilde(path: string, home: string = homedir()): string {
  if (path === "~") return home;
  if (path.startsWith("~/") || path.startsWith("~\\")) return join(home, path.slice(2));
  return path;
}

/** `$PI_CODING_AGENT_DIR` with `~` expanded (blank counts as unset), else `~/.pi/agent`. */
export function resolveAgentDir(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  const configured = env[AGENT_DIR_ENV]?.trim();
  return configured ? expandTilde(configured, home) : join(home, ".pi", "agent");
}
