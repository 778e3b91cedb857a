// pi-ai 1.6.0's transcript helpers: the system prompt and the tool set travel as `role: "system"` messages. The
// leading one holds the base prompt and the first tools; later ones append instructions, patch named `sections`
// (`null` removes one) and add or remove tools. These functions replay that log.
import type { Message } from "../../../../kernel/index.js";

interface ToolLike {
  name: string;
  description: string;
  parameters: unknown;
  constrainedSampling?: unknown;
}
type Text = { type: "text"; text: string } | { type: string };
export interface SystemMessage {
  role: "system";
  content: string | Text[];
  sections?: Record<string, string | null>;
  toolsAdded?: ToolLike[];
  toolsRemoved?: { name: string }[];
  timestamp: number;
}
type TranscriptMessage = SystemMessage | Message | { role: string };
interface TranscriptContext {
  messages: TranscriptMessage[];
}

const isSystem = (message: TranscriptMessage): message is SystemMessage => message.role === "system";

/** The text blocks of `content` joined by `separator` (a string is its own text). */
export function contentText(content: string | readonly Text[], separator = "\n"): string {
  if (typeof content === "string") return content;
  return content.flatMap((block) => (block.type === "text" && "text" in block ? [block.text] : [])).join(separator);
}

/** A system message as one prompt: its content, then each section present, blank-line separated. */
export function getSystemMessageText(message: SystemMessage): string {
  const sections = Object.values(message.sections ?? {}).filter((text): text is string => text !== null);
  return [contentText(message.content), ...sections].filter((part) => part !== "").join("\n\n");
}

/** A later system message as the model reads it mid-conversation: changed sections are named. */
export function renderSystemMessageUpdate(message: SystemMessage): string {
  const text = contentText(message.content);
  const sections = Object.entries(message.sections ?? {}).map(([name, value]) =>
    value === null ? `Removed system prompt section "${name}".` : `Updated system prompt section "${name}":\n\n${value}`,
  );
  return [...(text === "" ? [] : [text]), ...sections].join("\n\n");
}

/** The leading system message for a prompt and tools; undefined when both are empty. */
export function createInitialSystemMessage(systemPrompt: string | undefined, tools: ToolLike[] | undefined): SystemMessage | undefined {
  const hasTools = (tools?.length ?? 0) > 0;
  if (!systemPrompt && !hasTools) return undefined;
  return { role: "system", content: systemPrompt ?? "", ...(hasTools ? { toolsAdded: tools } : {}), timestamp: 0 };
}

/** `{systemPrompt, tools, messages}` with the prompt and tools folded into a leading system message. */
export function normalizeContext<M extends TranscriptMessage>(context: { systemPrompt?: string; tools?: ToolLike[]; messages: M[] }): {
  messages: (M | SystemMessage)[];
} {
  const head = createInitialSystemMessage(context.systemPrompt, context.tools);
  return { messages: head ? [head, ...context.messages] : context.messages };
}

export function getInitialSystemMessage(messages: readonly TranscriptMessage[]): SystemMessage | undefined {
  const first = messages[0];
  return first && isSystem(first) ? first : undefined;
}

export function withoutInitialSystemMessage<M extends TranscriptMessage>(messages: M[]): M[] {
  return getInitialSystemMessage(messages) ? messages.slice(1) : messages;
}

/** The tools in force after every system message's removals and additions, in order. */
export function getCurrentTools(messages: readonly TranscriptMessage[]): ToolLike[] {
  const tools = new Map<string, ToolLike>();
  for (const message of messages.filter(isSystem)) {
    for (const removed of message.toolsRemoved ?? []) tools.delete(removed.name);
    for (const added of message.toolsAdded ?? []) tools.set(added.name, added);
  }
  return [...tools.values()];
}

/** Every system message replayed into one: contents appended, sections patched, the current tools. */
export function getCurrentSystemMessage(messages: readonly TranscriptMessage[]): SystemMessage | undefined {
  const systems = messages.filter(isSystem);
  const contents: string[] = [];
  const sections = new Map<string, string>();
  for (const message of systems) {
    const text = contentText(message.content);
    if (text !== "") contents.push(text);
    for (const [name, value] of Object.entries(message.sections ?? {})) {
      if (value === null) sections.delete(name);
      else sections.set(name, value);
    }
  }
  const tools = getCurrentTools(systems);
  if (systems.length === 0 && tools.length === 0) return undefined;
  return {
    role: "system",
    content: contents.join("\n\n"),
    ...(sections.size > 0 ? { sections: Object.fromEntries(sections) } : {}),
    ...(tools.length > 0 ? { toolsAdded: tools } : {}),
    timestamp: systems[0]?.timestamp ?? 0,
  };
}

