// A list to choose from with a search line above it: typing filters (fuzzy, every word must match), up/down
// move, enter chooses, escape cancels. /thinking, /mcp, /login, the settings submenus and extension selectors use it.
import { Container, fuzzyFilter, getKeybindings, Input, SelectList, type Focusable, type SelectItem } from "@earendil-works/pi-tui";
import type { Theme } from "../theme/theme.js";
import { PaintedText } from "./painted-text.js";

export interface SearchListOptions {
  title: string;
  items: SelectItem[];
  /** the text the search matches against (default: label and description) */
  searchText?: (item: SelectItem) => string;
  initialQuery?: string;
  /** the item selected first, by value */
  selected?: string;
  maxVisible?: number;
  /** the key line under the list (default: how to search, move, choose and cancel) */
  hint?: string;
  /** a key the list does not handle itself (ctrl+s "save as default"...); true when it was used */
  onKey?(data: string, selected: SelectItem | undefined): boolean;
  onSelect(item: SelectItem): void;
  onCancel(): void;
}

const LIST_KEYS = ["tui.select.up", "tui.select.down", "tui.select.pageUp", "tui.select.pageDown", "tui.select.confirm", "tui.select.cancel"] as const;

export class SearchList extends Container implements Focusable {
  private readonly input = new Input();
  private readonly listSlot = new Container();
  private list!: SelectList;
  private readonly items: SelectItem[];

  constructor(
    private readonly options: SearchListOptions,
    private readonly theme: Theme,
  ) {
    super();
    this.items = options.items;
    this.addChild(new PaintedText(() => `${theme.fg("borderAccent", "───")} ${theme.bold(options.title)}`, 0, 0));
    this.addChild(this.input);
    this.addChild(this.listSlot);
    this.addChild(new PaintedText(() => theme.fg("dim", options.hint ?? "type to search · ↑↓ move · enter choose · escape cancel"), 0, 0));
    this.input.setValue(options.initialQuery ?? "");
    this.filter(options.selected);
  }

  get focused(): boolean {
    return this.input.focused;
  }

  set focused(value: boolean) {
    this.input.focused = value;
  }

  handleInput(data: string): void {
    if (this.options.onKey?.(data, this.list.getSelectedItem() ?? undefined)) return;
    const keys = getKeybindings();
    if (LIST_KEYS.some((key) => keys.matches(data, key))) {
      this.list.handleInput(data);
      return;
    }
    const before = this.input.getValue();
    this.input.handleInput(data);
    if (this.input.getValue() !== before) this.filter();
  }

  private filter(selected?: string): void {
    const { searchText, maxVisible = 10 } = this.options;
    const items = this.items;
    const query = this.input.getValue().trim();
    const shown = query ? fuzzyFilter(items, query, searchText ?? ((item) => `${item.label} ${item.description ?? ""}`)) : items;
    this.list = new SelectList(shown, maxVisible, this.theme.selectList());
    this.list.onSelect = (item) => this.options.onSelect(item);
    this.list.onCancel = () => this.options.onCancel();
    if (selected !== undefined) this.list.setSelectedIndex(Math.max(0, shown.findIndex((item) => item.value === selected)));
    this.listSlot.clear();
    this.listSlot.addChild(this.list);
  }
}
