// Public surface of the skills plugin.
export { skillsPlugin } from "./plugin.js";
export type { Skill, SkillsService } from "./skill.js";
export { discoverSkills, type LoadedSkills } from "./skill-discovery.js";
export { formatSkillsForPrompt, type SkillFileReader } from "./skills-prompt-block.js";
export { expandSkillCommand, parseSkillBlock, parseSkillCommand, type SkillBlock } from "./skill-command.js";
export { checkSkillDescription, MAX_SKILL_DESCRIPTION_LENGTH, MAX_SKILL_NAME_LENGTH, nameRuleProblems } from "./skill-validation.js";
export { collectSkillFiles, SKILL_FILE_NAME } from "./skill-folders.js";
export type { ResourcePluginOptions } from "../../lib/resources/options.js";
export type { ResourceDiagnostic } from "../../lib/resources/diagnostics/diagnostics.js";
export type { ResourceCommand } from "../../lib/resources/resource-command.js";
export type { SourceInfo } from "../../lib/resources/source-info.js";
