// The `systemPromptOptions` pith builds from its own plugins' parts (the custom prompt, the tools' snippets and
// guidelines, the context files, the skills and the working directory): a handler's change of one rebuilds the
// sections pi 1.6.0 builds from it, with pith's own texts (build-system-prompt.ts, default-prompt.ts).
import type { ToolDefinition } from "../../../kernel/index.js";
import { formatSkillsForPrompt } from "../../skills/index.js";
import { projectContext } from "../../system-prompt/build-system-prompt.js";
import { defaultPromptSections } from "../../system-prompt/default-prompt.js";
import type { SystemPromptOptionsView } from "../contract/types.js";

type PromptSkill = Parameters<typeof formatSkillsForPrompt>[0][number];

export interface PromptPartEdits {
  /** the run's custom prompt, or null: pith's own prompt */
  customPrompt?: string | null;
  /** every active tool's snippet and guidelines, when a handler changed either */
  tools?: { snippets: Record<string, string>; guidelines: Record<string, string[]> };
  /** rules the run's handlers added to `promptGuidelines` */
  rules?: string[];
  contextFiles?: { path: string; content: string }[];
  skills?: PromptSkill[];
  cwd?: string;
}

/** pi's order of its built-in sections; any other section follows them */
const ORDER = ["preamble", "tools", "rules", "docs", "addendum", "project_context", "skills", "cwd"];
const wrap = (name: string, text: string) => `<${name}>\n${text}\n</${name}>`;
const changed = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []);

function stringRecord<T>(value: unknown, pick: (item: unknown) => T | undefined): Record<string, T> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(Object.entries(value).flatMap(([name, item]) => (pick(item) === undefined ? [] : [[name, pick(item) as T]])));
}

function promptSkill(value: unknown): PromptSkill[] {
  if (!isRecord(value) || typeof value.name !== "string" || typeof value.description !== "string" || typeof value.filePath !== "string") return [];
  return [{ name: value.name, description: value.description, filePath: value.filePath, disableModelInvocation: value.disableModelInvocation === true }];
}

/** What a run's handlers changed of the parts; undefined when nothing. */
export function partEditsBetween(base: SystemPromptOptionsView, options: SystemPromptOptionsView): PromptPartEdits | undefined {
  const edits: PromptPartEdits = {};
  if (options.customPrompt !== base.customPrompt) {
    edits.customPrompt = typeof options.customPrompt === "string" && options.customPrompt.trim() !== "" ? options.customPrompt : null;
  }
  if (changed(options.toolSnippets, base.toolSnippets) || changed(options.toolGuidelines, base.toolGuidelines)) {
    const snippets = stringRecord(options.toolSnippets, (item) => (typeof item === "string" && item.trim() !== "" ? item : undefined));
    edits.tools = { snippets, guidelines: stringRecord(options.toolGuidelines, (item) => (Array.isArray(item) ? strings(item) : undefined)) };
  }
  if (changed(options.contextFiles, base.contextFiles)) {
    const files = Array.isArray(options.contextFiles) ? options.contextFiles : [];
    edits.contextFiles = files.flatMap((file: unknown) =>
      isRecord(file) && typeof file.path === "string" && typeof file.content === "string" ? [{ path: file.path, content: file.content }] : [],
    );
  }
  if (changed(options.skills, base.skills)) edits.skills = (Array.isArray(options.skills) ? options.skills : []).flatMap(promptSkill);
  if (options.cwd !== base.cwd && typeof options.cwd === "string" && options.cwd !== "") edits.cwd = options.cwd;
  if (changed(options.promptGuidelines, base.promptGuidelines)) edits.rules = strings(options.promptGuidelines);
  return Object.keys(edits).length > 0 ? edits : undefined;
}

/** The sections with the changed parts built again from the run's values, in pi's order. */
export function applyPartEdits(built: Readonly<Record<string, string>>, edits: PromptPartEdits, tools: readonly ToolDefinition[]): Record<string, string> {
  const sections: Record<string, string> = { ...built };
  const custom = edits.customPrompt === undefined ? (built.tools === undefined ? built.preamble : null) : edits.customPrompt;
  if (typeof custom === "string") {
    if (edits.customPrompt !== undefined) sections.preamble = custom;
    for (const name of ["tools", "rules", "docs"]) delete sections[name];
  } else if (edits.customPrompt !== undefined || edits.tools !== undefined || edits.rules !== undefined) {
    const described = edits.tools
      ? tools.map((tool) => ({ ...tool, promptSnippet: edits.tools?.snippets[tool.name], promptGuidelines: edits.tools?.guidelines[tool.name] }))
      : tools;
    for (const [name, text] of Object.entries(defaultPromptSections(described, edits.rules))) sections[name] = name === "preamble" ? text : wrap(name, text);
  }
  if (edits.contextFiles !== undefined) {
    delete sections.project_context;
    if (edits.contextFiles.length > 0) sections.project_context = wrap("project_context", projectContext(edits.contextFiles));
  }
  if (edits.skills !== undefined) {
    delete sections.skills;
    const block = tools.some((tool) => tool.name === "read") ? formatSkillsForPrompt(edits.skills).trim() : "";
    if (block !== "") sections.skills = wrap("skills", block);
  }
  if (edits.cwd !== undefined) sections.cwd = wrap("cwd", edits.cwd.replaceAll("\\", "/"));
  return inPiOrder(sections);
}

export function inPiOrder(sections: Readonly<Record<string, string>>): Record<string, string> {
  const ordered: Record<string, string> = {};
  for (const name of ORDER) if (sections[name] !== undefined) ordered[name] = sections[name];
  for (const [name, text] of Object.entries(sections)) if (!ORDER.includes(name)) ordered[name] = text;
  return ordered;
}
