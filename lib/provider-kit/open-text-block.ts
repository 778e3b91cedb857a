// The text or thinking block a stream is filling, for wires that send bare pieces of either kind (Gemini's parts,
// Mistral's content chunks): a piece of the other kind closes the block and opens a new one.
import type { AssistantMessageEvent } from "../../kernel/index.js";
import type { AssistantMessageBuilder } from "./assistant-builder.js";

export class OpenTextBlock {
  private open: { kind: "text" | "thinking"; index: number } | undefined;

  constructor(private readonly builder: AssistantMessageBuilder) {}

  /** the content index of the open block */
  get index(): number | undefined {
    return this.open?.index;
  }

  *append(kind: "text" | "thinking", text: string): Generator<AssistantMessageEvent> {
    if (this.open?.kind !== kind) {
      const closed = this.close();
      if (closed) yield closed;
      const started = kind === "text" ? this.builder.textStart() : this.builder.thinkingStart();
      this.open = { kind, index: started.index };
      yield started.event;
    }
    yield kind === "text" ? this.builder.textDelta(this.open.index, text) : this.builder.thinkingDelta(this.open.index, text);
  }

  /** The end event of the open block, if there is one. */
  close(): AssistantMessageEvent | undefined {
    const block = this.open;
    this.open = undefined;
    if (!block) return undefined;
    return block.kind === "text" ? this.builder.textEnd(block.index) : this.builder.thinkingEnd(block.index);
  }
}
