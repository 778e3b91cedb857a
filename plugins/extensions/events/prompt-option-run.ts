// The `systemPromptOptions` a run's before_agent_start handlers share, and the edits of the prompt made of what they
// changed (prompt-option-edits.ts applies them).
import type { SystemPromptOptionsView } from "../contract/types.js";
import type { PromptPartEdits } from "./prompt-part-edits.js";

export interface PromptEdits {
  /** a section's new text, or null: removed */
  sections: Record<string, string | null>;
  addendum?: string;
  parts?: PromptPartEdits;
}

export interface PromptOptionRun {
  base: SystemPromptOptionsView;
  options: SystemPromptOptionsView;
  edits?: PromptEdits;
}
