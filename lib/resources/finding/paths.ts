// Path helpers shared by the skill and template loaders.
import { realpathSync } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";

/** pi's project config folder name, inside the working directory. */
export const PROJECT_CONFIG_DIR = ".pi";

/** `~`, `~/x` and `~x` expand against the home folder; anything else resolves against `baseDir`. */
export function resolveUserPath(input: string, baseDir: string, homeDir: string): string {
  const trimmed = input.trim();
  if (trimmed === "~") return homeDir;
  if (trimmed.startsWith("~/")) return join(homeDir, trimmed.slice(2));
  if (trimmed.startsWith("~")) return join(homeDir, trimmed.slice(1));
  return isAbsolute(trimmed) ? trimmed : resolve(baseDir, trimmed);
}

export function isUnderPath(target: string, root: string): boolean {
  const normalizedTarget = resolve(target);
  const normalizedRoot = resolve(root);
  if (normalizedTarget === normalizedRoot) return true;
  const prefix = normalizedRoot.endsWith(sep) ? normalizedRoot : `${normalizedRoot}${sep}`;
  return normalizedTarget.startsWith(prefix);
}

/**
 * The real path with symlinks followed, or the path itself when it cannot be resolved. The C library's realpath, as
 * fs/promises' realpath calls it, but at once: a round trip through libuv's thread pool costs more than the lookup.
 */
export async function canonicalPath(path: string): Promise<string> {
  return canonicalPathSync(path);
}

export function canonicalPathSync(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return resolve(path);
  }
}

export function toPosixPath(path: string): string {
  return path.split(sep).join("/");
}

/** `path` relative to `root` with forward slashes, as ignore files and glob patterns expect. */
export function posixRelative(root: string, path: string): string {
  return toPosixPath(relative(root, path));
}
