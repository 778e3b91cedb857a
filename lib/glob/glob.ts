// pith's one glob matcher. minimatch does the matching because pi itself matches resource and model patterns with
// it, so those call sites get pi's edge cases (dot segments, extglobs, nested and numeric braces, escapes) by
// construction; the fd dialect of the `find` tool is the same engine with fd's differences switched on.
// In every dialect `*` and `?` stay inside one path segment and `**` spans segments only as a whole segment:
// none of pi's pattern languages lets `*` cross a `/`, so that is not an option.
import { Minimatch, type MinimatchOptions } from "minimatch";
import { PithError, errorMessage } from "../../kernel/index.js";

export interface GlobOptions {
  /** "smart" ignores case unless the pattern has an upper-case letter, as fd does. */
  caseSensitivity: "sensitive" | "insensitive" | "smart";
  /** Whether `*`, `?` and `**` match a path segment that starts with a dot (a literal `.name` always does). */
  dotfiles: boolean;
  /** Whether a pattern without `/` is matched against the path's last segment instead of the whole path. */
  basename: boolean;
  /**
   * "minimatch" reads extglobs (`+(a|b)`), a leading `!` as negation and a leading `#` as a comment that matches
   * nothing; "fd" reads all of those as plain characters.
   */
  syntax: "minimatch" | "fd";
}

export type GlobMatcher = (path: string) => boolean;

function minimatchOptions(pattern: string, options: GlobOptions): MinimatchOptions {
  const fd = options.syntax === "fd";
  const caseSensitive =
    options.caseSensitivity === "smart" ? /\p{Lu}/u.test(pattern) : options.caseSensitivity === "sensitive";
  return {
    nocase: !caseSensitive,
    dot: options.dotfiles,
    matchBase: options.basename,
    noext: fd,
    nonegate: fd,
    nocomment: fd,
  };
}

/** Compiles `pattern` once; the matcher takes `/`-separated paths. Throws GLOB_INVALID for a pattern it cannot read. */
export function compileGlob(pattern: string, options: GlobOptions): GlobMatcher {
  let compiled: Minimatch;
  try {
    compiled = new Minimatch(pattern, minimatchOptions(pattern, options));
  } catch (error) {
    throw new PithError("GLOB_INVALID", `Cannot read the glob pattern "${pattern}": ${errorMessage(error)}. Simplify the pattern (for instance, spell a [[:class:]] out as a range).`, { cause: error });
  }
  return (path) => compiled.match(path);
}
