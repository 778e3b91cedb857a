// The project resources that wait for a trust decision (pi 1.6.0's list): `.pi/settings.json`, `.pi/mcp.json`,
// `.pi/extensions`, `.pi/skills`, `.pi/prompts`, `.pi/themes`, `.pi/SYSTEM.md`, `.pi/APPEND_SYSTEM.md`, and an
// `.agents/skills` folder in the project or any parent (the user's own `~/.agents/skills` excepted). A bare `.pi`
// folder needs no decision.
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { canonicalPathSync } from "../../lib/resources/finding/paths.js";

const GATED_IN_PROJECT_CONFIG = ["settings.json", "mcp.json", "extensions", "skills", "prompts", "themes", "SYSTEM.md", "APPEND_SYSTEM.md"];

/** The gated resources `cwd` has, as the user would name them (`.pi/settings.json`; a parent's `.agents/skills` by its full path). */
export async function findGatedResources(cwd: string, homeDir = homedir()): Promise<string[]> {
  return findGatedResourcesSync(cwd, homeDir);
}

/** {@link findGatedResources} at once (pi's `hasTrustRequiringProjectResources`, which extensions call, answers so). */
export function findGatedResourcesSync(cwd: string, homeDir = homedir()): string[] {
  const project = canonicalPathSync(cwd);
  const userAgentsSkills = join(canonicalPathSync(homeDir), ".agents", "skills");
  const candidates = GATED_IN_PROJECT_CONFIG.map((name) => ({ path: join(project, ".pi", name), label: `.pi/${name}` }));
  for (let dir = project; ; dir = dirname(dir)) {
    const path = join(dir, ".agents", "skills");
    if (path !== userAgentsSkills) candidates.push({ path, label: dir === project ? ".agents/skills" : path });
    if (dirname(dir) === dir) break;
  }
  // looked at one by one, at once: a dozen round trips through libuv's thread pool cost more than the lookups
  return candidates.filter((candidate) => existsSync(candidate.path)).map((candidate) => candidate.label);
}
