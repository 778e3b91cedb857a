// pi 1.6.0's resource, trust, credential and settings helpers as pith serves them to extensions: each script runs
// against pi's own served module (under Node 22, in a child process) and against pith's (loaded as an extension
// file), on the same folders, and the JSON of the two results must be equal. Diagnostic messages are each side's
// own wording, so scripts compare their kind and path.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld, type World } from "./harness.js";
import { piScriptResults, pithScriptResult } from "./served-scripts.js";

const AGENT = "@earendil-works/pi-coding-agent";

const skill = (name: string, description: string, extra = "") => `---\nname: ${name}\ndescription: ${description}\n${extra}---\n\n# ${name}\n\nBody of ${name}.\n`;

/** The folders every script reads, under the world's root. */
const FILES: Record<string, string> = {
  "agent/skills/alpha/SKILL.md": skill("alpha", "Alpha does things"),
  "agent/skills/loose.md": skill("loose", "A skill file directly in the skills folder"),
  "agent/skills/notes.md": "# Just notes\n\nNo front matter here.\n",
  "agent/skills/bad-name/SKILL.md": skill("Bad_Name", "Breaks the naming rules"),
  "agent/skills/no-description/SKILL.md": "---\nname: no-description\n---\nbody\n",
  "agent/skills/broken/SKILL.md": "---\nname: broken\ndescription: [unclosed\n---\nbody\n",
  "agent/skills/listed/SKILL.md": "---\n- a\n- b\n---\nbody\n",
  "agent/skills/nested/group/deep/SKILL.md": skill("deep", "Found two folders down"),
  "agent/skills/nested/group/deep/extra.md": skill("extra", "Beside a SKILL.md, so never read"),
  "agent/skills/ignored/SKILL.md": skill("ignored", "Left out by .gitignore"),
  "agent/skills/.gitignore": "ignored/\n",
  "agent/skills/.hidden/SKILL.md": skill("hidden", "In a hidden folder"),
  "agent/skills/quoted/SKILL.md": '---\nname: quoted\ndescription: "Uses <xml> & \'quotes\'"\ndisable-model-invocation: false\n---\nbody\n',
  "project/.pi/skills/alpha/SKILL.md": skill("alpha", "The project's alpha, shadowed by the user's"),
  "project/.pi/skills/beta/SKILL.md": skill("beta", "Only by /skill:beta", "disable-model-invocation: true\n"),
  "extra/one.md": skill("one", "Named by its path"),
  "extra/two/SKILL.md": skill("two", "A folder named by its path"),
  "extra/readme.txt": "not markdown\n",
  // context files: the agent folder's, then each folder's from the root down (AGENTS.override.md first, a folder
  // named like one is passed over)
  "agent/AGENTS.md": "\uFEFFGlobal rules\n",
  "CLAUDE.md": "World root notes\n",
  "project/AGENTS.override.md": "Override\n",
  "project/AGENTS.md": "Shadowed by the override\n",
  "project/deeper/AGENTS.md/keep": "a folder, not a context file\n",
  "project/deeper/CLAUDE.md": "Deeper notes\n",
  // trust: a project with a gated resource, one with a bare .pi folder, one below a parent's .agents/skills
  "gated/.pi/mcp.json": "{}\n",
  "bare/.pi/sessions/keep": "\n",
  "parent/.agents/skills/s/SKILL.md": skill("s", "A parent's skill"),
  "parent/child/keep": "\n",
  // credentials
  "agent/auth.json": JSON.stringify({ anthropic: { type: "api_key", key: "sk-ant" }, acme: { type: "oauth", access: "a", refresh: "r", expires: 5, extra: 1 } }),
  "broken-auth.json": "{ not json",
};

// what the scripts share: the world's root as `root`, and `normalize` (skills and diagnostics in a stable order,
// diagnostics without their wording)
const PRELUDE = `
  const byJson = (a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1);
  const normalize = (result) => ({
    skills: [...result.skills].sort((a, b) => (a.filePath < b.filePath ? -1 : 1)),
    diagnostics: result.diagnostics.map(({ message, ...rest }) => ({ ...rest, hasMessage: typeof message === "string" && message.length > 0 })).sort(byJson),
  });
  const skillsBlock = (text) => text.slice(text.indexOf("<available_skills>"));
`;

