// A later system message as Responses `input` items, as pi 1.6.0 writes them (responses-transcript.ts says when):
// its tool additions (an `additional_tools` item, after a notice that it only adds to what came before, or a
// client-run tool search and its result), then one instruction message with the changed sections and a notice of the
// tools removed. The wording of the notices is what the model reads, so it is pi's.
import type { PlacedSystemMessage, SystemMessage, ToolSpec } from "../../../kernel/index.js";
import { sanitizeText, systemUpdateText } from "../../../lib/provider-kit/index.js";
import type { ResponsesTranscript } from "./responses-transcript.js";
import type { ResponsesInputItem, ResponsesTool } from "./responses-wire.js";
import { additionalToolsItem } from "./responses-input-settings.js";

export interface ToolConversion {
  (tools: readonly ToolSpec[], asSearchResult?: boolean): ResponsesTool[];
}

export class SystemUpdateWriter {
  private additionalToolsSent: boolean;
  /** tools announced as removed and not declared again since */
  private readonly unavailable = new Set<string>();
  private written = 0;

  constructor(
    private readonly transcript: ResponsesTranscript,
    private readonly convertTools: ToolConversion,
    private readonly instructionRole: "system" | "developer",
  ) {
    this.additionalToolsSent = transcript.leadingTools.length > 0;
  }

  get later(): readonly PlacedSystemMessage[] {
    return this.transcript.later;
  }

  /** The items of the next later system message; `turnsBefore` counts the turns and system messages sent before it. */
  items(message: SystemMessage, turnsBefore: number): ResponsesInputItem[] {
    const announcesTools = this.written++ >= this.transcript.foldedLater;
    const items = announcesTools ? this.toolAdditions(message.toolsAdded ?? [], turnsBefore) : [];
    const parts = [systemUpdateText(message)];
    if (announcesTools) {
      // a tool defined again under its name is a removal and an addition; only a tool that goes away is announced
      const added = new Set((message.toolsAdded ?? []).map((tool) => tool.name));
      const removed = (message.toolsRemoved ?? []).map((tool) => tool.name).filter((name) => !added.has(name));
      if (removed.length > 0) parts.push(`The following tools are no longer available. Do not call them:\n${removed.map((name) => `- ${name}`).join("\n")}`);
      for (const name of removed) this.unavailable.add(name);
    }
    const text = parts.filter((part) => part !== "").join("\n\n");
    if (text !== "") items.push({ role: this.instructionRole, content: sanitizeText(text) });
    return items;
  }

  private toolAdditions(tools: readonly ToolSpec[], turnsBefore: number): ResponsesInputItem[] {
    for (const tool of tools) this.unavailable.delete(tool.name);
    if (tools.length === 0) return [];
    if (this.transcript.toolChanges === "additional-tools") {
      // without the notice a model takes the latest item, after a removal, for the whole tool set
      const items = this.additionalToolsSent ? [{ role: this.instructionRole, content: this.incrementalNotice() }] : [];
      this.additionalToolsSent = true;
      return [...items, additionalToolsItem(this.convertTools(tools))];
    }
    const names = tools.map((tool) => tool.name);
    const callId = `pi_tool_load_${shortHash(`system:${turnsBefore}:${names.join(",")}`)}`;
    return [
      { type: "tool_search_call", call_id: callId, execution: "client", status: "completed", arguments: { query: names.join(" "), limit: names.length } },
      { type: "tool_search_output", call_id: callId, execution: "client", status: "completed", tools: this.convertTools(tools, true) },
    ];
  }

  private incrementalNotice(): string {
    const notice =
      "This is an incremental tools update. Previously declared tools remain available unless explicitly marked unavailable. A tool declared again here is available again, and its latest definition replaces the earlier one.";
    // restating what is still gone keeps smaller models from calling it again after later loads
    return this.unavailable.size > 0 ? `${notice}\nStill unavailable: ${[...this.unavailable].join(", ")}.` : notice;
  }
}

/** pi-ai's 64-bit string hash (two 32-bit multiplicative lanes, base-36), so tool search call ids are pi's. */
function shortHash(text: string): string {
  let a = 0xdeadbeef;
  let b = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    a = Math.imul(a ^ code, 2654435761);
    b = Math.imul(b ^ code, 1597334677);
  }
  a = Math.imul(a ^ (a >>> 16), 2246822507) ^ Math.imul(b ^ (b >>> 13), 3266489909);
  b = Math.imul(b ^ (b >>> 16), 2246822507) ^ Math.imul(a ^ (a >>> 13), 3266489909);
  return (b >>> 0).toString(36) + (a >>> 0).toString(36);
}
