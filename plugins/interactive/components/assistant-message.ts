// A reply of the model as it streams: its text as Markdown and its thinking (shown in italics, or as one label
// when hidden), part by part (reply-parts.ts: a run of thinking blocks is one part). Only parts whose text changed
// are touched, so a streaming reply re-renders its last paragraph and nothing above it. Tool calls are drawn by
// their own rows.
import { Container, type Markdown, MouseRegion, Spacer, Text, type Component } from "@earendil-works/pi-tui";
import type { AssistantMessage as AssistantMessageData } from "../../../kernel/index.js";
import type { MarkdownTransformer } from "../../extensions/service/terminal-parts.js";
import { markdownTransform, type MarkdownTransform } from "../extensions/markdown-transform.js";
import type { Theme } from "../theme/theme.js";
import { UnpaddedMarkdown } from "./unpadded-markdown.js";
import { PromptZone } from "./prompt-zone.js";
import { toggleOnClick } from "./click-to-expand.js";
import { replyParts, type ReplyPart } from "./reply-parts.js";

export interface AssistantDisplay {
  hideThinking: boolean;
  hiddenThinkingLabel: string;
}

/** a part as drawn: `hidden` is whether a thinking run shows as the hidden label */
type Part = ReplyPart & { hidden: boolean; component: Markdown | Text };

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
  /** per thinking run (by its number in the reply): a click chose to hide it (true) or show it, whatever the setting says */
  private readonly hiddenByClick = new Map<number, boolean>();
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

  /** the parts as the latest message has them: only those whose text or look changed are touched */
  private sync(): void {
    if (!this.stale) return;
    this.stale = false;
    const wanted = replyParts(this.message.content);
    wanted.forEach((want, index) => {
      const hidden = want.kind === "thinking" && this.runHidden(want.run);
      const part = this.parts[index];
      if (part && part.kind === want.kind && part.hidden === hidden) {
        if (part.text !== want.text && !hidden) (part.component as Markdown).setText(want.text);
        Object.assign(part, want);
        return;
      }
      const look = { ...want, hidden };
      this.parts[index] = { ...look, component: this.partComponent(look) };
    });
    this.parts.length = wanted.length;
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

  /** ctrl+t or the setting: every thinking run follows it again, what clicks chose forgotten, as in pi */
  refreshThinking(): void {
    this.hiddenByClick.clear();
    this.rebuildParts((part) => part.kind === "thinking");
  }

  /** an extension set another hidden-thinking label: hidden runs take it, and keep what clicks chose */
  refreshHiddenLabel(): void {
    this.rebuildParts((part) => part.hidden);
  }

  /** the hidden label and the ending hold their colours as painted: after a theme change they are painted again */
  override invalidate(): void {
    super.invalidate();
    for (const part of this.parts) if (part.hidden) part.component = this.partComponent(part);
    this.arrange();
    this.renderEnding();
  }

  private runHidden(run: number): boolean {
    return this.hiddenByClick.get(run) ?? this.display.hideThinking;
  }

  /** a click on a thinking run shows or hides that run alone (the others stay as they are), as pi 1.6.0's fullscreen mode */
  private toggleRun(run: number): void {
    this.hiddenByClick.set(run, !this.runHidden(run));
    this.rebuildParts((part) => part.kind === "thinking" && part.run === run);
  }

  private rebuildParts(which: (part: Part) => boolean): void {
    this.sync();
    for (const part of this.parts) {
      if (!which(part)) continue;
      part.hidden = part.kind === "thinking" && this.runHidden(part.run);
      part.component = this.partComponent(part);
    }
    this.arrange();
  }

  private partComponent(part: ReplyPart & { hidden: boolean }): Markdown | Text {
    const { theme, padding } = this;
    const transform = this.transforms[part.kind];
    const options = transform && { transform };
    if (part.kind === "text") return new UnpaddedMarkdown(part.text, padding, 0, theme.markdown(), undefined, options);
    if (part.hidden) return new Text(theme.italic(theme.fg("thinkingText", this.display.hiddenThinkingLabel)), padding, 0);
    return new UnpaddedMarkdown(part.text, padding, 0, theme.markdown(), { color: theme.paint("thinkingText"), italic: true }, options);
  }

  /**
   * The parts in order, as pi lays them out: a blank line before the first, one after a thinking run that more
   * follows, the ending (a failure, an abort, a cut reply) after a blank line of its own; a hidden run with a blank
   * label takes no room (nor a click), and a reply of tool calls only none.
   */
  private arrange(): void {
    const children: Component[] = [];
    let spaceBefore = true;
    for (const part of this.parts) {
      if (part.hidden && this.display.hiddenThinkingLabel.trim() === "") continue;
      if (spaceBefore) children.push(new Spacer(1));
      spaceBefore = part.kind === "thinking";
      children.push(part.kind === "thinking" ? new MouseRegion(part.component, (event) => toggleOnClick(event, () => this.toggleRun(part.run))) : part.component);
    }
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
