// The conversation's system messages as pi 1.6.0 sends them to a Responses model that takes them mid-conversation
// (compat.supportsMidConvoSystemMessages): the first is the prompt, each later one an instruction message where it
// stands, and tool changes go one of three ways. With `supportsAdditionalTools` every tool comes in an
// `additional_tools` item (the first message's at the head of `input`, later ones after an "incremental tools update"
// notice) and a removal is announced in words, since such items can add tools but never take one away. Without it but
// with `supportsToolSearch`, the request's `tools` are those in force after the last removal or redefinition, and
// tools added later come as the result of a search the model never ran. Otherwise `tools` is the tool set of now.
// Either way a change of prompt or tools only appends to the input, so the cached prefix holds.
// Any other model, and a transcript the request cannot be sent in place of (lib/provider-kit/in-place-transcript.ts),
// gets the prompt and tools as they are now.
import type { PlacedSystemMessage, StreamRequest, ToolSpec } from "../../../kernel/index.js";
import { inPlaceTranscript, lastNonAdditiveToolChange } from "../../../lib/provider-kit/index.js";
import { replaySystemMessages } from "../../../lib/transcript/system-messages.js";

/** How tool changes reach the model (pi 1.6.0's `getResponsesToolSupport`). */
export type ResponsesToolChanges = "additional-tools" | "tool-search" | "none";

export interface ResponsesTranscript {
  /** the first system message's prompt text */
  prompt: string;
  toolChanges: ResponsesToolChanges;
  /** the tools of the leading `additional_tools` item ("additional-tools") */
  leadingTools: ToolSpec[];
  /** the request's `tools` field (none with "additional-tools") */
  requestTools: ToolSpec[];
  /** the later system messages, each before `request.messages[before]` */
  later: PlacedSystemMessage[];
  /** how many of `later` have their tool changes in `requestTools` already, not announced where they stand */
  foldedLater: number;
  /** whether the conversation ends with a system message (GitHub Copilot then counts the request as the agent's) */
  endsWithSystemMessage: boolean;
}

export function responsesTranscript(request: StreamRequest): ResponsesTranscript | undefined {
  const compat = request.model.compat ?? {};
  const transcript = compat.supportsMidConvoSystemMessages === true ? inPlaceTranscript(request) : undefined;
  if (!transcript) return undefined;
  const toolChanges: ResponsesToolChanges = compat.supportsAdditionalTools === true ? "additional-tools" : compat.supportsToolSearch === true ? "tool-search" : "none";
  const { later } = transcript;
  const all = [request.systemMessages![0]!.message, ...later.map((placed) => placed.message)];
  // tool search can only add tools: the request's list takes in every removal and redefinition up to the last one
  const folded = toolChanges === "none" ? all.length : toolChanges === "tool-search" ? Math.max(1, lastNonAdditiveToolChange(all) + 1) : 0;
  return {
    prompt: transcript.prompt,
    toolChanges,
    leadingTools: toolChanges === "additional-tools" ? transcript.initialTools : [],
    requestTools: toolChanges === "additional-tools" ? [] : [...replaySystemMessages(all.slice(0, folded)).tools.values()],
    later,
    foldedLater: Math.max(0, folded - 1),
    endsWithSystemMessage: request.systemMessages!.at(-1)!.before >= request.messages.length,
  };
}
