// .gitignore / .ignore / .fdignore rules gathered while walking down from a root folder.
// Rules found in a subfolder are rewritten relative to the root so that one matcher serves the whole walk.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Ignore } from "ignore";
import { posixRelative } from "./paths.js";

export const IGNORE_FILE_NAMES = [".gitignore", ".ignore", ".fdignore"] as const;

const requireHere = createRequire(import.meta.url);

export class IgnoreRules {
  /** created with the first rule: most folders have no ignore file, and then the library is never loaded */
  private matcher: Ignore | undefined;

  constructor(private readonly root: string) {}

  /** The rules of the ignore files directly inside `dir` (a folder at or below the root), rewritten for the root, for `add`. */
  readRulesOf(dir: string): string[] {
    const relativeDir = posixRelative(this.root, dir);
    const prefix = relativeDir === "" ? "" : `${relativeDir}/`;
    // most folders have no ignore file; an unreadable one cannot be honoured either
    const texts = IGNORE_FILE_NAMES.map((fileName) => readTextOrEmpty(join(dir, fileName)));
    return texts.flatMap((text) =>
      text
        .split(/\r?\n/)
        .map((line) => reRootPattern(line, prefix))
        .filter((pattern): pattern is string => pattern !== undefined),
    );
  }

  add(patterns: readonly string[]): void {
    if (patterns.length === 0) return;
    this.matcher ??= (requireHere("ignore") as () => Ignore)();
    this.matcher.add([...patterns]);
  }

  ignores(path: string, isDirectory: boolean): boolean {
    const relativePath = posixRelative(this.root, path);
    if (!this.matcher || relativePath === "" || relativePath.startsWith("../../")) return false;
    return this.matcher.ignores(isDirectory ? `${relativePath}/` : relativePath);
  }
}

function readTextOrEmpty(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

/**
 * Rewrites one ignore-file line from folder `prefix` so it means the same thing relative to the root.
 * Following git: a pattern with a slash (other than a trailing one) is anchored to its folder, one without
 * matches at any depth below its folder.
 */
function reRootPattern(line: string, prefix: string): string | undefined {
  if (line.trim() === "" || line.startsWith("#")) return undefined;
  if (prefix === "") return line;
  const negated = line.startsWith("!");
  const pattern = negated ? line.slice(1) : line;
  const withoutTrailingSlash = pattern.endsWith("/") ? pattern.slice(0, -1) : pattern;
  const rooted = withoutTrailingSlash.includes("/")
    ? `${prefix}${pattern.startsWith("/") ? pattern.slice(1) : pattern}`
    : `${prefix}**/${pattern}`;
  return negated ? `!${rooted}` : rooted;
}
