// One call of a tool that an extension draws (its `renderCall`/`renderResult`, or what a `registerToolRenderer`
// resolver chose): the call slot and, once there is a result, the result slot, each the extension's component
// or pith's fallback (the tool's name and arguments; the first lines of its text). The slots sit in pith's box
// on the pending/success/error background, or, with `renderShell: "self"`, on their own. Renderers get pi
// 1.6.0's context: shared `state`, their `lastComponent`, `invalidate()`, the expanded state, key hints...
// The result's images follow the box, as pi draws them, where the terminal shows images (whatever the renderer
// drew); elsewhere pith's fallback gives each its `[Image: ...]` line, and a renderer draws what it likes.
import { Box, Container, Spacer, Text, type Component, type TUI } from "@earendil-works/pi-tui";
import type { ToolRendering } from "../../extensions/service/terminal-parts.js";
import type { ToolOutcome } from "../components/tool-row.js";
import { ResultImages, drawsImages, imageBlocks, imageLine, type ImageDisplay } from "../components/chat-images.js";
import type { Theme } from "../theme/theme.js";
import { OUTPUT_PAD } from "./output-pad.js";
import type { KeyHints } from "./key-hints.js";

const FALLBACK_LINES = 10;

export interface RenderedToolRowParts {
  tui: TUI;
  theme: Theme;
  hints: KeyHints;
  cwd: string;
  images: ImageDisplay;
}

type CallRenderer = (args: Record<string, unknown>, theme: Theme, context: object) => Component | undefined;
type ResultRenderer = (result: ToolOutcome, options: { expanded: boolean; isPartial: boolean }, theme: Theme, context: object) => Component | undefined;

export class RenderedToolRow extends Container {
  private args: Record<string, unknown> = {};
  private result: (ToolOutcome & { isError: boolean }) | undefined;
  private isPartial = true;
  private executionStarted = false;
  private argsComplete = false;
  private startedAt: number | undefined;
  private durationMs: number | undefined;
  private readonly state: Record<string, unknown> = {};
  private callComponent: Component | undefined;
  private resultComponent: Component | undefined;
  private readonly shell: Box | Container;
  private readonly images: ResultImages;
  private hidden = false;
  private outputPad = OUTPUT_PAD;

  constructor(
    readonly toolCallId: string,
    readonly toolName: string,
    private readonly rendering: ToolRendering,
    private readonly parts: RenderedToolRowParts,
    private expanded: boolean,
  ) {
    super();
    this.shell = rendering.renderShell === "self" ? new Container() : new Box(OUTPUT_PAD, 1, parts.theme.fill("toolPendingBg"));
    this.addChild(new Spacer(1));
    this.addChild(this.shell);
    this.images = new ResultImages(parts.theme, parts.images);
    this.addChild(this.images);
    this.refresh();
  }

  setArgs(args: unknown): void {
    this.args = args !== null && typeof args === "object" ? (args as Record<string, unknown>) : {};
    this.refresh();
  }

  /** the call is complete and runs */
  markStarted(): void {
    this.executionStarted = true;
    this.argsComplete = true;
    this.startedAt ??= Date.now();
    this.refresh();
  }

  setPartial(partial: ToolOutcome): void {
    this.result = { ...partial, isError: false };
    this.isPartial = true;
    this.refresh();
  }

  finish(result: ToolOutcome, isError: boolean): void {
    this.result = { content: result.content, details: result.details, isError };
    this.isPartial = false;
    this.argsComplete = true;
    if (this.startedAt !== undefined) this.durationMs = Date.now() - this.startedAt;
    this.refresh();
  }

  /** the reply ended (aborted or failed) before this call ran */
  cancel(reason: string): void {
    if (!this.isPartial) return;
    this.finish({ content: [{ type: "text", text: reason }] }, true);
  }

  setExpanded(expanded: boolean): void {
    if (this.expanded === expanded) return;
    this.expanded = expanded;
    this.refresh();
  }

  /** the box's padding, and what the renderers are told (a `renderShell: "self"` renderer pads itself) */
  setOutputPad(padding: number): void {
    this.outputPad = padding;
    if (this.shell instanceof Box) this.shell.setPaddingX(padding);
    this.refresh();
  }

  override invalidate(): void {
    super.invalidate();
    this.refresh();
  }

  override render(width: number): readonly string[] {
    return this.hidden ? [] : super.render(width);
  }

  private context(lastComponent: Component | undefined): object {
    return {
      args: this.args,
      toolCallId: this.toolCallId,
      invalidate: () => {
        this.invalidate();
        this.parts.tui.requestRender();
      },
      lastComponent,
      state: this.state,
      cwd: this.parts.cwd,
      executionStarted: this.executionStarted,
      argsComplete: this.argsComplete,
      isPartial: this.isPartial,
      expanded: this.expanded,
      showImages: this.parts.images.show,
      isError: this.result?.isError ?? false,
      durationMs: this.isPartial ? undefined : this.durationMs,
      outputPad: this.outputPad,
      ...this.parts.hints,
    };
  }

  private refresh(): void {
    const { theme } = this.parts;
    if (this.shell instanceof Box) this.shell.setBgFn(theme.fill(this.isPartial ? "toolPendingBg" : this.result?.isError ? "toolErrorBg" : "toolSuccessBg"));
    this.shell.clear();
    this.callComponent = this.slot(this.rendering.renderCall as CallRenderer | undefined, (render) => render(this.args, theme, this.context(this.callComponent)));
    this.shell.addChild(this.callComponent ?? this.callFallback());
    if (this.result) {
      const result = { content: this.result.content, details: this.result.details };
      this.resultComponent = this.slot(this.rendering.renderResult as ResultRenderer | undefined, (render) =>
        render(result, { expanded: this.expanded, isPartial: this.isPartial }, theme, this.context(this.resultComponent)),
      );
      const shown = this.resultComponent ?? this.resultFallback();
      if (shown) this.shell.addChild(shown);
    }
    this.images.show(drawsImages(this.parts.images) ? imageBlocks(this.result?.content) : []);
    this.hidden = this.shell.children.length === 0 && this.images.empty;
  }

  /** the extension's component for a slot; undefined when it has no renderer or the renderer throws */
  private slot<R>(renderer: R | undefined, render: (renderer: R) => Component | undefined): Component | undefined {
    if (!renderer) return undefined;
    try {
      return render(renderer) ?? undefined;
    } catch {
      return undefined;
    }
  }

  private callFallback(): Component {
    const { theme } = this.parts;
    const args = Object.keys(this.args).length > 0 ? ` ${theme.fg("muted", JSON.stringify(this.args))}` : "";
    return new Text(theme.fg("toolTitle", theme.bold(this.toolName)) + args, 0, 0);
  }

  private resultFallback(): Component | undefined {
    const { theme, hints } = this.parts;
    const content = Array.isArray(this.result?.content) ? (this.result.content as { type?: string; text?: string }[]) : [];
    const texts = content.filter((block) => block.type === "text").map((block) => block.text ?? "");
    const text = [...texts, ...(drawsImages(this.parts.images) ? [] : imageBlocks(content).map(imageLine))].join("\n");
    if (!text) return undefined;
    const lines = text.split("\n");
    const shown = this.expanded ? lines : lines.slice(0, FALLBACK_LINES);
    let body = shown.map((line) => theme.fg("toolOutput", line)).join("\n");
    if (shown.length < lines.length) body += `\n${theme.fg("muted", `... (${lines.length - shown.length} more lines,`)} ${hints.keyHint("app.tools.expand", "to expand")}${theme.fg("muted", ")")}`;
    return new Text(body, 0, 0);
  }
}
