// What a package provides. A package.json `pi` key declares it (paths or globs relative to the package root,
// `!glob` excludes, `+path`/`-path` force an exact file in or out); without a `pi` key the conventional folders
// `extensions/`, `skills/`, `prompts/` and `themes/` are used. A settings filter then narrows each kind: key
// omitted = everything, `[]` = nothing, otherwise the same pattern language. A local source naming a file is one
// extension.
import { readFile, readdir, stat } from "node:fs/promises";
import { basename, dirname, join, relative, resolve } from "node:path";
import { extensionsAtPath, extensionsInFolder } from "../../extensions/loading/extension-folder.js";
import { compileGlob } from "../../../lib/glob/glob.js";
import { collectSkillFiles } from "../../skills/skill-folders.js";
import { collectTemplateFiles } from "../../prompt-templates/template-folders.js";
import { describeDiagnostic } from "../../../lib/resources/diagnostics/diagnostics.js";
import type { WalkContext } from "../../../lib/resources/finding/directory-listing.js";
import { toPosixPath } from "../../../lib/resources/finding/paths.js";
import { RESOURCE_GLOB, selectByPatterns } from "../../../lib/resources/finding/settings-patterns.js";

export const RESOURCE_TYPES = ["extensions", "skills", "prompts", "themes"] as const;
export type PackageResourceType = (typeof RESOURCE_TYPES)[number];
export type PackageResources = Record<PackageResourceType, string[]>;
export type PackageFilter = Partial<Record<PackageResourceType, readonly string[]>>;

export async function collectPackageResources(
  root: string,
  filter: PackageFilter | undefined,
  signal?: AbortSignal,
): Promise<{ resources: PackageResources; problems: string[] }> {
  const problems: string[] = [];
  const context: WalkContext = { report: (diagnostic) => problems.push(describeDiagnostic(diagnostic)), signal };
  const resources: PackageResources = { extensions: [], skills: [], prompts: [], themes: [] };
  const info = await stat(root);
  if (info.isFile()) {
    if (/\.(ts|js)$/.test(root) && filter?.extensions?.length !== 0) resources.extensions.push(root);
    return { resources, problems };
  }
  const manifest = await readManifest(root);
  for (const type of RESOURCE_TYPES) {
    const available = manifest ? await manifestFiles(root, manifest[type], type, context) : await conventionalFiles(root, type, context);
    const patterns = filter?.[type];
    if (patterns === undefined) resources[type] = available;
    else if (patterns.length > 0) {
      const selected = selectByPatterns(available, patterns, root);
      resources[type] = available.filter((file) => selected.has(file));
    }
  }
  return { resources, problems };
}

type Manifest = Partial<Record<PackageResourceType, unknown>>;

async function readManifest(root: string): Promise<Manifest | undefined> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(join(root, "package.json"), "utf8"));
  } catch {
    return undefined;
  }
  const pi = (parsed as { pi?: unknown } | null)?.pi;
  return pi !== null && typeof pi === "object" && !Array.isArray(pi) ? (pi as Manifest) : undefined;
}

async function conventionalFiles(root: string, type: PackageResourceType, context: WalkContext): Promise<string[]> {
  const dir = join(root, type);
  if (type === "extensions") return extensionsInFolder(dir);
  return filesAt(dir, type, context);
}

async function manifestFiles(root: string, value: unknown, type: PackageResourceType, context: WalkContext): Promise<string[]> {
  if (!Array.isArray(value)) return [];
  const entries = value.filter((entry): entry is string => typeof entry === "string");
  const overrides = entries.filter((entry) => /^[!+-]/.test(entry));
  const files: string[] = [];
  for (const entry of entries) {
    if (overrides.includes(entry)) continue;
    // as in pi, only `*` and `?` make an entry a glob; anything else is a path
    const paths = /[*?]/.test(entry) ? await expandGlob(root, entry) : [resolve(root, entry)];
    for (const path of paths) files.push(...(await filesAt(path, type, context)));
  }
  const unique = [...new Set(files)];
  if (overrides.length === 0) return unique;
  const selected = selectByPatterns(unique, overrides, root);
  return unique.filter((file) => selected.has(file));
}

/** The files of one kind at a path: a file of the right type is itself, a folder is searched as pi does. */
async function filesAt(path: string, type: PackageResourceType, context: WalkContext): Promise<string[]> {
  const info = await stat(path).catch(() => undefined);
  if (!info) return [];
  if (info.isFile()) return FILE_TYPES[type].test(path) ? [path] : [];
  if (!info.isDirectory()) return [];
  switch (type) {
    case "extensions":
      return (await extensionsAtPath(path)).files;
    case "skills":
      return collectSkillFiles(path, true, context);
    case "prompts":
      return collectTemplateFiles(path, context);
    case "themes":
      return (await readdir(path)).filter((name) => name.endsWith(".json")).sort().map((name) => join(path, name));
  }
}

const FILE_TYPES: Record<PackageResourceType, RegExp> = {
  extensions: /\.(ts|js)$/,
  skills: /\.md$/,
  prompts: /\.md$/,
  themes: /\.json$/,
};

/** Files and folders under `root` whose relative path matches a manifest glob (dotfiles and node_modules skipped). */
async function expandGlob(root: string, pattern: string): Promise<string[]> {
  const matchesGlob = compileGlob(toPosixPath(pattern).replace(/^\.\//, ""), RESOURCE_GLOB);
  const matches: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const path = join(dir, entry.name);
      if (matchesGlob(toPosixPath(relative(root, path)))) matches.push(path);
      else if (entry.isDirectory()) await walk(path);
    }
  };
  await walk(root);
  return matches;
}

/** Names to show for a package's resources: extension and theme files, skill names, prompt commands. */
export function describeResources(resources: PackageResources, root: string): string[] {
  const rel = (file: string) => toPosixPath(relative(root, file)) || basename(file);
  const skillName = (file: string) => (basename(file) === "SKILL.md" ? basename(dirname(file)) : basename(file, ".md"));
  const lines: string[] = [];
  if (resources.extensions.length > 0) lines.push(`extensions: ${resources.extensions.map(rel).join(", ")}`);
  if (resources.skills.length > 0) lines.push(`skills: ${resources.skills.map(skillName).join(", ")}`);
  if (resources.prompts.length > 0) lines.push(`prompts: ${resources.prompts.map((file) => `/${basename(file, ".md")}`).join(", ")}`);
  if (resources.themes.length > 0) lines.push(`themes: ${resources.themes.map(rel).join(", ")}`);
  return lines;
}
