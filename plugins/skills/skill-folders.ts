// Where skills live on disk and how a skills folder is searched.
import { access } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import type { WalkContext } from "../../lib/resources/finding/directory-listing.js";
import { readWalkFolder } from "../../lib/resources/finding/directory-listing.js";
import { IgnoreRules } from "../../lib/resources/finding/ignore-rules.js";
import type { ResourceLocations } from "../../lib/resources/finding/locations.js";
import type { FolderCollector, StandardFolder } from "../../lib/resources/finding/resource-gathering.js";

export const SKILL_FILE_NAME = "SKILL.md";

/**
 * The skill files under `root`. A folder holding SKILL.md is one skill and is not searched further;
 * other folders are searched for SKILL.md. With `rootMarkdown`, `*.md` files directly in `root` are
 * skills too (pi's own skills folders, settings and CLI paths; not `.agents/skills`).
 * Entries ignored by .gitignore/.ignore/.fdignore are skipped; symlinks are followed, cycles are not.
 */
export function collectSkillFiles(root: string, rootMarkdown: boolean, context: WalkContext): string[] {
  const rules = new IgnoreRules(root);
  const visited = new Set<string>();
  const files: string[] = [];

  const walk = (dir: string, isRoot: boolean): void => {
    const { realDir, patterns, entries, diagnostics } = readWalkFolder(dir, rules, context);
    if (visited.has(realDir)) return;
    visited.add(realDir);
    for (const diagnostic of diagnostics) context.report(diagnostic);
    rules.add(patterns);
    const skillFile = entries.find(
      (entry) => entry.name === SKILL_FILE_NAME && entry.kind === "file" && !rules.ignores(entry.path, false),
    );
    if (skillFile) {
      files.push(skillFile.path);
      return;
    }
    for (const entry of entries) {
      if (rules.ignores(entry.path, entry.kind === "directory")) continue;
      if (entry.kind === "directory") walk(entry.path, false);
      else if (isRoot && rootMarkdown && entry.name.endsWith(".md")) files.push(entry.path);
    }
  };

  walk(root, true);
  return files;
}

/** A folder from pi's own skills folders, settings or the CLI: root `*.md` files count. */
export const collectSkillFolder: FolderCollector = async (dir, context) => collectSkillFiles(dir, true, context);
/** An `.agents/skills` folder: only SKILL.md folders count (pi 0.63.1 and later). */
const collectAgentsSkillFolder: FolderCollector = async (dir, context) => collectSkillFiles(dir, false, context);

/**
 * Project: `<cwd>/.pi/skills`, then `.agents/skills` in cwd and each parent up to the git root (or the file
 * system root outside a repository). User: `<agentDir>/skills`, then `~/.agents/skills`. The settings name an
 * `.agents/skills` folder's files from its `.agents` folder (`-skills/x/SKILL.md`), as pi does.
 */
export async function standardSkillFolders(
  scope: "project" | "user",
  locations: ResourceLocations,
): Promise<StandardFolder[]> {
  const userAgentsFolder = join(locations.homeDir, ".agents", "skills");
  if (scope === "user") {
    return [
      { dir: join(locations.agentDir, "skills"), collect: collectSkillFolder },
      { dir: userAgentsFolder, collect: collectAgentsSkillFolder, patternBase: dirname(userAgentsFolder) },
    ];
  }
  const ancestors = (await ancestorsUpToGitRoot(locations.cwd))
    .map((dir) => join(dir, ".agents", "skills"))
    .filter((dir) => resolve(dir) !== resolve(userAgentsFolder));
  return [
    { dir: join(locations.projectConfigDir, "skills"), collect: collectSkillFolder },
    ...ancestors.map((dir) => ({ dir, collect: collectAgentsSkillFolder, patternBase: dirname(dir) })),
  ];
}

/** `start` and its parents, nearest first, ending at the folder holding `.git` or at the file system root. */
async function ancestorsUpToGitRoot(start: string): Promise<string[]> {
  const chain: string[] = [];
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    chain.push(dir);
    if (dirname(dir) === dir) break;
  }
  // every level is checked at once: the walk waits on the file system, not on the answers in turn
  const isGitRoot = await Promise.all(chain.map((dir) => exists(join(dir, ".git"))));
  const root = isGitRoot.indexOf(true);
  return root === -1 ? chain : chain.slice(0, root + 1);
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
