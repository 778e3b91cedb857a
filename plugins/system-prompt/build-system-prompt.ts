// Assembles the full system prompt from the loaded resources, the active tools and the skills block.
import type { ToolDefinition } from "../../kernel/index.js";
import { defaultSystemPrompt } from "./default-prompt.js";
import type { PromptResources } from "./prompt-resources.js";

export interface PromptInputs {
  resources: PromptResources;
  tools: readonly ToolDefinition[];
  cwd: string;
  /** already formatted by the skills service; empty or undefined when there is none */
  skillsBlock?: string;
  now: Date;
}

export function buildSystemPrompt(inputs: PromptInputs): string {
  const { resources } = inputs;
  const custom = resources.customPrompt?.text.trim();
  const sections = [custom || defaultSystemPrompt(inputs.tools)];
  for (const append of resources.appends) {
    const text = append.text.trim();
    if (text) sections.push(text);
  }
  if (resources.contextFiles.length > 0) {
    const files = resources.contextFiles.map((file) => `## ${file.path}\n\n${file.content.trim()}`);
    sections.push(["# Project Context", "Instructions for this project, from its context files:", ...files].join("\n\n"));
  }
  const skills = inputs.skillsBlock?.trim();
  if (skills) sections.push(skills);
  sections.push(`Current date: ${localDate(inputs.now)}\nCurrent working directory: ${inputs.cwd.replaceAll("\\", "/")}`);
  return sections.join("\n\n");
}

function localDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, "0");
  const day = String(date.getDate()).padStart(2, "0");
  return `${date.getFullYear()}-${month}-${day}`;
}
