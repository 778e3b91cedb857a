// pith's own system prompt, used when neither SYSTEM.md nor --system-prompt gives one.
import type { ToolDefinition } from "../../kernel/index.js";
import { docsSection } from "./pith-docs.js";

const GENERAL_GUIDELINES = [
  "Be concise in your responses",
  "Show file paths clearly when working with files",
];

/**
 * pith's own prompt as sections: the introduction (`preamble`), the active tools' list, the rules, its docs.
 * `promptGuidelines` (a run's own, from before_agent_start) follow the tools' rules, before the general ones.
 */
export function defaultPromptSections(tools: readonly ToolDefinition[], promptGuidelines: readonly string[] = []): Record<string, string> {
  return {
    preamble:
      "You are an expert coding assistant running inside pith, a terminal coding agent. You help users by " +
      "reading files, running commands, editing code and writing new files.",
    tools: `${toolList(tools)}\n\nOther custom tools may also be available, depending on the project.`,
    rules: guidelines(tools, promptGuidelines).map((line) => `- ${line}`).join("\n"),
    docs: docsSection(),
  };
}

function toolList(tools: readonly ToolDefinition[]): string {
  const lines = tools.flatMap((tool) => {
    const snippet = tool.promptSnippet?.replace(/\s+/g, " ").trim();
    return snippet ? [`- ${tool.name}: ${snippet}`] : [];
  });
  return lines.length > 0 ? lines.join("\n") : "(none)";
}

function guidelines(tools: readonly ToolDefinition[], promptGuidelines: readonly string[]): string[] {
  const names = new Set(tools.map((tool) => tool.name));
  const explorers = ["grep", "find", "ls"].filter((name) => names.has(name));
  const exploration: string[] = [];
  if (names.has("bash")) {
    exploration.push(
      explorers.length === 0
        ? "Use bash for file operations such as ls, rg and find"
        : `Prefer the ${explorers.join("/")} tool${explorers.length > 1 ? "s" : ""} over bash to explore files ` +
            "(faster, and they respect .gitignore)",
    );
  }
  const fromTools = tools.flatMap((tool) => tool.promptGuidelines ?? []);
  const unique = new Set<string>();
  for (const line of [...exploration, ...fromTools, ...promptGuidelines, ...GENERAL_GUIDELINES]) {
    const trimmed = line.trim();
    if (trimmed) unique.add(trimmed);
  }
  return [...unique];
}
