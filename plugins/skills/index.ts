// Public surface of the skills plugin.
export { skillsPlugin } from "./plugin.js";
export type { Skill, SkillsService } from "./skill.js";
export { discoverSkills, type LoadedSkills } from "./skill-discovery.js";
export { formatSkillsForPrompt } from "./skills-prompt-block.js";
export { expandSkillCommand, parseSkillCommand } from "./skill-command.js";
export { MAX_SKILL_DESCRIPTION_LENGTH, MAX_SKILL_NAME_LENGTH } from "./skill-validation.js";
export type { ResourcePluginOptions } from "../../lib/resources/options.js";
export type { ResourceDiagnostic } from "../../lib/resources/diagnostics/diagnostics.js";
export type { ResourceCommand } from "../../lib/resources/resource-command.js";
export type { SourceInfo } from "../../lib/resources/source-info.js";
