// `/name args`: a prompt that starts with a template's name becomes the template's text.
import { parseCommandArgs } from "./command-args.js";
import { substituteArgs } from "./substitute-args.js";
import type { PromptTemplate } from "./template.js";

export interface TemplateExpansion {
  template: PromptTemplate;
  text: string;
  args: string[];
  /** `$N` placeholders that had no argument, in order of first use */
  missingPositions: number[];
}

/** undefined when the text does not start with `/` followed by the exact name of a template. */
export function expandPromptTemplate(text: string, templates: readonly PromptTemplate[]): TemplateExpansion | undefined {
  if (!text.startsWith("/")) return undefined;
  const space = text.indexOf(" ");
  const name = space === -1 ? text.slice(1) : text.slice(1, space);
  const template = templates.find((candidate) => candidate.name === name);
  if (!template) return undefined;
  const args = parseCommandArgs(space === -1 ? "" : text.slice(space + 1));
  const missing = new Set<number>();
  const expanded = substituteArgs(template.content, args, (position) => missing.add(position));
  return { template, text: expanded, args, missingPositions: [...missing] };
}

/** The warning for placeholders left empty, naming the template and each missing `$N`. */
export function describeMissingArguments(expansion: TemplateExpansion): string {
  const placeholders = expansion.missingPositions
    .map((position) => (position === 0 ? "$0 (arguments start at $1)" : `$${position}`))
    .join(", ");
  const count = expansion.args.length;
  const given = count === 1 ? "1 argument was" : `${count} arguments were`;
  return (
    `prompt template "/${expansion.template.name}" (${expansion.template.filePath}) uses ${placeholders} ` +
    `but ${given} given; each was replaced with empty text`
  );
}
