// pith's own cache folder (jiti's transform cache lives here): $PITH_CACHE_DIR, else $XDG_CACHE_HOME/pith,
// else ~/.cache/pith.
import { homedir } from "node:os";
import { join } from "node:path";

export function cacheDirectory(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PITH_CACHE_DIR) return env.PITH_CACHE_DIR;
  return join(env.XDG_CACHE_HOME || join(homedir(), ".cache"), "pith");
}
