// find without fd: the rg-like walk, matched with fd's glob rules.
import { sep } from "node:path";
import type { FindQuery } from "./find-query.js";
import { globToRegExp } from "./glob.js";
import { walk } from "./ignore-walk.js";

/**
 * Like fd: a pattern without `/` matches the entry's name; one with `/` matches the full path, with `**` + `/`
 * put in front unless it starts with `/` or `**` + `/`.
 */
function matcherFor(pattern: string): (absolutePath: string, name: string) => boolean {
  if (!pattern.includes("/")) {
    const regex = globToRegExp(pattern);
    return (_absolutePath, name) => regex.test(name);
  }
  const anchored = pattern.startsWith("/") || pattern.startsWith("**/") || pattern === "**" ? pattern : `**/${pattern}`;
  const regex = globToRegExp(anchored);
  return (absolutePath) => regex.test(sep === "/" ? absolutePath : absolutePath.split(sep).join("/"));
}

export async function findBuiltin(query: FindQuery): Promise<string[]> {
  const matches = matcherFor(query.pattern);
  const results: string[] = [];
  for await (const entry of walk(query.searchPath, query.signal)) {
    if (!matches(entry.absolutePath, entry.name)) continue;
    results.push(entry.kind === "directory" ? `${entry.relativePath}/` : entry.relativePath);
    if (results.length >= query.maxResults) break;
  }
  return results;
}