export function getCurrentSystemPrompt(messages: readonly TranscriptMessage[]): string {
  const current = getCurrentSystemMessage(messages);
  return current ? getSystemMessageText(current) : "";
}

/** For APIs without mid-conversation system messages: one replayed system message first, the others dropped. */
export function collapseSystemMessages(context: TranscriptContext): TranscriptContext {
  const head = getCurrentSystemMessage(context.messages);
  const rest = context.messages.filter((message) => !isSystem(message));
  return { messages: head ? [head, ...rest] : rest };
}

export function resolveTranscript(context: TranscriptContext, supportsMidConversationSystemMessages: boolean): TranscriptContext {
  return supportsMidConversationSystemMessages ? context : collapseSystemMessages(context);
}

/** A tool as the model sees it: name, description, a plain-JSON copy of its schema. */
export function toToolDeclaration(tool: ToolLike): ToolLike {
  return {
    name: tool.name,
    description: tool.description,
    parameters: JSON.parse(JSON.stringify(tool.parameters)) as unknown,
    ...(tool.constrainedSampling === undefined ? {} : { constrainedSampling: tool.constrainedSampling }),
  };
}

export function declarationsEqual(left: ToolLike, right: ToolLike): boolean {
  return JSON.stringify(toToolDeclaration(left)) === JSON.stringify(toToolDeclaration(right));
}

/** What changed between two tool sets; a changed definition is removed and added again. */
export function getToolStateChanges(previous: readonly ToolLike[], current: readonly ToolLike[]): { toolsAdded: ToolLike[]; toolsRemoved: { name: string }[] } {
  const same = (tool: ToolLike, others: readonly ToolLike[]) => others.some((other) => other.name === tool.name && declarationsEqual(other, tool));
  return {
    toolsAdded: current.filter((tool) => !same(tool, previous)).map(toToolDeclaration),
    toolsRemoved: previous.filter((tool) => !same(tool, current)).map((tool) => ({ name: tool.name })),
  };
}

/** Every tool definition the system messages declare, the latest per name, in order of first declaration. */
export function getDeclaredTools(messages: readonly TranscriptMessage[]): ToolLike[] {
  const declared = new Map<string, ToolLike>();
  for (const message of messages.filter(isSystem)) for (const tool of message.toolsAdded ?? []) declared.set(tool.name, tool);
  return [...declared.values()];
}

/** Whether some tool is declared twice with different definitions. */
export function hasToolRedefinitions(messages: readonly TranscriptMessage[]): boolean {
  const declared = new Map<string, ToolLike>();
  for (const message of messages.filter(isSystem)) {
    for (const tool of message.toolsAdded ?? []) {
      const earlier = declared.get(tool.name);
      if (earlier && !declarationsEqual(earlier, tool)) return true;
      declared.set(tool.name, tool);
    }
  }
  return false;
}

/** Index (among system messages) of the last one that removed a tool or declared one again; -1 if none. */
function lastNonAdditiveChange(systems: readonly SystemMessage[]): number {
  const declared = new Set<string>();
  let last = -1;
  systems.forEach((message, index) => {
    if ((message.toolsRemoved?.length ?? 0) > 0) last = index;
    for (const tool of message.toolsAdded ?? []) {
      if (declared.has(tool.name)) last = index;
      declared.add(tool.name);
    }
  });
  return last;
}

export function hasNonAdditiveToolChanges(messages: readonly TranscriptMessage[]): boolean {
  return lastNonAdditiveChange(messages.filter(isSystem)) >= 0;
}

/**
 * Which tools a request declares up front, for an API that supports tool changes mid-conversation fully
 * (`"changes"`: none, the messages carry them), not at all (`"none"`: the current set, every system message
 * folded), or only additions (the set up to the last removal or redefinition, those messages folded).
 */
export function resolveTranscriptTools(
  messages: readonly TranscriptMessage[],
  support: "none" | "changes" | "additions",
): { requestTools: ToolLike[]; foldedSystemMessages: number } {
  const systems = messages.filter(isSystem);
  if (support === "changes") return { requestTools: [], foldedSystemMessages: 0 };
  if (support === "none") return { requestTools: getCurrentTools(systems), foldedSystemMessages: systems.length };
  const folded = Math.max(getInitialSystemMessage(messages) ? 1 : 0, lastNonAdditiveChange(systems) + 1);
  return { requestTools: getCurrentTools(systems.slice(0, folded)), foldedSystemMessages: folded };
}
