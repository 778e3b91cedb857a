// The conversation's system messages (pi 1.6.0's transcript) for a model that takes them mid-conversation: the first
// is the request's prompt and tools, each later one a change sent where it stands, so a change of prompt or tools
// leaves the request's head, and its cached prefix, as it was. Only when they add up to the request's own prompt and
// tools: a prompt a run replaced (pi's forced prompt), opaque prompt text, or a transcript that says otherwise than
// the request gets the prompt and tools of the moment instead (undefined).
import type { Message, PlacedSystemMessage, StreamRequest, SystemMessage, ToolSpec } from "../../kernel/index.js";
import { renderSections, replaySystemMessages, systemContentText, toolDeclaration } from "../transcript/system-messages.js";

export interface InPlaceTranscript {
  /** the first system message's prompt text */
  prompt: string;
  /** the tools the first system message declares */
  initialTools: ToolSpec[];
  /** the tools all of them add up to, in the order they leave them (a tool declared again comes last) */
  currentTools: ToolSpec[];
  /** the later system messages, each before `request.messages[before]` (or after the last) */
  later: PlacedSystemMessage[];
}

export function inPlaceTranscript(request: StreamRequest): InPlaceTranscript | undefined {
  const { systemMessages, systemPromptSections } = request;
  if (!systemMessages || systemMessages[0]?.before !== 0 || !systemPromptSections) return undefined;
  const messages = systemMessages.map((placed) => placed.message);
  if (messages.some((message) => systemContentText(message) !== "")) return undefined;
  const declared = replaySystemMessages(messages);
  const currentTools = [...declared.tools.values()];
  if (!sameSections(declared.sections, systemPromptSections) || !sameTools(currentTools, request.tools)) return undefined;
  const initial = messages[0]!;
  return { prompt: renderSections(initial.sections ?? {}), initialTools: initial.toolsAdded ?? [], currentTools, later: systemMessages.slice(1) };
}

/**
 * The index of the last of `declarations` that removes a tool or declares a name declared before (even one removed
 * since: a model may ignore a tool declared again after its removal, as pi 1.6.0 found of Kimi), -1 when every change
 * only adds: what an API that can only add tools in place folds into the request's tool list.
 */
export function lastNonAdditiveToolChange(declarations: readonly SystemMessage[]): number {
  const declared = new Set<string>();
  let last = -1;
  for (const [index, declaration] of declarations.entries()) {
    if ((declaration.toolsRemoved?.length ?? 0) > 0) last = index;
    for (const { name } of declaration.toolsAdded ?? []) {
      if (declared.has(name)) last = index;
      declared.add(name);
    }
  }
  return last;
}

/** The turns with the later system messages where they stand, for an API that sends them in the conversation. */
export function turnsWithSystemMessages(messages: readonly Message[], later: readonly PlacedSystemMessage[]): readonly (Message | SystemMessage)[] {
  if (later.length === 0) return messages;
  const turns: (Message | SystemMessage)[] = [];
  let next = 0;
  for (const [index, message] of messages.entries()) {
    while (later[next] !== undefined && later[next]!.before <= index) turns.push(later[next++]!.message);
    turns.push(message);
  }
  for (const { message } of later.slice(next)) turns.push(message);
  return turns;
}

/** A later system message's changed sections, each framed by name as pi 1.6.0 frames them; "" when it changes none. */
export function systemUpdateText(message: SystemMessage): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(message.sections ?? {})) {
    parts.push(value === null ? `Removed system prompt section "${name}".` : `Updated system prompt section "${name}":\n\n${value}`);
  }
  return parts.join("\n\n");
}

function sameSections(declared: Record<string, string>, current: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(current).filter((name) => current[name] !== "");
  const declaredKeys = Object.keys(declared).filter((name) => declared[name] !== "");
  return keys.length === declaredKeys.length && keys.every((name) => declared[name] === current[name]);
}

function sameTools(declared: ToolSpec[], current: readonly ToolSpec[]): boolean {
  if (declared.length !== current.length) return false;
  const byName = new Map(declared.map((tool) => [tool.name, JSON.stringify(toolDeclaration(tool))]));
  return current.every((tool) => byName.get(tool.name) === JSON.stringify(toolDeclaration(tool)));
}
