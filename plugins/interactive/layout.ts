// The screen from top to bottom, in pi's order: header, chat, queued messages, working indicator, widgets above
// the editor, the editor (or a dialog in its place), widgets below, footer. Every part is a slot whose content
// can be swapped (extensions' setHeader/setFooter/setWidget, dialogs) without rebuilding the others.
// In fullscreen mode the header and chat are the transcript, which scrolls in the rows the rest leaves free; the
// rest (the dock) stays at the bottom.
import { Container, Spacer, ScrollView, VStack, isViewportTUI, type Component, type ScrollViewScrollbar, type TUI } from "@earendil-works/pi-tui";
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
  /** the header and the chat: what fullscreen mode scrolls */
  private readonly document = new Container();
  readonly transcript: ScrollView;
  private readonly viewport: VStack;

  constructor(theme: Theme, scrollbar: ScrollViewScrollbar = "auto") {
    this.pending = new PendingMessages(theme);
    this.document.addChild(this.header);
    this.document.addChild(this.chat);
    this.widgetsAbove.addChild(new Spacer(1));
    this.transcript = new ScrollView(this.document, {
      follow: "end",
      primary: true,
      overscroll: "chain",
      scrollbar,
      scrollbarTrackStyle: (text) => theme.fg("scrollbarTrack", text),
      scrollbarThumbStyle: (text) => theme.fg("scrollbarThumb", text),
    });
    const docked = (component: Component, minSize = 0) => ({ component, shrink: 1, minSize });
    const dock = new VStack([docked(this.pending), docked(this.status), docked(this.widgetsAbove), docked(this.editor, 3), docked(this.widgetsBelow), docked(this.footer)]);
    this.viewport = new VStack([
      { component: this.transcript, basis: 0, grow: 1, shrink: 1, minSize: 1 },
      { component: dock, basis: "auto", grow: 0, shrink: 1, minSize: 1 },
    ]);
  }

  /** puts the parts on `tui`, from top to bottom; a fullscreen screen gets the scrolling transcript and the dock */
  mount(tui: TUI): void {
    for (const part of [this.document, this.pending, this.status, this.widgetsAbove, this.editor, this.widgetsBelow, this.footer]) tui.addChild(part);
    if (isViewportTUI(tui)) tui.setLayoutRoot(this.viewport);
  }

  /** widgets by key, in the order first set; lines or components */
  setWidgets(placement: "aboveEditor" | "belowEditor", widgets: readonly Component[]): void {
    const container = placement === "aboveEditor" ? this.widgetsAbove : this.widgetsBelow;
    container.clear();
    if (placement === "aboveEditor") container.addChild(new Spacer(1));
    for (const widget of widgets) container.addChild(widget);
  }
}
