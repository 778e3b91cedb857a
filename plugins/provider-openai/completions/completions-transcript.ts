// The conversation's system messages as pi 1.6.0 sends them to a Chat Completions model that takes them
// mid-conversation (compat.supportsMidConvoSystemMessages): the first is the request's prompt, each later one a
// system (or developer) message where it stands, so a change of prompt leaves the request's head, and its cached
// prefix, as it was. The tools of the request are those of the moment, unless the model also takes tools added in
// place (compat.supportsMidConvoToolAdditions, Kimi): then a later message's new tools come as `{role: "system",
// tools}` where it stands, and the request's list is the one in force after the last change that is no plain addition
// (a removal, or a name declared again), which cannot be said in place; the cached prefix is then lost once per such
// change instead of on every addition. Any other model, and a transcript the request cannot be sent in place of
// (lib/provider-kit/in-place-transcript.ts), gets the prompt and tools as they are now.
import type { Message, StreamRequest, SystemMessage, ToolSpec } from "../../../kernel/index.js";
import { inPlaceTranscript, lastNonAdditiveToolChange, turnsWithSystemMessages } from "../../../lib/provider-kit/index.js";
import { replaySystemMessages } from "../../../lib/transcript/system-messages.js";
import type { CompletionsCompat } from "./completions-compat.js";

export interface CompletionsTranscript {
  systemPrompt: string;
  /** the request's `tools` */
  tools: ToolSpec[];
  /** the turns, with the later system messages where they stand */
  messages: readonly (Message | SystemMessage)[];
  /** the later system messages whose added tools are declared where they stand */
  toolsInPlace: ReadonlySet<SystemMessage>;
}

const NONE: ReadonlySet<SystemMessage> = new Set();

export function completionsTranscript(request: StreamRequest, compat: CompletionsCompat): CompletionsTranscript {
  const transcript = compat.supportsMidConvoSystemMessages ? inPlaceTranscript(request) : undefined;
  if (!transcript) return { systemPrompt: request.systemPrompt, tools: request.tools, messages: request.messages, toolsInPlace: NONE };
  const messages = turnsWithSystemMessages(request.messages, transcript.later);
  if (!compat.supportsMidConvoToolAdditions) return { systemPrompt: transcript.prompt, tools: transcript.currentTools, messages, toolsInPlace: NONE };
  // inPlaceTranscript found the first system message first
  const declarations = [request.systemMessages![0]!.message, ...transcript.later.map((placed) => placed.message)];
  const folded = Math.max(1, lastNonAdditiveToolChange(declarations) + 1);
  return {
    systemPrompt: transcript.prompt,
    tools: [...replaySystemMessages(declarations.slice(0, folded)).tools.values()],
    messages,
    toolsInPlace: new Set(transcript.later.slice(folded - 1).map((placed) => placed.message)),
  };
}
