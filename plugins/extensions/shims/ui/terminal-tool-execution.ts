// pi's `ToolExecutionComponent` as extensions construct it, in a process that runs pith's terminal UI: the row the
// chat draws for a tool call. A definition with `renderCall`/`renderResult` is drawn by them (pith's rendered row,
// `renderShell` included); any other tool by pith's own row for it (the built-in tools' views, else a generic one).
import { Container, getKeybindings, type Component, type TUI } from "@earendil-works/pi-tui";
import { ToolRow } from "../../../interactive/components/tool-row.js";
import { rendererFor } from "../../../interactive/tools/renderers.js";
import { RenderedToolRow } from "../../../interactive/extensions/rendered-tool-row.js";
import { keyHints } from "../../../interactive/extensions/key-hints.js";
import type { ToolRendering } from "../../service/terminal-parts.js";
import { interactiveTheme, keyText } from "./terminal-theme.js";

export interface ToolExecutionOptions {
  showImages?: boolean;
  imageWidthCells?: number;
  outputPad?: number;
}

interface ToolResult {
  content: unknown[];
  details?: unknown;
  isError: boolean;
}

type Row = ToolRow | RenderedToolRow;

/** pi's `ToolExecutionComponent(toolName, toolCallId, args, options, toolDefinition, ui, cwd)` */
export class ToolExecutionComponent extends Container {
  private readonly row: Row;
  private readonly images: { show: boolean; widthCells: number };

  constructor(toolName: string, toolCallId: string, args: unknown, options: ToolExecutionOptions | undefined, toolDefinition: ToolRendering | undefined, private readonly ui: TUI, cwd: string) {
    super();
    this.images = { show: options?.showImages ?? true, widthCells: options?.imageWidthCells ?? 60 };
    const theme = interactiveTheme();
    const rendering = toolDefinition?.renderCall || toolDefinition?.renderResult ? toolDefinition : undefined;
    this.row = rendering
      ? new RenderedToolRow(toolCallId, toolName, { renderCall: rendering.renderCall, renderResult: rendering.renderResult, renderShell: rendering.renderShell }, { tui: ui, theme, hints: keyHints(getKeybindings(), interactiveTheme), cwd, images: this.images }, false)
      : new ToolRow(toolCallId, toolName, {
          theme,
          expanded: false,
          expandKey: keyText("app.tools.expand"),
          images: this.images,
          cwd,
          // as pi's: a tool with a definition is drawn with its arguments as key=value pairs, one without as JSON
          renderer: rendererFor(toolName, toolDefinition ? { fromMcp: false } : undefined),
          requestRender: () => ui.requestRender(),
        });
    this.row.setArgs(args);
    this.row.setOutputPad(options?.outputPad ?? 1);
    this.addChild(this.row as Component);
  }

  updateArgs(args: unknown): void {
    this.row.setArgs(args);
    this.changed();
  }

  markExecutionStarted(): void {
    this.row.markStarted();
    this.changed();
  }

  setArgsComplete(): void {
    this.changed();
  }

  /** a partial result while the tool runs, or its final one */
  updateResult(result: ToolResult, isPartial = false): void {
    const outcome = { content: result.content, details: result.details, durationMs: (result as { durationMs?: number }).durationMs };
    if (isPartial) this.row.setPartial(outcome);
    else this.row.finish(outcome, result.isError);
    this.changed();
  }

  setExpanded(expanded: boolean): void {
    this.row.setExpanded(expanded);
    this.changed();
  }

  setOutputPad(padding: number): void {
    this.row.setOutputPad(padding);
    this.changed();
  }

  /** for the results from now on */
  setShowImages(show: boolean): void {
    this.images.show = show;
  }

  setImageWidthCells(width: number): void {
    this.images.widthCells = width;
  }

  private changed(): void {
    this.ui.requestRender();
  }
}
