// A reply of the model as it streams: its text as Markdown and its thinking (shown in italics, or as one label
// when thinking is hidden), block by block. Only blocks whose text changed are touched, so a streaming reply
// re-renders its last paragraph and nothing above it. Tool calls are drawn by their own rows.
import { Container, type Markdown, Spacer, Text, type Component } from "@earendil-works/pi-tui";
import type { AssistantMessage as AssistantMessageData } from "../../../kernel/index.js";
import type { MarkdownTransformer } from "../../extensions/service/terminal-parts.js";
import { markdownTransform, type MarkdownTransform } from "../extensions/markdown-transform.js";
import type { Theme } from "../theme/theme.js";
import { UnpaddedMarkdown } from "./unpadded-markdown.js";
import { PromptZone } from "./prompt-zone.js";

export interface AssistantDisplay {
  hideThinking: boolean;
  hiddenThinkingLabel: string;
}

type Part = { kind: "text" | "thinking"; text: string; component: Markdown | Text };

/** extensions' markdown transformers, and the session entry a reply drawn from history came from */
export interface ReplyMarkdown {
  transformers: readonly MarkdownTransformer[];
  messageId?: string;
  timestamp?: string;
}

export class AssistantMessage extends Container {
  private readonly parts: Part[] = [];
  private readonly ending: Container = new Container();
  private message: AssistantMessageData;
  private streaming = true;
  private readonly transforms: Record<Part["kind"], MarkdownTransform | undefined>;
  /** the `outputPad` setting */
  private padding = 1;
  private readonly zone = new PromptZone();

  constructor(
    message: AssistantMessageData,
    private theme: Theme,
    private readonly display: AssistantDisplay,
    markdown: ReplyMarkdown = { transformers: [] },
  ) {
    super();
    this.message = message;
    const { transformers, ...place } = markdown;
    const streaming = () => this.streaming;
    this.transforms = {
      text: markdownTransform(transformers, { surface: "assistant", streaming, ...place }),
      thinking: markdownTransform(transformers, { surface: "assistant-thinking", streaming, ...place }),
    };
    this.addChild(new Spacer(1));
    this.addChild(this.ending);
    this.update(message);
  }

  // a reply without tool calls is a stop for the previous/next message keys, as in pi
  override render(width: number): readonly string[] {
    // a reply of tool calls only takes no room (no blank line of its own), as in pi
    if (this.parts.length === 0 && this.ending.children.length === 0) return [];
    const lines = super.render(width);
    return this.message.content.some((block) => block.type === "toolCall") ? lines : this.zone.mark(lines);
  }

  update(message: AssistantMessageData): void {
    this.message = message;
    const blocks = message.content.filter((block) => (block.type === "text" && block.text.trim() !== "") || (block.type === "thinking" && block.thinking.trim() !== ""));
    blocks.forEach((block, index) => {
      const kind = block.type === "thinking" ? "thinking" : "text";
      const text = block.type === "thinking" ? block.thinking.trim() : block.type === "text" ? block.text.trim() : "";
      const part = this.parts[index];
      if (part && part.kind === kind) {
        if (part.text !== text) {
          part.text = text;
          if (kind === "text" || !this.display.hideThinking) (part.component as Markdown).setText(text);
        }
        return;
      }
      const created: Part = { kind, text, component: this.blockComponent(kind, text) };
      this.parts[index] = created;
      this.children.splice(this.children.length - 1, 0, created.component);
    });
    this.renderEnding();
  }

  /** the reply is complete: transformers that treat a streaming reply differently see it once more, finished */
  end(): void {
    this.streaming = false;
    if (!this.transforms.text && !this.transforms.thinking) return;
    for (const part of this.parts) part.component.invalidate();
  }

  setOutputPad(padding: number): void {
    if (this.padding === padding) return;
    this.padding = padding;
    this.rebuildParts(() => true);
    this.renderEnding();
  }

  /** ctrl+t: thinking blocks switch between their text and the hidden label */
  refreshThinking(): void {
    this.rebuildParts((part) => part.kind === "thinking");
  }

  private rebuildParts(which: (part: Part) => boolean): void {
    for (const part of this.parts) {
      if (!which(part)) continue;
      const replacement = this.blockComponent(part.kind, part.text);
      const index = this.children.indexOf(part.component);
      this.children[index] = replacement;
      part.component = replacement;
    }
    this.invalidate();
  }

  private blockComponent(kind: Part["kind"], text: string): Markdown | Text {
    const { theme } = this;
    const transform = this.transforms[kind];
    const options = transform && { transform };
    const { padding } = this;
    if (kind === "text") return new UnpaddedMarkdown(text, padding, 0, theme.markdown(), undefined, options);
    if (this.display.hideThinking) return new Text(theme.italic(theme.fg("thinkingText", this.display.hiddenThinkingLabel)), padding, 0);
    return new UnpaddedMarkdown(text, padding, 0, theme.markdown(), { color: theme.paint("thinkingText"), italic: true }, options);
  }

  private renderEnding(): void {
    const { stopReason, errorMessage, content } = this.message;
    this.ending.clear();
    const hasToolCalls = content.some((block) => block.type === "toolCall");
    let line: Component | undefined;
    if (stopReason === "aborted" && !hasToolCalls) line = new Text(this.theme.fg("error", errorMessage && errorMessage !== "Request was aborted" ? errorMessage : "Operation aborted"), this.padding, 0);
    else if (stopReason === "error") line = new Text(this.theme.fg("error", `Error: ${errorMessage ?? "unknown error"}`), this.padding, 0);
    if (line) this.ending.addChild(line);
  }
}
