// Public surface of the prompt templates plugin.
export { promptTemplatesPlugin } from "./plugin.js";
export type { PromptTemplate, PromptTemplatesService } from "./template.js";
export { discoverPromptTemplates, type LoadedTemplates } from "./template-discovery.js";
export { parseCommandArgs } from "./command-args.js";
export { substituteArgs, type MissingArgumentListener } from "./substitute-args.js";
export { expandPromptTemplate, describeMissingArguments, type TemplateExpansion } from "./template-command.js";
