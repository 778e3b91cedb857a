// The conversation's system messages as pi 1.6.0 sends them to a model that takes system messages mid-conversation
// (compat.supportsMidConvoSystemMessages): the first is the request's prompt, each later one a system message of its
// own, held back to just before the next reply (Anthropic wants a tool's result right after its call). With
// compat.supportsMidConvoToolChanges the tool list stays the first message's, followed by a never-loaded
// placeholder, and later tools come by value in `tool_addition` blocks and leave by `tool_removal`. Either way a
// change of prompt or tools leaves the request's head, and so the cached prefix, as it was.
// Any other model, a prompt a run replaced and a transcript that does not amount to the request's prompt and tools
// get the prompt and tools as they are now.
import type { AssistantMessage, Message, StreamRequest, SystemMessage, ToolSpec } from "../../kernel/index.js";
import { sanitizeText } from "../../lib/provider-kit/index.js";
import { renderSections, replaySystemMessages, toolDeclaration } from "../../lib/transcript/system-messages.js";
import type { WireSystemBlock, WireSystemMessage, WireTool } from "./anthropic-wire.js";

export const INLINE_TOOLS_BETA = "inline-tools-2026-09-15";

/** Declared from the first request on, so Anthropic's scaffolding for tool changes is in the cached prefix. */
export const DEFERRED_TOOL_PLACEHOLDER: WireTool = {
  name: "__pi_deferred_placeholder__",
  description: "Reserved placeholder. Never available. Never call this.",
  input_schema: { type: "object", properties: {}, required: [] },
  defer_loading: true,
};

export interface AnthropicTranscript {
  systemPrompt: string;
  /** the request's `tools` list (before the placeholder) */
  tools: ToolSpec[];
  /** tools change in place: the placeholder follows `tools`, updates carry tool blocks */
  nativeToolChanges: boolean;
  /** the later system messages, each after `repliesBefore` replies of the conversation */
  updates: PlacedUpdate[];
}

export interface PlacedUpdate {
  repliesBefore: number;
  message: SystemMessage;
}

export function anthropicTranscript(request: StreamRequest): AnthropicTranscript {
  const collapsed: AnthropicTranscript = { systemPrompt: request.systemPrompt, tools: request.tools, nativeToolChanges: false, updates: [] };
  const { systemMessages, systemPromptSections } = request;
  const compat = request.model.compat ?? {};
  if (compat.supportsMidConvoSystemMessages !== true || !systemMessages || systemMessages[0]?.before !== 0 || !systemPromptSections) return collapsed;
  const messages = systemMessages.map((placed) => placed.message);
  if (messages.some((message) => contentText(message) !== "")) return collapsed;
  const declared = replaySystemMessages(messages);
  if (!sameSections(declared.sections, systemPromptSections) || !sameTools([...declared.tools.values()], request.tools)) return collapsed;
  const initial = messages[0]!;
  const initialTools = initial.toolsAdded ?? [];
  const nativeToolChanges = compat.supportsMidConvoToolChanges === true && initialTools.length > 0;
  return {
    systemPrompt: renderSections(initial.sections ?? {}),
    tools: nativeToolChanges ? initialTools : [...declared.tools.values()],
    nativeToolChanges,
    updates: systemMessages.slice(1).map(({ before, message }) => ({ repliesBefore: repliesIn(request.messages, before), message })),
  };
}

/**
 * A later system message on the wire: its text (changed sections framed by name, as pi 1.6.0 frames them), and with
 * native tool changes its removals and additions; undefined when it has none of these.
 */
export function wireUpdate(message: SystemMessage, toolDefinitions: ((tools: ToolSpec[]) => WireTool[]) | undefined, toolName: (name: string) => string): WireSystemMessage | undefined {
  const blocks: WireSystemBlock[] = [];
  const text = updateText(message);
  if (text !== "") blocks.push({ type: "text", text: sanitizeText(text) });
  if (toolDefinitions) {
    const added = message.toolsAdded ?? [];
    const redefined = new Set(added.map((tool) => tool.name));
    // a tool defined again under its name replaces the old definition without a removal
    for (const { name } of message.toolsRemoved ?? []) {
      if (!redefined.has(name)) blocks.push({ type: "tool_removal", tool: { type: "tool_reference", name: toolName(name) } });
    }
    for (const definition of toolDefinitions(added)) blocks.push({ type: "tool_addition", tool: { type: "tool_definition", definition } });
  }
  return blocks.length > 0 ? { role: "system", content: blocks } : undefined;
}

function updateText(message: SystemMessage): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(message.sections ?? {})) {
    parts.push(value === null ? `Removed system prompt section "${name}".` : `Updated system prompt section "${name}":\n\n${value}`);
  }
  return parts.join("\n\n");
}

/** The replies before `messages[end]` that a request replays (a failed or aborted one is left out). */
function repliesIn(messages: readonly Message[], end: number): number {
  let count = 0;
  for (let i = 0; i < end; i++) if (isReplayedReply(messages[i]!)) count++;
  return count;
}

export function isReplayedReply(message: Message): message is AssistantMessage {
  return message.role === "assistant" && message.stopReason !== "error" && message.stopReason !== "aborted";
}

function contentText(message: SystemMessage): string {
  return typeof message.content === "string" ? message.content : message.content.map((block) => block.text).join("\n");
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
