// How the tools turn a model-supplied path into an absolute one.
import { accessSync, constants } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, resolve } from "node:path";

// Models copy paths out of rendered text, where these spaces stand in for plain ones.
const UNICODE_SPACES = /[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g;

/** Strips a leading `@` (the model copies `@file` mentions), normalizes odd spaces, expands `~`. */
export function expandPath(path: string): string {
  const withoutAt = path.startsWith("@") ? path.slice(1) : path;
  const spaced = withoutAt.replace(UNICODE_SPACES, " ");
  if (spaced === "~") return homedir();
  if (spaced.startsWith("~/")) return homedir() + spaced.slice(1);
  return spaced;
}

export function resolveToCwd(path: string, cwd: string): string {
  const expanded = expandPath(path);
  return isAbsolute(expanded) ? expanded : resolve(cwd, expanded);
}

function exists(path: string): boolean {
  try {
    accessSync(path, constants.F_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Like `resolveToCwd`, but when the file is missing tries the spellings macOS uses for screenshot names:
 * a narrow no-break space before AM/PM, decomposed (NFD) accents, and U+2019 for the apostrophe.
 */
export function resolveReadPath(path: string, cwd: string): string {
  const resolved = resolveToCwd(path, cwd);
  if (exists(resolved)) return resolved;
  const decomposed = resolved.normalize("NFD");
  const variants = [
    resolved.replace(/ (AM|PM)\./gi, "\u202F$1."),
    decomposed,
    resolved.replace(/'/g, "\u2019"),
    decomposed.replace(/'/g, "\u2019"),
  ];
  return variants.find((variant) => variant !== resolved && exists(variant)) ?? resolved;
}
