// The system prompt and tool set kept in the conversation as `role: "system"` messages (pi 1.6.0): replaying them
// gives the prompt sections and tools the conversation last declared (a resumed session's own tool set).
import type { AgentMessage, SystemMessage, ToolDeclaration } from "./messages.js";

export interface DeclaredState {
  sections: Map<string, string>;
  tools: Map<string, ToolDeclaration>;
  /** whether any system message declared tools (an empty set included) */
  declaresTools: boolean;
}

function isSystemMessage(message: AgentMessage): message is SystemMessage {
  return (message as { role?: string }).role === "system";
}

export function replaySystemMessages(messages: readonly AgentMessage[]): DeclaredState {
  const state: DeclaredState = { sections: new Map(), tools: new Map(), declaresTools: false };
  for (const message of messages) {
    if (!isSystemMessage(message)) continue;
    if (message.toolsAdded || message.toolsRemoved) state.declaresTools = true;
    for (const [name, value] of Object.entries(message.sections ?? {})) {
      if (value === null) state.sections.delete(name);
      else state.sections.set(name, value);
    }
    for (const tool of message.toolsRemoved ?? []) state.tools.delete(tool.name);
    for (const tool of message.toolsAdded ?? []) state.tools.set(tool.name, tool);
  }
  return state;
}
