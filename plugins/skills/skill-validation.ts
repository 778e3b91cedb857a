// The Agent Skills naming rules. Breaking them only earns a warning (pi is lenient too), except a
// missing description: without one the model could never know when to use the skill.

export const MAX_SKILL_NAME_LENGTH = 64;
export const MAX_SKILL_DESCRIPTION_LENGTH = 1024;

export function skillNameProblems(name: string, folderName: string): string[] {
  const mismatch = name === folderName ? [] : [`name "${name}" does not match its folder name "${folderName}"`];
  return [...mismatch, ...nameRuleProblems(name)];
}

/** The Agent Skills rules for the name itself (pi 1.6.0 checks these, and not the folder's name). */
export function nameRuleProblems(name: string): string[] {
  const problems: string[] = [];
  if (name.length > MAX_SKILL_NAME_LENGTH) {
    problems.push(`name is longer than ${MAX_SKILL_NAME_LENGTH} characters (${name.length})`);
  }
  if (!/^[a-z0-9-]+$/.test(name)) problems.push("name may only use lowercase letters a-z, digits 0-9 and hyphens");
  if (name.startsWith("-") || name.endsWith("-")) problems.push("name must not start or end with a hyphen");
  if (name.includes("--")) problems.push('name must not contain two hyphens in a row ("--")');
  return problems;
}

/** `description` is absent when the skill cannot be loaded at all. */
export function checkSkillDescription(value: unknown): { problems: string[]; description?: string } {
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) {
    return { problems: ["description is required; the skill was not loaded"] };
  }
  if (typeof value !== "string") return { problems: ["description must be text; the skill was not loaded"] };
  const problems =
    value.length > MAX_SKILL_DESCRIPTION_LENGTH
      ? [`description is longer than ${MAX_SKILL_DESCRIPTION_LENGTH} characters (${value.length})`]
      : [];
  return { problems, description: value };
}
