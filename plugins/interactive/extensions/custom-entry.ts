// A custom session entry an extension appended (`pi.appendEntry`), drawn in the chat by the component its entry
// renderer returns (pi's `registerEntryRenderer`), given the expanded state and key hints. Entries are never sent to
// the model; one with no renderer, or whose renderer returns nothing, takes no room. A renderer that throws is
// shown as a one-line error in its place.
import { Box, Spacer, type Component } from "@earendil-works/pi-tui";
import type { ExtensionRenderFunction } from "../../extensions/service/terminal-parts.js";
import type { Theme } from "../theme/theme.js";
import { ExpandableItem } from "./expandable-item.js";
import type { KeyHints } from "./key-hints.js";
import { PaintedText } from "../components/painted-text.js";

export interface CustomEntryData {
  type: "custom";
  id: string;
  customType: string;
  data?: unknown;
}

type EntryRenderer = (entry: CustomEntryData, options: { expanded: boolean } & KeyHints, theme: Theme) => Component | undefined;

export class CustomEntry extends ExpandableItem {
  private content: Component | undefined;

  constructor(
    private readonly entry: CustomEntryData,
    private readonly renderer: ExtensionRenderFunction,
    private readonly theme: Theme,
    private readonly hints: KeyHints,
    expanded: boolean,
  ) {
    super(expanded);
    this.rebuild();
  }

  /** whether the renderer drew anything: an entry that draws nothing is not put in the chat */
  hasContent(): boolean {
    return this.content !== undefined;
  }

  protected rebuild(): void {
    this.clear();
    this.content = this.rendered();
    if (!this.content) return;
    this.addChild(new Spacer(1));
    this.addChild(this.content);
  }

  private rendered(): Component | undefined {
    const { theme } = this;
    try {
      return (this.renderer as EntryRenderer)(this.entry, { expanded: this.expanded, ...this.hints }, theme) ?? undefined;
    } catch (error) {
      const box = new Box(this.outputPad, 1, theme.fill("customMessageBg"));
      box.addChild(new PaintedText(() => theme.fg("error", `[${this.entry.customType}] renderer failed: ${error instanceof Error ? error.message : String(error)}`), 0, 0));
      return box;
    }
  }
}
