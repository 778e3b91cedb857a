// The pattern language of the settings arrays `skills` and `prompts` (pi's documented behaviour):
// plain paths name files or folders; a glob keeps only matching files; `!glob` excludes, `+path`
// force-includes an exact path and `-path` force-excludes one. `!`, `+` and `-` entries also switch
// auto-discovered resources of the same scope on or off.
import { basename, dirname } from "node:path";
import { compileGlob, type GlobMatcher, type GlobOptions } from "../../glob/glob.js";
import { posixRelative, toPosixPath } from "./paths.js";

/** pi matches resource patterns with minimatch's defaults: case-sensitive, wildcards skip dot segments. */
export const RESOURCE_GLOB: GlobOptions = { caseSensitivity: "sensitive", dotfiles: false, basename: false, syntax: "minimatch" };

function isOverrideEntry(entry: string): boolean {
  return entry.startsWith("!") || entry.startsWith("+") || entry.startsWith("-");
}

function isPatternEntry(entry: string): boolean {
  return isOverrideEntry(entry) || entry.includes("*") || entry.includes("?");
}

export function splitSettingsEntries(entries: readonly string[]): { paths: string[]; patterns: string[] } {
  const paths: string[] = [];
  const patterns: string[] = [];
  for (const entry of entries) (isPatternEntry(entry) ? patterns : paths).push(entry);
  return { paths, patterns };
}

/**
 * The names a pattern may match for a file: its path relative to the settings folder and its absolute path
 * (exact patterns), plus its base name (globs). A SKILL.md file is also known by its folder.
 */
function namesOf(filePath: string, baseDir: string): { exact: string[]; any: string[] } {
  const exact = [posixRelative(baseDir, filePath), toPosixPath(filePath)];
  const any = [...exact, basename(filePath)];
  if (basename(filePath) === "SKILL.md") {
    const folder = dirname(filePath);
    const folderNames = [posixRelative(baseDir, folder), toPosixPath(folder)];
    exact.push(...folderNames);
    any.push(...folderNames, basename(folder));
  }
  return { exact, any };
}

// Overrides are checked once per discovered file; settings hold few patterns, so compiled ones are kept.
const compiled = new Map<string, GlobMatcher>();

function compileAll(patterns: readonly string[]): GlobMatcher[] {
  return patterns.map((pattern) => {
    let matcher = compiled.get(pattern);
    if (!matcher) {
      matcher = compileGlob(toPosixPath(pattern), RESOURCE_GLOB);
      compiled.set(pattern, matcher);
    }
    return matcher;
  });
}

function matchesAnyGlob(filePath: string, matchers: readonly GlobMatcher[], baseDir: string): boolean {
  if (matchers.length === 0) return false;
  const names = namesOf(filePath, baseDir).any;
  return matchers.some((matches) => names.some(matches));
}

function matchesAnyExact(filePath: string, patterns: readonly string[], baseDir: string): boolean {
  const names = namesOf(filePath, baseDir).exact;
  return patterns.some((pattern) => names.includes(toPosixPath(pattern.startsWith("../") ? pattern.slice(2) : pattern)));
}

function byPrefix(patterns: readonly string[], prefix: string): string[] {
  return patterns.filter((pattern) => pattern.startsWith(prefix)).map((pattern) => pattern.slice(1));
}

/** Which of the files found under plain settings entries stay enabled after the entry patterns. */
export function selectByPatterns(files: readonly string[], patterns: readonly string[], baseDir: string): Set<string> {
  const includes = compileAll(patterns.filter((pattern) => !isOverrideEntry(pattern)));
  const excludes = compileAll(byPrefix(patterns, "!"));
  const forceIncludes = byPrefix(patterns, "+");
  const forceExcludes = byPrefix(patterns, "-");
  let selected = includes.length === 0 ? [...files] : files.filter((file) => matchesAnyGlob(file, includes, baseDir));
  if (excludes.length > 0) selected = selected.filter((file) => !matchesAnyGlob(file, excludes, baseDir));
  for (const file of files) {
    if (!selected.includes(file) && matchesAnyExact(file, forceIncludes, baseDir)) selected.push(file);
  }
  return new Set(selected.filter((file) => !matchesAnyExact(file, forceExcludes, baseDir)));
}

/** Whether an auto-discovered file stays enabled under the `!`, `+` and `-` entries of its scope. */
export function isEnabledByOverrides(filePath: string, entries: readonly string[], baseDir: string): boolean {
  let enabled = true;
  if (matchesAnyGlob(filePath, compileAll(byPrefix(entries, "!")), baseDir)) enabled = false;
  if (matchesAnyExact(filePath, byPrefix(entries, "+"), baseDir)) enabled = true;
  if (matchesAnyExact(filePath, byPrefix(entries, "-"), baseDir)) enabled = false;
  return enabled;
}

/**
 * pi's `autoload: false` project entry over a user's package: each pattern in turn decides the files it names
 * (`+path`/`-path` exact, a plain glob on, `!glob` off), the last one to name a file winning; files no pattern
 * names are absent from the map and keep the user's decision.
 */
export function deltaDecisions(files: readonly string[], patterns: readonly string[], baseDir: string): Map<string, boolean> {
  const decided = new Map<string, boolean>();
  for (const pattern of patterns) {
    const target = isOverrideEntry(pattern) ? pattern.slice(1) : pattern;
    const enabled = !pattern.startsWith("-") && !pattern.startsWith("!");
    const exact = pattern.startsWith("+") || pattern.startsWith("-");
    for (const file of files) {
      if (exact ? matchesAnyExact(file, [target], baseDir) : matchesAnyGlob(file, compileAll([target]), baseDir)) decided.set(file, enabled);
    }
  }
  return decided;
}
