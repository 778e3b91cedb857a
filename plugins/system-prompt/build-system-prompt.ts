// Assembles the system prompt as pi 1.6.0's named sections, in pi's order: `preamble` (pith's own prompt or the
// user's), then `tools`, `rules` and `docs` (pith's own prompt only), `addendum` (appended text), `project_context`
// (context files), `skills` and `cwd`. Every section but the preamble is wrapped in a tag of its name. The
// sections are what the conversation's system messages record and patch (lib/transcript/system-messages.ts).
import type { ToolDefinition } from "../../kernel/index.js";
import { defaultPromptSections } from "./default-prompt.js";
import type { PromptResources } from "./prompt-resources.js";

export interface PromptInputs {
  resources: PromptResources;
  tools: readonly ToolDefinition[];
  cwd: string;
  /** already formatted by the skills service; empty or undefined when there is none */
  skillsBlock?: string;
}

export function buildSystemPromptSections(inputs: PromptInputs): Record<string, string> {
  const { resources } = inputs;
  const custom = resources.customPrompt?.text.trim();
  const bare: Record<string, string> = custom ? { preamble: custom } : defaultPromptSections(inputs.tools);
  const addendum = resources.appends.map((append) => append.text.trim()).filter((text) => text !== "");
  if (addendum.length > 0) bare.addendum = addendum.join("\n\n");
  if (resources.contextFiles.length > 0) bare.project_context = projectContext(resources.contextFiles);
  const skills = inputs.skillsBlock?.trim();
  if (skills) bare.skills = skills;
  bare.cwd = inputs.cwd.replaceAll("\\", "/");
  const sections: Record<string, string> = {};
  for (const [name, text] of Object.entries(bare)) sections[name] = name === "preamble" ? text : `<${name}>\n${text}\n</${name}>`;
  return sections;
}

/** the `project_context` section's text, without its tag */
export function projectContext(files: readonly { path: string; content: string }[]): string {
  return ["Instructions for this project, from its context files:", ...files.map((file) => `## ${file.path}\n\n${file.content.trim()}`)].join("\n\n");
}
