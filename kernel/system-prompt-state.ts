// The system prompt: named sections the `system_prompt` handlers build for the active tools, built again before
// the next model call once the tools change; `before_agent_start` may replace its text for one run.
import type { KernelHooks } from "./hooks.js";
import type { ToolDefinition } from "./tool.js";

export class SystemPromptState {
  sections: Readonly<Record<string, string>> = {};
  base = "";
  /** the text `before_agent_start` handlers gave the current run, when it differs from `base` */
  forRun: string | undefined;
  stale = true;

  get text(): string {
    return this.forRun ?? this.base;
  }

  async refresh(hooks: KernelHooks, cwd: string, tools: readonly ToolDefinition[]): Promise<string> {
    const state = await hooks.system_prompt.promise({ sections: {}, cwd, tools });
    this.sections = state.sections;
    this.base = renderedSections(state.sections);
    this.stale = false;
    return this.base;
  }
}

/** The prompt's text: its non-empty sections in order, blank-line separated. */
export function renderedSections(sections: Readonly<Record<string, string>>): string {
  return Object.values(sections).filter((text) => text !== "").join("\n\n");
}
