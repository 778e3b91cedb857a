// The <available_skills> section of the system prompt.
import { describe, expect, it } from "vitest";
import type { Skill } from "../../plugins/skills/skill.js";
import { formatSkillsForPrompt } from "../../plugins/skills/skills-prompt-block.js";

function skill(name: string, description: string, filePath: string, disableModelInvocation = false): Skill {
  return {
    name,
    description,
    filePath,
    baseDir: filePath.replace(/\/[^/]*$/, ""),
    sourceInfo: { path: filePath, source: "local", scope: "temporary", origin: "top-level" },
    disableModelInvocation,
  };
}

describe("formatSkillsForPrompt", () => {
  it("is empty without skills", () => {
    expect(formatSkillsForPrompt([])).toBe("");
  });

  it("is empty when every skill is hidden from the model", () => {
    expect(formatSkillsForPrompt([skill("hidden", "Hidden.", "/s/hidden/SKILL.md", true)])).toBe("");
  });

  it("starts with a blank line, explains the read tool, and lists name, description and location", () => {
    const block = formatSkillsForPrompt([skill("pdf", "Work with PDF files.", "/skills/pdf/SKILL.md")]);
    expect(block.startsWith("\n\n")).toBe(true);
    expect(block.endsWith("</available_skills>")).toBe(true);
    expect(block).toContain("read tool");
    expect(block).toContain(
      [
        "<available_skills>",
        "  <skill>",
        "    <name>pdf</name>",
        "    <description>Work with PDF files.</description>",
        "    <location>/skills/pdf/SKILL.md</location>",
        "  </skill>",
        "</available_skills>",
      ].join("\n"),
    );
  });

  it("escapes & < > \" ' in every field", () => {
    const block = formatSkillsForPrompt([skill(`a&b<c>`, `Say "hi" & 'bye' <now>`, `/x/it's & <odd>/SKILL.md`)]);
    expect(block).toContain("<name>a&amp;b&lt;c&gt;</name>");
    expect(block).toContain("<description>Say &quot;hi&quot; &amp; &apos;bye&apos; &lt;now&gt;</description>");
    expect(block).toContain("<location>/x/it&apos;s &amp; &lt;odd&gt;/SKILL.md</location>");
  });

  it("leaves out hidden skills and keeps the order of the others", () => {
    const block = formatSkillsForPrompt([
      skill("second", "B.", "/s/second/SKILL.md"),
      skill("hidden", "H.", "/s/hidden/SKILL.md", true),
      skill("first", "A.", "/s/first/SKILL.md"),
    ]);
    expect(block).not.toContain("hidden");
    expect(block.indexOf("<name>second</name>")).toBeLessThan(block.indexOf("<name>first</name>"));
  });
});
