// A short fixed list to choose one entry from, under a few lines that explain the choice (no search): the
// project-trust and branch-summary prompts are made of it.
import { Container, SelectList, Spacer, Text, type SelectItem } from "@earendil-works/pi-tui";
import type { Theme } from "../theme/theme.js";
import { PaintedText } from "./painted-text.js";

export interface ChoiceListOptions {
  title: string;
  /** dim lines under the title */
  details?: readonly string[];
  items: SelectItem[];
  /** the item selected first, by value */
  selected?: string;
  hint?: string;
  onSelect(item: SelectItem): void;
  onCancel(): void;
}

export class ChoiceList extends Container {
  private readonly list: SelectList;

  constructor(options: ChoiceListOptions, theme: Theme) {
    super();
    this.addChild(new PaintedText(() => `${theme.fg("borderAccent", "───")} ${theme.bold(theme.fg("accent", options.title))}`, 0, 0));
    if (options.details?.length) this.addChild(new Text(options.details.map((line) => theme.fg("muted", line)).join("\n"), 1, 0));
    this.addChild(new Spacer(1));
    this.list = new SelectList(options.items, Math.max(1, Math.min(10, options.items.length)), theme.selectList());
    const selected = options.items.findIndex((item) => item.value === options.selected);
    if (selected >= 0) this.list.setSelectedIndex(selected);
    this.list.onSelect = (item) => options.onSelect(item);
    this.list.onCancel = () => options.onCancel();
    this.addChild(this.list);
    this.addChild(new PaintedText(() => theme.fg("dim", options.hint ?? "↑↓ navigate · enter select · escape cancel"), 0, 0));
  }

  handleInput(data: string): void {
    this.list.handleInput(data);
  }
}
