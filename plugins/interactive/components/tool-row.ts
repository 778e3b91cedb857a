// One tool call in the chat, from the moment its call streams in until its result: after a blank line, a box on the
// pending, success or error background, with the tool's own title and body (collapsed unless expanded).
import { Box, Container, MouseRegion, Spacer, Text } from "@earendil-works/pi-tui";
import type { Theme } from "../theme/theme.js";
import { ResultImages, drawsImages, imageBlocks, imageLine, type ImageDisplay } from "./chat-images.js";
import type { ToolRenderer, ToolView } from "../tools/tool-view.js";
import { displayText } from "../../../lib/process/display-text.js";
import { VisualPreview } from "./visual-preview.js";
import { toggleOnClick } from "./click-to-expand.js";

export interface ToolOutcome {
  content?: unknown;
  details?: unknown;
  /** how long the tool ran (the end event and the stored result carry it) */
  durationMs?: number;
}

/** how often a running row that shows its elapsed time is drawn again */
const CLOCK_TICK_MS = 1000;

export interface ToolRowOptions {
  theme: Theme;
  expanded: boolean;
  /** the expand key, for "(N more lines, ctrl+o to expand)" */
  expandKey: string;
  images: ImageDisplay;
  /** the session's folder, which relative paths in the arguments are read from */
  cwd: string;
  /** how the call is drawn (renderers.ts' rendererFor) */
  renderer: ToolRenderer;
  /** asks for a frame when the row changed by itself (its elapsed time) */
  requestRender?: () => void;
}

export class ToolRow extends Container {
  private readonly box: Box;
  private args: Record<string, unknown> = {};
  private output: string | undefined;
  private details: Record<string, unknown> | undefined;
  private isError = false;
  private running = true;
  private startedAt: number | undefined;
  private durationMs: number | undefined;
  private clock: ReturnType<typeof setInterval> | undefined;
  private readonly title = new Text("", 0, 0);
  private readonly body = new Container();
  /** the result's images, when the terminal draws them */
  private readonly images: ResultImages;
  /** lines under the box (a renderer's `outside`) */
  private readonly outside = new Container();
  /** the renderer's preview of the complete arguments (their JSON), once it came */
  private previewed: { args: string; value: unknown } | undefined;
  /** the state changed since the title and body were last drawn */
  private stale = true;
  private readonly theme: Theme;
  private expanded: boolean;
  private outputPad = 1;

  constructor(
    readonly toolCallId: string,
    readonly toolName: string,
    private readonly options: ToolRowOptions,
  ) {
    super();
    this.theme = options.theme;
    this.expanded = options.expanded;
    this.box = new Box(1, 1, this.theme.fill("toolPendingBg"));
    this.images = new ResultImages(this.theme, options.images);
    this.box.addChild(this.title);
    this.box.addChild(this.body);
    this.box.addChild(this.images);
    this.addChild(new Spacer(1));
    // a click expands or collapses this row, once it has its result
    this.addChild(new MouseRegion(this.box, (event) => (this.running ? undefined : toggleOnClick(event, () => this.setExpanded(!this.expanded)))));
    this.addChild(this.outside);
    this.refresh();
  }

  /** the call's arguments are complete: a renderer that previews them (edit's diff) starts on it */
  setArgsComplete(): void {
    const { preview } = this.options.renderer;
    if (!preview) return;
    const args = JSON.stringify(this.args);
    if (this.previewed?.args === args) return;
    const previewed = { args, value: undefined as unknown };
    this.previewed = previewed;
    preview(this.args, this.options.cwd).then(
      (value) => {
        if (this.previewed !== previewed) return;
        previewed.value = value;
        this.refresh();
        this.options.requestRender?.();
      },
      () => undefined,
    );
  }

  /** the tool started running: its clock starts */
  markStarted(): void {
    this.startedAt ??= Date.now();
  }

  setArgs(args: unknown): void {
    this.args = args !== null && typeof args === "object" ? (args as Record<string, unknown>) : {};
    this.refresh();
  }

