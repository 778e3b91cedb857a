// pi's `BuildSystemPromptOptions`, normalised, as `before_agent_start` and `ctx.getSystemPromptOptions()` give it:
// what the session's system prompt is built from right now. pith builds its prompt from its own plugins, so this
// describes those parts; what a before_agent_start handler changes in it reaches the prompt through
// events/prompt-option-edits.ts.
import type { ExtensionRuntime } from "../runtime.js";
import type { SystemPromptOptionsView } from "../contract/types.js";

/** the sections every prompt has; pi's `sections` option holds only the others (an MCP server list, say) */
const BUILT_IN_SECTIONS = new Set(["preamble", "tools", "rules", "docs", "addendum", "project_context", "skills", "cwd"]);

/** pi's `sections` hold each section's text without its tag */
function extraSections(sections: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(sections)
      .filter(([name]) => !BUILT_IN_SECTIONS.has(name))
      .map(([name, text]) => [name, text.startsWith(`<${name}>\n`) && text.endsWith(`\n</${name}>`) ? text.slice(name.length + 3, -(name.length + 4)) : text]),
  );
}

export function systemPromptOptions(runtime: ExtensionRuntime): SystemPromptOptionsView {
  const { session } = runtime;
  const tools = session.activeToolNames().flatMap((name) => runtime.context.registry.tools.get(name) ?? []);
  const toolSnippets: Record<string, string> = {};
  const toolGuidelines: Record<string, string[]> = {};
  for (const tool of tools) {
    if (tool.promptSnippet) toolSnippets[tool.name] = tool.promptSnippet;
    if (tool.promptGuidelines?.length) toolGuidelines[tool.name] = [...tool.promptGuidelines];
  }
  const texts = runtime.context.tryUse("resources")?.texts();
  return {
    cwd: session.cwd,
    ...(texts?.customPrompt === undefined ? {} : { customPrompt: texts.customPrompt }),
    selectedTools: tools.map((tool) => tool.name),
    // pith leaves no active tool's declaration out of a request
    hiddenTools: [],
    toolSnippets,
    toolGuidelines,
    // as in pi, the tools' own rules are in toolGuidelines; this list holds only the rules a handler adds
    promptGuidelines: [],
    appendSystemPrompt: texts?.appendSystemPrompt ?? "",
    sections: extraSections(session.systemPromptSections),
    contextFiles: texts?.contextFiles ?? [],
    skills: [...(runtime.context.tryUse("skills")?.list() ?? [])],
  };
}
