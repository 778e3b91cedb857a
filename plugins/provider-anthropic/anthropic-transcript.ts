// The conversation's system messages as pi 1.6.0 sends them to a model that takes system messages mid-conversation
// (compat.supportsMidConvoSystemMessages): the first is the request's prompt, each later one a system message of its
// own, held back to just before the next reply (Anthropic wants a tool's result right after its call). With
// compat.supportsMidConvoToolChanges the tool list stays the first message's, followed by a never-loaded
// placeholder, and later tools come by value in `tool_addition` blocks and leave by `tool_removal`. Either way a
// change of prompt or tools leaves the request's head, and so the cached prefix, as it was.
// Any other model, and a transcript the request cannot be sent in place of (lib/provider-kit/in-place-transcript.ts),
// gets the prompt and tools as they are now.
import type { PlacedSystemMessage, StreamRequest, SystemMessage, ToolSpec } from "../../kernel/index.js";
import { inPlaceTranscript, sanitizeText, systemUpdateText } from "../../lib/provider-kit/index.js";
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
  /** the later system messages, sent in the conversation (none for a model that takes them only at the head) */
  later: PlacedSystemMessage[];
  /** the conversation in place ends with a system message (Copilot counts such a request as the agent's) */
  endsWithSystemMessage: boolean;
}

export function anthropicTranscript(request: StreamRequest): AnthropicTranscript {
  const compat = request.model.compat ?? {};
  const transcript = compat.supportsMidConvoSystemMessages === true ? inPlaceTranscript(request) : undefined;
  if (!transcript) return { systemPrompt: request.systemPrompt, tools: request.tools, nativeToolChanges: false, later: [], endsWithSystemMessage: false };
  const nativeToolChanges = compat.supportsMidConvoToolChanges === true && transcript.initialTools.length > 0;
  return {
    systemPrompt: transcript.prompt,
    tools: nativeToolChanges ? transcript.initialTools : transcript.currentTools,
    nativeToolChanges,
    later: transcript.later,
    endsWithSystemMessage: transcript.later.at(-1)?.before === request.messages.length,
  };
}

/**
 * A later system message on the wire: its text (changed sections framed by name, as pi 1.6.0 frames them), and with
 * native tool changes its removals and additions; undefined when it has none of these.
 */
export function wireUpdate(message: SystemMessage, toolDefinitions: ((tools: ToolSpec[]) => WireTool[]) | undefined, toolName: (name: string) => string): WireSystemMessage | undefined {
  const blocks: WireSystemBlock[] = [];
  const text = systemUpdateText(message);
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
