// pi 1.6.0's `before_agent_start` `systemPromptOptions` are mutable: pi builds the run's prompt again from what the
// handlers leave in them. pith's prompt is built from its own parts by the `system_prompt` handlers, so a handler's
// changes become edits, which the extensions plugin's own `system_prompt` handlers apply: the parts pith builds from
// its plugins (`customPrompt`, `toolSnippets`, `toolGuidelines`, `promptGuidelines`, `contextFiles`, `skills`,
// `cwd`) rebuild their sections (prompt-part-edits.ts) and another `appendSystemPrompt` its addendum, before the
// other plugins adjust the prompt; a `sections` entry added, changed or deleted (XML-wrapped after the other
// sections, where pi puts them) after them. `selectedTools` changes the active tools and `forceSystemPrompt`
// replaces the run's prompt text. The edits last for their run only: once it settles the prompt is built again
// without them (`ctx.getSystemPrompt()` between runs shows the prompt as configured, as in pi), and the
// conversation's system messages record the sections each run was sent.
import type { ToolDefinition } from "../../../kernel/index.js";
import type { SystemPromptOptionsView } from "../contract/types.js";
import { BASE_PROMPT_STAGE } from "../../system-prompt/index.js";
import { systemPromptOptions } from "../context/prompt-options.js";
import type { ExtensionRuntime } from "../runtime.js";
import type { PromptEdits, PromptOptionRun } from "./prompt-option-run.js";
import { applyPartEdits, inPiOrder, partEditsBetween } from "./prompt-part-edits.js";

const snapshot = (options: SystemPromptOptionsView): string => JSON.stringify(options);
const wrap = (name: string, text: string) => `<${name}>\n${text}\n</${name}>`;
const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, index) => item === b[index]);

function editsBetween(base: SystemPromptOptionsView, options: SystemPromptOptionsView): PromptEdits | undefined {
  const sections: Record<string, string | null> = {};
  for (const [name, text] of Object.entries(options.sections ?? {})) if (typeof text === "string" && base.sections[name] !== text) sections[name] = text;
  for (const name of Object.keys(base.sections)) if (typeof options.sections?.[name] !== "string" || options.sections[name] === "") sections[name] = null;
  const addendum = options.appendSystemPrompt !== base.appendSystemPrompt && typeof options.appendSystemPrompt === "string" ? options.appendSystemPrompt : undefined;
  const parts = partEditsBetween(base, options);
  if (Object.keys(sections).length === 0 && addendum === undefined && parts === undefined) return undefined;
  return { sections, ...(addendum === undefined ? {} : { addendum }), ...(parts === undefined ? {} : { parts }) };
}

/**
 * Right after the prompt is built from pith's parts: the run's changes of those parts, so that the other plugins'
 * `system_prompt` handlers adjust the rebuilt sections as they adjust the configured ones.
 */
function applyPartChanges(built: Readonly<Record<string, string>>, edits: PromptEdits, tools: readonly ToolDefinition[]): Record<string, string> {
  const sections = edits.parts ? applyPartEdits(built, edits.parts, tools) : { ...built };
  if (edits.addendum !== undefined) {
    delete sections.addendum;
    if (edits.addendum.trim() !== "") sections.addendum = wrap("addendum", edits.addendum.trim());
  }
  return inPiOrder(sections);
}

/** After every other handler: the run's `sections` entries, each replacing a section of its name, as pi's do. */
function applySectionChanges(built: Readonly<Record<string, string>>, edits: PromptEdits): Record<string, string> {
  const sections = { ...built };
  for (const [name, text] of Object.entries(edits.sections)) {
    delete sections[name];
    if (text !== null && name !== "preamble") sections[name] = wrap(name, text);
  }
  return inPiOrder(sections);
}

const watched = new WeakSet<ExtensionRuntime>();

/**
 * Once an extension listens to before_agent_start: a handler before every extension's opens each run's options, two
 * `system_prompt` handlers apply their edits (the parts' right after the prompt is built, the `sections` entries
 * after every other handler), and one before every extension's `agent_settled` handler drops them.
 */
export function watchPromptOptions(runtime: ExtensionRuntime): void {
  if (watched.has(runtime)) return;
  watched.add(runtime);
  runtime.context.on(
    "before_agent_start",
    async (state) => {
      const rebuilt = await openPromptOptionRun(runtime);
      return rebuilt === undefined ? undefined : { ...state, systemPrompt: rebuilt };
    },
    { stage: -1000 },
  );
  runtime.context.on(
    "system_prompt",
    (state) => {
      const edits = runtime.promptOptionRun?.edits;
      return edits ? { ...state, sections: applyPartChanges(state.sections, edits, state.tools) } : undefined;
    },
    { stage: BASE_PROMPT_STAGE + 1 },
  );
  runtime.context.on(
    "system_prompt",
    (state) => {
      const edits = runtime.promptOptionRun?.edits;
      return edits ? { ...state, sections: applySectionChanges(state.sections, edits) } : undefined;
    },
    { stage: 1000 },
  );
  runtime.context.on(
    "agent_settled",
    async () => {
      await dropPromptEdits(runtime);
    },
    { stage: -1000 },
  );
}

/** The prompt built again without the last run's edits; undefined when it had none. */
async function dropPromptEdits(runtime: ExtensionRuntime): Promise<string | undefined> {
  if (!runtime.promptOptionRun?.edits) return undefined;
  runtime.promptOptionRun.edits = undefined;
  return runtime.session.refreshSystemPrompt();
}

/**
 * Before a run's first handler: edits a run left (one that ended without settling) are dropped, and the run's
 * options are taken from what the prompt is built of now.
 */
async function openPromptOptionRun(runtime: ExtensionRuntime): Promise<string | undefined> {
  const rebuilt = await dropPromptEdits(runtime);
  const base = systemPromptOptions(runtime);
  runtime.promptOptionRun = { base, options: structuredClone(base) };
  return rebuilt;
}

/**
 * After a handler: when it changed the options, the change reaches the prompt (and the tools); resolves with the
 * prompt built again, or undefined when nothing changed.
 */
export async function applyPromptOptionChanges(runtime: ExtensionRuntime, run: PromptOptionRun, before: string): Promise<string | undefined> {
  if (snapshot(run.options) === before) return undefined;
  const { session } = runtime;
  // an edit of `selectedTools` wins; otherwise the active tools stay as they are (`pi.setActiveTools()` in a handler)
  const selected = Array.isArray(run.options.selectedTools) ? run.options.selectedTools.filter((name) => typeof name === "string") : run.base.selectedTools;
  if (!sameList(selected, run.base.selectedTools)) session.setActiveTools(selected.filter((name) => runtime.context.registry.tools.get(name) !== undefined));
  run.edits = editsBetween(run.base, run.options);
  return session.refreshSystemPrompt();
}

export const optionsSnapshot = snapshot;
