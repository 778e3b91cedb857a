// The system prompt's skills section: a short explanation and an <available_skills> list.
// Only names and descriptions go into every prompt; the model reads a skill's file when it needs it.
import type { Skill } from "./skill.js";
import { escapeXml } from "./xml-escape.js";

/** The tool the model loads a skill's file with; `indirect`: none it can call directly (pi 1.6.0's choices). */
export type SkillFileReader = "read" | "bash" | "indirect";

const LOADING: Readonly<Record<SkillFileReader, string>> = {
  read: "load that skill's file with the read tool before you start.",
  bash: "load that skill's file with bash before you start.",
  indirect: "load that skill's file before you start.",
};

function introduction(reader: SkillFileReader): string[] {
  return [
    "The skills below hold specialised instructions for particular kinds of task.",
    `When a task matches a skill's description, ${LOADING[reader]}`,
    "A relative path inside a skill file is relative to the skill's folder (the folder that holds the file); turn it into an absolute path before using it in a tool call.",
  ];
}

/**
 * "" when no skill is visible to the model (`disable-model-invocation` hides one). Otherwise the section,
 * starting with a blank line and without a trailing newline, ready to be appended to a prompt.
 */
export function formatSkillsForPrompt(
  skills: readonly Pick<Skill, "name" | "description" | "filePath" | "disableModelInvocation">[],
  reader: SkillFileReader = "read",
): string {
  const visible = skills.filter((skill) => !skill.disableModelInvocation);
  if (visible.length === 0) return "";
  const lines = ["", "", ...introduction(reader), "", "<available_skills>"];
  for (const skill of visible) {
    lines.push(
      "  <skill>",
      `    <name>${escapeXml(skill.name)}</name>`,
      `    <description>${escapeXml(skill.description)}</description>`,
      `    <location>${escapeXml(skill.filePath)}</location>`,
      "  </skill>",
    );
  }
  lines.push("</available_skills>");
  return lines.join("\n");
}
