// /fork's list of your messages, as pi 1.6.0 draws it: a bold title and what forking does, then between rules each
// message on a line of its own (the selected one bold after `›`) with "Message n of N" under it and a blank line;
// up/down wrap around, the page keys jump, enter chooses, escape cancels. Extensions get it as pi's
// `UserMessageSelectorComponent` (plugins/extensions/shims/ui/terminal-selectors.ts).
import { getKeybindings, getSelectPageIndex, Spacer, truncateToWidth, type Component } from "@earendil-works/pi-tui";
import { Rule } from "./ruled.js";
import { Framed } from "./framed.js";
import type { Theme } from "../theme/theme.js";
import { PaintedText } from "./painted-text.js";

export interface ForkPoint {
  id: string;
  text: string;
}

const VISIBLE = 10;

/** the messages and the selection; its callbacks are read when a key comes, so they may be set after it is built */
export class ForkList implements Component {
  /** in the alternate screen the page keys move this list instead of scrolling the transcript */
  readonly capturesViewportInput = true;
  onSelect?: (id: string) => void;
  onCancel?: () => void;
  private selected: number;

  constructor(
    private readonly points: readonly ForkPoint[],
    private readonly theme: Theme,
    initialSelectedId?: string,
  ) {
    const initial = initialSelectedId === undefined ? -1 : points.findIndex((point) => point.id === initialSelectedId);
    this.selected = initial >= 0 ? initial : Math.max(0, points.length - 1);
  }

  invalidate(): void {}

  render(width: number): string[] {
    const { theme, points } = this;
    if (points.length === 0) return [theme.fg("muted", "  No user messages found")];
    const start = Math.max(0, Math.min(this.selected - Math.floor(VISIBLE / 2), points.length - VISIBLE));
    const end = Math.min(start + VISIBLE, points.length);
    const lines: string[] = [];
    for (let index = start; index < end; index++) {
      const text = truncateToWidth(points[index]!.text.replace(/\n/g, " ").trim(), width - 2);
      const chosen = index === this.selected;
      lines.push(chosen ? `${theme.fg("accent", "› ")}${theme.bold(text)}` : `  ${text}`, theme.fg("muted", `  Message ${index + 1} of ${points.length}`), "");
    }
    if (start > 0 || end < points.length) lines.push(theme.fg("muted", `  (${this.selected + 1}/${points.length})`));
    return lines;
  }

  handleInput(data: string): void {
    const keys = getKeybindings();
    const count = this.points.length;
    const page = getSelectPageIndex(keys, data, this.selected, count, VISIBLE);
    if (keys.matches(data, "tui.select.up")) this.selected = this.selected === 0 ? count - 1 : this.selected - 1;
    else if (keys.matches(data, "tui.select.down")) this.selected = this.selected === count - 1 ? 0 : this.selected + 1;
    else if (page !== undefined) this.selected = count === 0 ? this.selected : page;
    else if (keys.matches(data, "tui.select.confirm")) {
      const point = this.points[this.selected];
      if (point) this.onSelect?.(point.id);
    } else if (keys.matches(data, "tui.select.cancel")) this.onCancel?.();
  }
}

export class ForkSelector extends Framed {
  /** pith focuses the selector itself, which hands the keys to the list */
  readonly capturesViewportInput = true;
  protected readonly list: ForkList;

  /** the latest message is selected unless `initialSelectedId` names one */
  constructor(points: readonly ForkPoint[], theme: Theme, onSelect: (id: string) => void, onCancel: () => void, initialSelectedId?: string) {
    const list = new ForkList(points, theme, initialSelectedId);
    super(list);
    this.list = list;
    list.onSelect = onSelect;
    list.onCancel = onCancel;
    this.addChild(new Spacer(1));
    this.addChild(new PaintedText(() => theme.bold("Fork from Message"), 1, 0));
    this.addChild(new PaintedText(() => theme.fg("muted", "Select a user message to copy the active path up to that point into a new session"), 1, 0));
    this.addChild(new Spacer(1));
    this.addChild(new Rule(() => theme));
    this.addChild(new Spacer(1));
    this.addChild(list);
    this.addChild(new Spacer(1));
    this.addChild(new Rule(() => theme));
  }
}
