// Where prompt templates live on disk and how a templates folder is read.
import { join } from "node:path";
import type { WalkContext } from "../../lib/resources/finding/directory-listing.js";
import { listVisibleEntries, readWalkFolder } from "../../lib/resources/finding/directory-listing.js";
import { IgnoreRules } from "../../lib/resources/finding/ignore-rules.js";
import type { ResourceLocations } from "../../lib/resources/finding/locations.js";
import type { StandardFolder } from "../../lib/resources/finding/resource-gathering.js";

/** The `*.md` files directly in `dir` (standard folders and CLI folders are not searched recursively). */
export async function collectTemplateFiles(dir: string, context: WalkContext): Promise<string[]> {
  const rules = new IgnoreRules(dir);
  rules.add(rules.readRulesOf(dir));
  const entries = listVisibleEntries(dir, context);
  return entries
    .filter((entry) => entry.kind === "file" && entry.name.endsWith(".md") && !rules.ignores(entry.path, false))
    .map((entry) => entry.path);
}

/** Every `*.md` file below `root`: a folder named in settings is searched recursively, as in pi. */
export async function collectTemplateFilesRecursively(root: string, context: WalkContext): Promise<string[]> {
  const rules = new IgnoreRules(root);
  const visited = new Set<string>();
  const files: string[] = [];
  const walk = (dir: string): void => {
    const { realDir, patterns, entries, diagnostics } = readWalkFolder(dir, rules, context);
    if (visited.has(realDir)) return;
    visited.add(realDir);
    for (const diagnostic of diagnostics) context.report(diagnostic);
    rules.add(patterns);
    for (const entry of entries) {
      if (rules.ignores(entry.path, entry.kind === "directory")) continue;
      if (entry.kind === "directory") walk(entry.path);
      else if (entry.name.endsWith(".md")) files.push(entry.path);
    }
  };
  walk(root);
  return files;
}

/** Project: `<cwd>/.pi/prompts`. User: `<agentDir>/prompts`. */
export async function standardTemplateFolders(
  scope: "project" | "user",
  locations: ResourceLocations,
): Promise<StandardFolder[]> {
  const dir = scope === "project" ? join(locations.projectConfigDir, "prompts") : join(locations.agentDir, "prompts");
  return [{ dir, collect: collectTemplateFiles }];
}
