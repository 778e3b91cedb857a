// Where session files live: pi's layout, so pi and pith find each other's sessions.
import { homedir } from "node:os";
import { join } from "node:path";

export const SESSION_DIR_ENV = "PI_CODING_AGENT_SESSION_DIR";
export { AGENT_DIR_ENV, expandTilde, resolveAgentDir } from "../../../lib/agent-dir/agent-dir.js";
import { expandTilde } from "../../../lib/agent-dir/agent-dir.js";

/** `/home/u/proj` → `--home-u-proj--`: one leading separator dropped, then `/`, `\` and `:` become `-`. */
export function encodeCwd(cwd: string): string {
  return `--${cwd.replace(/^[/\\]/, "").replace(/[/\\:]/g, "-")}--`;
}

export function sessionsRoot(agentDir: string): string {
  return join(agentDir, "sessions");
}

export function defaultSessionDir(cwd: string, agentDir: string): string {
  return join(sessionsRoot(agentDir), encodeCwd(cwd));
}

/** `2024-12-03T14:00:00.000Z` + id → `2024-12-03T14-00-00-000Z_<id>.jsonl` */
export function sessionFileName(isoTimestamp: string, sessionId: string): string {
  return `${isoTimestamp.replace(/[:.]/g, "-")}_${sessionId}.jsonl`;
}

export interface SessionDirSources {
  /** `--session-dir` */
  flag?: string;
  /** the environment; `PI_CODING_AGENT_SESSION_DIR` is read from it */
  env?: NodeJS.ProcessEnv;
  /** settings `sessionDir` */
  setting?: string;
  home?: string;
}

/**
 * The flat directory that replaces the per-project one, if any: `--session-dir`, then
 * `$PI_CODING_AGENT_SESSION_DIR`, then settings `sessionDir`; `~` is expanded in the last two (as pi does).
 */
export function resolveSessionDir(sources: SessionDirSources): string | undefined {
  const home = sources.home ?? homedir();
  if (sources.flag) return sources.flag;
  const fromEnv = (sources.env ?? process.env)[SESSION_DIR_ENV];
  if (fromEnv) return expandTilde(fromEnv, home);
  if (sources.setting) return expandTilde(sources.setting, home);
  return undefined;
}
