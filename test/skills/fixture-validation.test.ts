// One fixture folder per validation case of the Agent Skills rules, with its expectation beside it.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { discoverSkills } from "../../plugins/skills/skill-discovery.js";
import { tempDir } from "./support/temp-tree.js";

interface Expectation {
  skills: string[];
  /** each diagnostic's message, in order, must contain the matching entry */
  warnings: string[];
}

const fixturesDir = fileURLToPath(new URL("./fixtures/", import.meta.url));
const cases = readdirSync(fixturesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe("skill validation fixtures", () => {
  it("has a fixture for every case", () => {
    expect(cases.length).toBeGreaterThanOrEqual(24);
  });

  it.each(cases)("%s", async (name) => {
    const caseDir = join(fixturesDir, name);
    const expected = JSON.parse(readFileSync(join(caseDir, "expected.json"), "utf8")) as Expectation;
    const empty = await tempDir();
    const { skills, diagnostics } = await discoverSkills({
      agentDir: empty,
      cwd: empty,
      homeDir: empty,
      paths: [caseDir],
      noDiscovery: true,
    });
    expect(skills.map((skill) => skill.name)).toEqual(expected.skills);
    expect(diagnostics.map((diagnostic) => diagnostic.message)).toHaveLength(expected.warnings.length);
    diagnostics.forEach((diagnostic, index) => {
      expect(diagnostic.message).toContain(expected.warnings[index]);
      expect(diagnostic.path?.startsWith(caseDir)).toBe(true);
    });
  });
});

describe("skill records", () => {
  const load = async (name: string) => {
    const empty = await tempDir();
    return discoverSkills({ agentDir: empty, cwd: empty, homeDir: empty, paths: [join(fixturesDir, name)], noDiscovery: true });
  };

  it("carries name, description, file, folder, source and visibility", async () => {
    const { skills } = await load("valid-skill");
    const folder = join(fixturesDir, "valid-skill", "valid-skill");
    expect(skills).toEqual([
      {
        name: "valid-skill",
        description: "A valid skill for testing.",
        filePath: join(folder, "SKILL.md"),
        baseDir: folder,
        sourceInfo: {
          path: join(folder, "SKILL.md"),
          source: "local",
          scope: "temporary",
          origin: "top-level",
          baseDir: folder,
        },
        disableModelInvocation: false,
      },
    ]);
  });

  it("reads disable-model-invocation", async () => {
    const { skills } = await load("disable-model-invocation");
    expect(skills[0]?.disableModelInvocation).toBe(true);
  });

  it("keeps a multi-line description's line breaks", async () => {
    const { skills } = await load("multiline-description");
    expect(skills[0]?.description).toBe("First line of the description.\nSecond line of the description.\n");
  });

  it("reports a collision with both paths", async () => {
    const { skills, diagnostics } = await load("collision");
    const first = join(fixturesDir, "collision", "first", "calendar", "SKILL.md");
    const second = join(fixturesDir, "collision", "second", "calendar", "SKILL.md");
    expect(skills.map((skill) => skill.filePath)).toEqual([first]);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        type: "collision",
        collision: { resourceType: "skill", name: "calendar", winnerPath: first, loserPath: second },
      }),
    ]);
    expect(diagnostics[0]?.message).toContain(first);
    expect(diagnostics[0]?.message).toContain(second);
  });
});
