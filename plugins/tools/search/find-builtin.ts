// find without fd: the rg-like walk, matched with fd's glob rules.
import { sep } from "node:path";
import { compileGlob } from "../../../lib/glob/glob.js";
import type { FindQuery } from "./find-query.js";
import { walk } from "./ignore-walk.js";

/**
 * fd's `--glob` as pi runs it: smart case, hidden files included, no extglobs or negation. A pattern without `/`
 * matches the entry's name; one with `/` matches the full path (`--full-path`), with `**` + `/` put in front
 * unless it starts with `/` or `**` + `/`.
 */
function matcherFor(pattern: string): (absolutePath: string) => boolean {
  const anchored =
    !pattern.includes("/") || pattern.startsWith("/") || pattern.startsWith("**/") || pattern === "**" ? pattern : `**/${pattern}`;
  const matches = compileGlob(anchored, { caseSensitivity: "smart", dotfiles: true, basename: true, syntax: "fd" });
  return (absolutePath) => matches(sep === "/" ? absolutePath : absolutePath.split(sep).join("/"));
}

export async function findBuiltin(query: FindQuery): Promise<string[]> {
  const matches = matcherFor(query.pattern);
  const results: string[] = [];
  for await (const entry of walk(query.searchPath, query.signal)) {
    if (!matches(entry.absolutePath)) continue;
    results.push(entry.kind === "directory" ? `${entry.relativePath}/` : entry.relativePath);
    if (results.length >= query.maxResults) break;
  }
  return results;
}