  setPartial(partial: ToolOutcome): void {
    this.applyOutcome(partial);
    // as pi, a running row that has output shows how long it has run, redrawn every second
    if (this.startedAt !== undefined && this.clock === undefined && this.options.renderer.showsTime) {
      this.clock = setInterval(() => {
        this.refresh();
        this.options.requestRender?.();
      }, CLOCK_TICK_MS);
      this.clock.unref?.();
    }
    this.refresh();
  }

  finish(result: ToolOutcome, isError: boolean): void {
    this.applyOutcome(result);
    this.durationMs = result.durationMs ?? (this.startedAt === undefined ? undefined : Date.now() - this.startedAt);
    this.isError = isError;
    this.stopClock();
    this.refresh();
  }

  /** the reply ended (aborted or failed) before this call ran */
  cancel(reason: string): void {
    if (!this.running) return;
    this.output = reason;
    this.isError = true;
    this.stopClock();
    this.refresh();
  }

  /** the `outputPad` setting */
  setOutputPad(padding: number): void {
    this.box.setPaddingX(padding);
    this.outputPad = padding;
    this.refresh();
  }

  setExpanded(expanded: boolean): void {
    if (this.expanded === expanded) return;
    this.expanded = expanded;
    this.refresh();
  }

  private stopClock(): void {
    this.running = false;
    if (this.clock !== undefined) clearInterval(this.clock);
    this.clock = undefined;
  }

  private applyOutcome(outcome: ToolOutcome): void {
    if (Array.isArray(outcome.content)) {
      const images = imageBlocks(outcome.content);
      const drawn = drawsImages(this.options.images);
      // as pi shows tool output: what the program printed to colour or move the cursor would break the box
      const texts = outcome.content.filter((block: { type?: string }) => block.type === "text").map((block: { text?: string }) => displayText(block.text ?? ""));
      this.output = [...texts, ...(drawn ? [] : images.map(imageLine))].join("\n");
      this.images.show(drawn ? images : []);
    }
    if (outcome.details !== null && typeof outcome.details === "object") this.details = outcome.details as Record<string, unknown>;
  }

  /**
   * The title and body follow the row's state when it is next drawn: a call's arguments stream in far more deltas
   * than frames are drawn, and a renderer reads all of them (write splits its whole content into lines), so a
   * redraw per delta cost time in proportion to the arguments' length squared.
   */
  private refresh(): void {
    this.stale = true;
  }

  /** drawn again from its state: the theme changed, or highlight.js loaded and code can be coloured */
  override invalidate(): void {
    this.stale = true;
    super.invalidate();
  }

  override render(width: number): readonly string[] {
    if (this.stale) this.redraw();
    return super.render(width);
  }

  private redraw(): void {
    this.stale = false;
    const view: ToolView = {
      args: this.args,
      output: this.output,
      details: this.details,
      isError: this.isError,
      running: this.running,
      elapsedMs: this.running ? (this.startedAt === undefined || this.output === undefined ? undefined : Date.now() - this.startedAt) : this.durationMs,
      expanded: this.expanded,
      theme: this.theme,
      expandKey: this.options.expandKey,
      cwd: this.options.cwd,
      preview: this.previewed?.value,
    };
    const { renderer } = this.options;
    const state = this.running ? "toolPendingBg" : this.isError ? "toolErrorBg" : "toolSuccessBg";
    this.box.setBgFn(this.theme.fill(safely(() => renderer.background?.(view), undefined) ?? state));
    this.title.setText(safely(() => renderer.title(view), this.theme.bold(this.toolName)));
    const body = safely(() => renderer.body(view), []);
    this.body.clear();
    if (!Array.isArray(body)) {
      this.body.addChild(new Spacer(1));
      this.body.addChild(new VisualPreview(body.cut));
      if (body.after.length > 0) this.body.addChild(new Text(body.after.join("\n"), 0, 0));
    } else if (body.length > 0) {
      this.body.addChild(new Text(`${renderer.tight ? "" : "\n"}${body.join("\n")}`, 0, 0));
    }
    const outside = safely(() => renderer.outside?.(view), undefined) ?? [];
    this.outside.clear();
    if (outside.length > 0) {
      this.outside.addChild(new Spacer(1));
      this.outside.addChild(new Text(outside.join("\n"), this.outputPad, 0));
    }
  }
}

function safely<T>(render: () => T, fallback: T): T {
  try {
    return render();
  } catch {
    return fallback;
  }
}