const SCRIPTS: Array<[label: string, source: string]> = [
  ["loadSkillsFromDir: user folder", `(m, root) => normalize(m.loadSkillsFromDir({ dir: root + "/agent/skills", source: "user" }))`],
  ["loadSkillsFromDir: a package source", `(m, root) => normalize(m.loadSkillsFromDir({ dir: root + "/extra", source: "npm:acme" }))`],
  ["loadSkillsFromDir: a missing folder", `(m, root) => normalize(m.loadSkillsFromDir({ dir: root + "/nowhere", source: "path" }))`],
  ["loadSkills: defaults and paths", `(m, root) => normalize(m.loadSkills({ cwd: root + "/project", agentDir: root + "/agent", includeDefaults: true,
    skillPaths: [root + "/extra/one.md", "../extra/two", root + "/extra/readme.txt", root + "/missing", root + "/agent/skills/alpha/SKILL.md"] }))`],
  ["loadSkills: paths in standard folders keep their scope", `(m, root) => normalize(m.loadSkills({ cwd: root + "/project", agentDir: root + "/agent", includeDefaults: false,
    skillPaths: [root + "/agent/skills/alpha", root + "/project/.pi/skills", root + "/extra/two/SKILL.md"] }))`],
  ["formatSkillsForPrompt", `(m, root) => {
    const { skills } = m.loadSkills({ cwd: root + "/project", agentDir: root + "/agent", includeDefaults: true, skillPaths: [] });
    const sorted = [...skills].sort((a, b) => (a.name < b.name ? -1 : 1));
    return [skillsBlock(m.formatSkillsForPrompt(sorted)), m.formatSkillsForPrompt(sorted.filter((s) => s.name === "beta")),
      m.formatSkillsForPrompt([]), m.formatSkillsForPrompt(sorted, "bash").startsWith("\\n\\n"), skillsBlock(m.formatSkillsForPrompt(sorted, "indirect"))];
  }`],
  ["parseSkillBlock", `(m) => [
    m.parseSkillBlock('<skill name="a" location="/s/a/SKILL.md">\\nReferences are relative to /s/a.\\n\\nDo it.\\n</skill>\\n\\n  and this  '),
    m.parseSkillBlock('<skill name="a" location="/s/a/SKILL.md">\\nbody\\n</skill>'),
    m.parseSkillBlock("plain text"),
  ]`],
  ["loadProjectContextFiles", `(m, root) => [
    m.loadProjectContextFiles({ cwd: root + "/project/deeper", agentDir: root + "/agent" }),
    m.loadProjectContextFiles({ cwd: root + "/project", agentDir: root + "/project" }),
    m.loadProjectContextFiles({ cwd: root + "/repo/nested", agentDir: root + "/agent" }),
    m.loadProjectContextFiles({ cwd: root + "/repo", agentDir: root + "/agent" }),
  ]`],
  ["hasTrustRequiringProjectResources", `(m, root) => ["gated", "bare", "parent/child", "extra"].map((dir) => m.hasTrustRequiringProjectResources(root + "/" + dir))`],
  ["readStoredCredential", `(m, root) => [
    m.readStoredCredential("anthropic", root + "/agent/auth.json"),
    m.readStoredCredential("acme", root + "/agent/auth.json"),
    m.readStoredCredential("nobody", root + "/agent/auth.json"),
    m.readStoredCredential("anthropic", root + "/missing.json"),
    m.readStoredCredential("anthropic", root + "/broken-auth.json"),
  ].map((credential) => credential ?? "none")`],
  // each side starts from no trust.json: pi's run comes first, pith's after it
  ["ProjectTrustStore", `async (m, root) => {
    const fs = await import("node:fs");
    fs.rmSync(root + "/trust-agent", { recursive: true, force: true });
    const store = new m.ProjectTrustStore(root + "/trust-agent");
    const before = [store.get(root + "/gated"), store.getEntry(root + "/gated")];
    store.set(root + "/parent", true);
    store.setMany([{ path: root + "/gated", decision: false }, { path: root + "/bare", decision: true }]);
    const after = [store.get(root + "/parent/child"), store.getEntry(root + "/parent/child"), store.getEntry(root + "/gated"), store.get(root + "/extra")];
    store.set(root + "/bare", null);
    const saved = fs.readFileSync(root + "/trust-agent/trust.json", "utf8");
    fs.writeFileSync(root + "/trust-agent/trust.json", JSON.stringify({ [root]: "yes" }));
    let invalid;
    try { store.get(root + "/gated"); } catch (error) { invalid = error instanceof Error; }
    return [before, after, saved, store.get === undefined, invalid, fs.existsSync(root + "/trust-agent/trust.json.lock")];
  }`],
];

let world: World;
let piResults: unknown[];

beforeAll(async () => {
  world = await createWorld();
  for (const [path, content] of Object.entries(FILES)) await world.write(path, content);
  // a main checkout with a linked worktree inside it: both have the repository's AGENTS.md
  await world.write("repo/AGENTS.md", "Repository rules\n");
  const git = (...args: string[]) => execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "init.defaultBranch=main", ...args], { cwd: join(world.root, "repo"), stdio: "ignore" });
  git("init", "-q");
  git("add", "AGENTS.md");
  git("commit", "-q", "-m", "rules");
  git("worktree", "add", "-q", "-b", "feature", "nested");
  piResults = await piScriptResults(AGENT, PRELUDE, SCRIPTS.map(([, source]) => source), world.root);
}, 180_000);
afterAll(() => world.close());

describe("pi 1.6.0's resource helpers, served by pith", () => {
  it.each(SCRIPTS.map(([label], index) => [label, index] as const))("%s", async (_label, index) => {
    expect(await pithScriptResult(world, AGENT, PRELUDE, SCRIPTS[index]![1], index)).toEqual(piResults[index]);
  });
});
