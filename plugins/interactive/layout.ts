// The screen from top to bottom, in pi's order: header, chat, queued messages, working indicator, widgets above
// the editor, the editor (or a dialog in its place), widgets below, footer. Every part is a slot whose content
// can be swapped (extensions' setHeader/setFooter/setWidget, dialogs) without rebuilding the others.
import { Container, Spacer, type Component, type TUI } from "@earendil-works/pi-tui";
import { PendingMessages } from "./components/pending-messages.js";
import type { Theme } from "./theme/theme.js";

export class Slot extends Container {
  show(component: Component | undefined): void {
    this.clear();
    if (component) this.addChild(component);
  }

  get content(): Component | undefined {
    return this.children[0];
  }
}

export class Layout {
  readonly header = new Slot();
  readonly chat = new Container();
  readonly pending: PendingMessages;
  readonly status = new Container();
  readonly widgetsAbove = new Container();
  readonly editor = new Slot();
  readonly widgetsBelow = new Container();
  readonly footer = new Slot();

  constructor(tui: TUI, theme: Theme) {
    this.pending = new PendingMessages(theme);
    for (const part of [this.header, this.chat, this.pending, this.status, this.widgetsAbove, this.editor, this.widgetsBelow, this.footer]) tui.addChild(part);
    this.widgetsAbove.addChild(new Spacer(1));
  }

  /** widgets by key, in the order first set; lines or components */
  setWidgets(placement: "aboveEditor" | "belowEditor", widgets: readonly Component[]): void {
    const container = placement === "aboveEditor" ? this.widgetsAbove : this.widgetsBelow;
    container.clear();
    if (placement === "aboveEditor") container.addChild(new Spacer(1));
    for (const widget of widgets) container.addChild(widget);
  }
}
