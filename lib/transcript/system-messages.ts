// The system prompt and the tool set kept in the conversation as `role: "system"` messages (pi 1.6.0). The first
// one declares the prompt's named sections and the tools whole; later ones patch sections by name (`null` removes
// one) and add or remove tools. Replaying them in order gives the prompt and tools the conversation last declared,
// so a resumed session knows both. They are never sent as conversation turns (convertToLlm leaves them out): the
// kernel places them beside the turns of a request, and a provider sends them as its API takes them.
import type { AgentMessage, SystemMessage, ToolSpec } from "../../kernel/index.js";

export type { SystemMessage } from "../../kernel/index.js";
/** A tool as a system message declares it: a plain-JSON copy of what the model saw. */
export type ToolDeclaration = ToolSpec;

export interface DeclaredState {
  sections: Record<string, string>;
  tools: Map<string, ToolDeclaration>;
  /** whether any system message declared tools (an empty set included) */
  declaresTools: boolean;
}

export function isSystemMessage(message: AgentMessage | { role?: unknown }): message is SystemMessage {
  return (message as { role?: unknown }).role === "system";
}

/** The sections and tools in force after every system message of `messages`, in order. */
export function replaySystemMessages(messages: readonly AgentMessage[]): DeclaredState {
  const sections = new Map<string, string>();
  const state: DeclaredState = { sections: {}, tools: new Map(), declaresTools: false };
  for (const message of messages) {
    if (!isSystemMessage(message)) continue;
    if (message.toolsAdded || message.toolsRemoved) state.declaresTools = true;
    for (const [name, value] of Object.entries(message.sections ?? {})) {
      if (value === null) sections.delete(name);
      else sections.set(name, value);
    }
    for (const tool of message.toolsRemoved ?? []) state.tools.delete(tool.name);
    for (const tool of message.toolsAdded ?? []) state.tools.set(tool.name, tool);
  }
  state.sections = Object.fromEntries(sections);
  return state;
}

/**
 * Every system message of `messages` folded into one: their texts appended, sections patched, the tools in force;
 * undefined when there is none. A compaction keeps it as the checkpoint that leads the compacted conversation.
 */
export function currentSystemMessage(messages: readonly AgentMessage[], timestamp?: number): SystemMessage | undefined {
  const systems = messages.filter(isSystemMessage);
  if (systems.length === 0) return undefined;
  const { sections, tools } = replaySystemMessages(systems);
  const content = systems.map(systemContentText).filter((text) => text !== "");
  return {
    role: "system",
    content: content.join("\n\n"),
    ...(Object.keys(sections).length > 0 ? { sections } : {}),
    ...(tools.size > 0 ? { toolsAdded: [...tools.values()] } : {}),
    timestamp: timestamp ?? systems[0]!.timestamp,
  };
}

/** A system message's opaque prompt text (a forced prompt's), "" for pith's own. */
export function systemContentText(message: SystemMessage): string {
  return typeof message.content === "string" ? message.content : message.content.map((block) => block.text).join("\n");
}

/** The prompt text of named sections: each present section in order, blank-line separated. */
export function renderSections(sections: Readonly<Record<string, string | null>>): string {
  return Object.values(sections)
    .filter((text): text is string => text !== null && text !== "")
    .join("\n\n");
}

/** What a tool declares to the model: a plain-JSON copy of its schema, without the executable parts. */
export function toolDeclaration(tool: ToolDeclaration): ToolDeclaration {
  return {
    name: tool.name,
    description: tool.description,
    parameters: JSON.parse(JSON.stringify(tool.parameters)) as ToolSpec["parameters"],
    ...(tool.constrainedSampling === undefined ? {} : { constrainedSampling: tool.constrainedSampling }),
  };
}

const sameDeclaration = (left: ToolDeclaration, right: ToolDeclaration) => JSON.stringify(toolDeclaration(left)) === JSON.stringify(toolDeclaration(right));

/**
 * The system message that brings a conversation from what it declared to `sections` and `tools`, or undefined
 * when nothing changed: changed sections (removed ones as `null`), tools added or redefined, tools removed.
 */
export function systemMessageUpdate(
  declared: DeclaredState,
  sections: Readonly<Record<string, string>>,
  tools: readonly ToolDeclaration[],
  timestamp = Date.now(),
): SystemMessage | undefined {
  const patch: Record<string, string | null> = {};
  for (const [name, text] of Object.entries(sections)) if (declared.sections[name] !== text) patch[name] = text;
  for (const name of Object.keys(declared.sections)) if (sections[name] === undefined) patch[name] = null;
  const current = new Map(tools.map((tool) => [tool.name, tool]));
  const toolsAdded = tools.filter((tool) => {
    const before = declared.tools.get(tool.name);
    return before === undefined || !sameDeclaration(before, tool);
  });
  const toolsRemoved = [...declared.tools.values()]
    .filter((tool) => {
      const now = current.get(tool.name);
      return now === undefined || !sameDeclaration(tool, now);
    })
    .map((tool) => ({ name: tool.name }));
  if (Object.keys(patch).length === 0 && toolsAdded.length === 0 && toolsRemoved.length === 0) return undefined;
  return {
    role: "system",
    content: "",
    ...(Object.keys(patch).length > 0 ? { sections: patch } : {}),
    timestamp,
    ...(toolsAdded.length > 0 ? { toolsAdded: toolsAdded.map(toolDeclaration) } : {}),
    ...(toolsRemoved.length > 0 ? { toolsRemoved } : {}),
  };
}

/**
 * The tools a resumed conversation works with (pi 1.6.0): those its system messages last declared, then the tools
 * active now that it never mentioned and that are not built-in (registered since it recorded its tools); undefined
 * when it declares none. Built-in tools it never mentioned stay off.
 */
export function declaredToolLoadout(messages: readonly AgentMessage[], active: readonly string[], isBuiltin: (name: string) => boolean): string[] | undefined {
  const declared = replaySystemMessages(messages);
  if (!declared.declaresTools) return undefined;
  const mentioned = new Set(
    messages.filter(isSystemMessage).flatMap((message) => [...(message.toolsAdded ?? []), ...(message.toolsRemoved ?? [])].map((tool) => tool.name)),
  );
  return [...declared.tools.keys(), ...active.filter((name) => !mentioned.has(name) && !declared.tools.has(name) && !isBuiltin(name))];
}
