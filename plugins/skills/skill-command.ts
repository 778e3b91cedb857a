// `/skill:name args`: the user asks for a skill explicitly; its file body replaces the command.
import { readFile } from "node:fs/promises";
import { errorMessage } from "../../kernel/index.js";
import type { DiagnosticSink } from "../../lib/resources/diagnostics/diagnostics.js";
import { parseFrontmatter } from "../../lib/resources/front-matter/frontmatter.js";
import type { Skill } from "./skill.js";

export const SKILL_COMMAND_PREFIX = "/skill:";

/** The skill name runs to the first space; the rest, trimmed, are the arguments. */
export function parseSkillCommand(text: string): { name: string; args: string } | undefined {
  if (!text.startsWith(SKILL_COMMAND_PREFIX)) return undefined;
  const space = text.indexOf(" ");
  if (space === -1) return { name: text.slice(SKILL_COMMAND_PREFIX.length), args: "" };
  return { name: text.slice(SKILL_COMMAND_PREFIX.length, space), args: text.slice(space + 1).trim() };
}

/** What a `/skill:name` message holds (pi's `ParsedSkillBlock`). */
export interface SkillBlock {
  name: string;
  location: string;
  content: string;
  /** what the user wrote after `/skill:name` */
  userMessage: string | undefined;
}

const SKILL_BLOCK = /^<skill name="([^"]+)" location="([^"]+)">\n([\s\S]*?)\n<\/skill>(?:\n\n([\s\S]+))?$/;

/** The block {@link renderSkillInvocation} writes (pi writes the same), read back from a user message's text. */
export function parseSkillBlock(text: string): SkillBlock | undefined {
  const match = SKILL_BLOCK.exec(text);
  if (!match) return undefined;
  return { name: match[1]!, location: match[2]!, content: match[3]!, userMessage: match[4]?.trim() || undefined };
}

/** pi's exact form, so sessions read the same in both: the body in a <skill> element, then the arguments. */
export function renderSkillInvocation(skill: Skill, body: string, args: string): string {
  const block = `<skill name="${skill.name}" location="${skill.filePath}">\nReferences are relative to ${skill.baseDir}.\n\n${body}\n</skill>`;
  return args ? `${block}\n\n${args}` : block;
}

/**
 * The expanded text, or `text` unchanged when it names no known skill. The file is read now, so edits made
 * since start-up apply; a file that can no longer be read is reported and the text passes through.
 */
export async function expandSkillCommand(text: string, skills: readonly Skill[], report: DiagnosticSink): Promise<string> {
  const command = parseSkillCommand(text);
  if (!command) return text;
  const skill = skills.find((candidate) => candidate.name === command.name);
  if (!skill) return text;
  try {
    const { body } = await parseFrontmatter(await readFile(skill.filePath, "utf8"));
    return renderSkillInvocation(skill, body.trim(), command.args);
  } catch (error) {
    report({
      type: "warning",
      message: `/skill:${skill.name} was sent as typed: the skill file could not be read (${errorMessage(error)})`,
      path: skill.filePath,
    });
    return text;
  }
}
