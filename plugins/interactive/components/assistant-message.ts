// A reply of the model as it streams: its text as Markdown and its thinking (shown in italics, or as one label
// when thinking is hidden), block by block. Only blocks whose text changed are touched, so a streaming reply
// re-renders its last paragraph and nothing above it. Tool calls are drawn by their own rows.
import { Container, type Markdown, MouseRegion, Spacer, Text, type Component } from "@earendil-works/pi-tui";
import type { AssistantMessage as AssistantMessageData } from "../../../kernel/index.js";
import type { MarkdownTransformer } from "../../extensions/service/terminal-parts.js";
import { markdownTransform, type MarkdownTransform } from "../extensions/markdown-transform.js";
import type { Theme } from "../theme/theme.js";
import { UnpaddedMarkdown } from "./unpadded-markdown.js";
import { PromptZone } from "./prompt-zone.js";
import { toggleOnClick } from "./click-to-expand.js";

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
  /** a message came since the parts were last brought up to date */
  private stale = false;
  /** a click on its thinking chose to show (true) or hide it, whatever the setting says */
  private thinkingShown: boolean | undefined;
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
    this.update(message);
    this.sync();
  }

  // a reply without tool calls is a stop for the previous/next message keys, as in pi
  override render(width: number): readonly string[] {
    this.sync();
    const lines = super.render(width);
    return this.message.content.some((block) => block.type === "toolCall") ? lines : this.zone.mark(lines);
  }

  /**
   * Takes the reply as it now stands; its parts follow when it is next drawn. A reply streams far more deltas than
   * frames are drawn, and reading a growing text (trim, compare) copies all of it each time: done per delta, a long
   * reply cost time and memory in proportion to its length squared.
   */
  update(message: AssistantMessageData): void {
    this.message = message;
    this.stale = true;
  }

  /** the parts as the latest message has them: only blocks whose text changed are touched */
  private sync(): void {
    if (!this.stale) return;
    this.stale = false;
    const { message } = this;
    const blocks = message.content.filter((block) => (block.type === "text" && block.text.trim() !== "") || (block.type === "thinking" && block.thinking.trim() !== ""));
    blocks.forEach((block, index) => {
      const kind = block.type === "thinking" ? "thinking" : "text";
      const text = block.type === "thinking" ? block.thinking.trim() : block.type === "text" ? block.text.trim() : "";
      const part = this.parts[index];
      if (part && part.kind === kind) {
        if (part.text !== text) {
          part.text = text;
          if (kind === "text" || !this.thinkingHidden) (part.component as Markdown).setText(text);
        }
        return;
      }
      this.parts[index] = { kind, text, component: this.blockComponent(kind, text) };
    });
    this.arrange();
    this.renderEnding();
  }

  /** the reply is complete: transformers that treat a streaming reply differently see it once more, finished */
  end(): void {
    this.sync();
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

  /** ctrl+t: thinking blocks switch between their text and the hidden label (a click's choice gives way) */
  refreshThinking(): void {
    this.thinkingShown = undefined;
    this.rebuildParts((part) => part.kind === "thinking");
  }

  /** whether this reply's thinking shows as the hidden label: as the setting says, unless a click chose */
  private get thinkingHidden(): boolean {
    return this.thinkingShown === undefined ? this.display.hideThinking : !this.thinkingShown;
  }

  private toggleThinking(): void {
    this.thinkingShown = this.thinkingHidden;
    this.rebuildParts((part) => part.kind === "thinking");
  }

  private rebuildParts(which: (part: Part) => boolean): void {
    this.sync();
    for (const part of this.parts) {
      if (!which(part)) continue;
      part.component = this.blockComponent(part.kind, part.text);
    }
    this.arrange();
    this.invalidate();
  }

  private blockComponent(kind: Part["kind"], text: string): Markdown | Text {
    const { theme } = this;
    const transform = this.transforms[kind];
    const options = transform && { transform };
    const { padding } = this;
    if (kind === "text") return new UnpaddedMarkdown(text, padding, 0, theme.markdown(), undefined, options);
    if (this.thinkingHidden) return new Text(theme.italic(theme.fg("thinkingText", this.display.hiddenThinkingLabel)), padding, 0);
    return new UnpaddedMarkdown(text, padding, 0, theme.markdown(), { color: theme.paint("thinkingText"), italic: true }, options);
  }

  /**
   * The parts in order, as pi lays them out: a blank line before the first, one after thinking that more follows,
   * the ending (a failure, an abort, a cut reply) after a blank line of its own; a reply of tool calls only takes
   * no room.
   */
  private arrange(): void {
    const children: Component[] = this.parts.length > 0 ? [new Spacer(1)] : [];
    this.parts.forEach((part, index) => {
      // as in pi 1.6.0's fullscreen mode, a click on a thinking block shows or hides this reply's thinking
      if (part.kind === "thinking") children.push(new MouseRegion(part.component, (event) => toggleOnClick(event, () => this.toggleThinking())));
      else children.push(part.component);
      if (part.kind === "thinking" && index < this.parts.length - 1) children.push(new Spacer(1));
    });
    this.children.splice(0, this.children.length, ...children, this.ending);
  }

  private renderEnding(): void {
    const { stopReason, errorMessage, content } = this.message;
    this.ending.clear();
    const hasToolCalls = content.some((block) => block.type === "toolCall");
    // with tool calls, their rows show the failure
    let line: string | undefined;
    if (stopReason === "length") line = "Response was truncated before completion.";
    else if (stopReason === "aborted" && !hasToolCalls) line = errorMessage && errorMessage !== "Request was aborted" ? errorMessage : "Operation aborted";
    else if (stopReason === "error" && !hasToolCalls) line = `Error: ${errorMessage || "Unknown error"}`;
    if (!line) return;
    this.ending.addChild(new Spacer(1));
    this.ending.addChild(new Text(this.theme.fg("error", line), this.padding, 0));
  }
}
