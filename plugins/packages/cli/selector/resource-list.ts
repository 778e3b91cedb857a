// The list of the `pith config` selector, drawn and driven as pi 1.6.0's: a search line, then each group's label
// (accent), its kinds (muted) and its rows `[x] name` (the cursor `>` on rows only); in the project view the user's
// rows are dim and marked "inherited global", and a project override shows `[+]`/`[-]`. Typing filters by name,
// kind or path; up/down/page keys move between rows; space or enter switches the row; Tab changes the view.
import { getKeybindings, Input, matchesKey, truncateToWidth, type Component, type Focusable } from "@earendil-works/pi-tui";
import type { SettingsScope } from "../../../settings/index.js";
import type { Theme } from "../../../interactive/theme/theme.js";
import { KIND_LABELS, type ConfigGroup, type ConfigItem, type ConfigViews } from "./config-groups.js";
import type { ProjectOverrides } from "./project-overrides.js";

interface GroupEntry {
  type: "group";
  group: ConfigGroup;
}
/** a kind's heading in its group */
interface KindEntry {
  type: "kind";
  label: string;
  group: ConfigGroup;
  heading: GroupEntry;
}
interface ItemEntry {
  type: "item";
  item: ConfigItem;
  kind: KindEntry;
}
type Entry = GroupEntry | KindEntry | ItemEntry;

export interface ResourceListActions {
  /** switches the row in the view's settings: its new enabled state, undefined when nothing changed */
  toggle(item: ConfigItem, view: SettingsScope): Promise<boolean | undefined>;
  close(): void;
  exit(): void;
  /** Tab: undefined when the project view is not available */
  switchView?(): void;
  changed(): void;
}

/** the rows the frame around the list takes (pi's figure): blank rows, rules, the header */
const FRAME_ROWS = 8;

export class ResourceList implements Component, Focusable {
  private readonly search = new Input();
  private entries: Entry[] = [];
  private shown: Entry[] = [];
  private selected = 0;
  private view: SettingsScope;
  private readonly maxVisible: number;
  private toggling: Promise<void> = Promise.resolve();

  constructor(
    private readonly views: ConfigViews,
    private readonly overrides: ProjectOverrides,
    private readonly theme: Theme,
    private readonly actions: ResourceListActions,
    view: SettingsScope,
    terminalRows: number,
  ) {
    this.view = view;
    this.maxVisible = Math.max(5, terminalRows - FRAME_ROWS);
    this.rebuild();
  }

  get focused(): boolean {
    return this.search.focused;
  }

  set focused(value: boolean) {
    this.search.focused = value;
  }

  setView(view: SettingsScope): void {
    this.view = view;
    this.rebuild();
  }

  invalidate(): void {}

  private rebuild(): void {
    this.entries = this.views[this.view].flatMap((group): Entry[] => {
      const heading: GroupEntry = { type: "group", group };
      return [
        heading,
        ...group.kinds.flatMap(({ kind, items }): Entry[] => {
          const kindEntry: KindEntry = { type: "kind", label: KIND_LABELS[kind], group, heading };
          return [kindEntry, ...items.map((item): ItemEntry => ({ type: "item", item, kind: kindEntry }))];
        }),
      ];
    });
    this.filter(this.search.getValue());
  }

  /** the rows that match, with the headings above them */
  private filter(query: string): void {
    const wanted = query.trim().toLowerCase();
    const matches = (item: ConfigItem) => !wanted || [item.name, item.kind, item.file].some((text) => text.toLowerCase().includes(wanted));
    const kept = new Set<Entry>();
    for (const entry of this.entries) {
      if (entry.type !== "item" || !matches(entry.item)) continue;
      kept.add(entry).add(entry.kind).add(entry.kind.heading);
    }
    this.shown = this.entries.filter((entry) => kept.has(entry));
    this.selected = Math.max(0, this.shown.findIndex((entry) => entry.type === "item"));
  }

  render(width: number): string[] {
    const { theme } = this;
    const lines = [...this.search.render(width), ""];
    if (this.shown.length === 0) return [...lines, theme.fg("muted", "  No resources found")];
    const start = Math.max(0, Math.min(this.selected - Math.floor(this.maxVisible / 2), this.shown.length - this.maxVisible));
    const end = Math.min(start + this.maxVisible, this.shown.length);
    for (let index = start; index < end; index++) lines.push(this.renderEntry(this.shown[index]!, index === this.selected, width));
    if (start > 0 || end < this.shown.length) {
      const items = this.shown.filter((entry) => entry.type === "item").length;
      const current = this.shown.slice(0, this.selected).filter((entry) => entry.type === "item").length + 1;
      lines.push(theme.fg("dim", `  (${current}/${items})`));
    }
    return lines;
  }

  private renderEntry(entry: Entry, selected: boolean, width: number): string {
    const { theme } = this;
    const inheritedView = this.view === "project";
    if (entry.type === "group") {
      const inherited = inheritedView && entry.group.scope === "global";
      return truncateToWidth(`  ${theme.fg(inherited ? "dim" : "accent", theme.bold(`${entry.group.label}${inherited ? " · inherited global" : ""}`))}`, width, "");
    }
    if (entry.type === "kind") return truncateToWidth(`    ${theme.fg(inheritedView && entry.group.scope === "global" ? "dim" : "muted", entry.label)}`, width, "");
    const { item } = entry;
    const dimmed = inheritedView && this.overrides.isInherited(item) && this.overrides.state(item) === "inherit";
    const name = selected && !dimmed ? theme.bold(item.name) : item.name;
    return truncateToWidth(`${selected ? "> " : "  "}    ${this.checkbox(item)} ${dimmed ? theme.fg("dim", name) : name}${this.suffix(item)}`, width, "...");
  }

  private checkbox(item: ConfigItem): string {
    const { theme } = this;
    if (this.view === "global") return item.enabled ? theme.fg("success", "[x]") : theme.fg("dim", "[ ]");
    const state = this.overrides.state(item);
    if (state === "load") return theme.fg("success", "[+]");
    if (state === "unload") return theme.fg("warning", "[-]");
    return theme.fg("dim", item.enabled ? "[x]" : "[ ]");
  }

  private suffix(item: ConfigItem): string {
    if (this.view === "global") return "";
    const state = this.overrides.state(item);
    if (state !== "inherit") return this.theme.fg("muted", `  project ${state}`);
    return this.overrides.isInherited(item) ? this.theme.fg("dim", "  inherited global") : "";
  }

  handleInput(data: string): void {
    const keys = getKeybindings();
    if (keys.matches(data, "tui.select.up")) this.selected = this.nextItem(this.selected, -1);
    else if (keys.matches(data, "tui.select.down")) this.selected = this.nextItem(this.selected, 1);
    else if (keys.matches(data, "tui.select.pageUp")) this.jump(Math.max(0, this.selected - this.maxVisible), 1);
    else if (keys.matches(data, "tui.select.pageDown")) this.jump(Math.min(this.shown.length - 1, this.selected + this.maxVisible), -1);
    else if (keys.matches(data, "tui.select.cancel")) this.actions.close();
    else if (matchesKey(data, "ctrl+c")) this.actions.exit();
    else if (keys.matches(data, "tui.input.tab")) this.actions.switchView?.();
    else if (data === " " || keys.matches(data, "tui.select.confirm")) this.toggleSelected();
    else {
      const before = this.search.getValue();
      this.search.handleInput(data);
      if (this.search.getValue() !== before) this.filter(this.search.getValue());
    }
  }

  /** the nearest row from `index` on, looking the other way when none is there */
  private jump(index: number, direction: 1 | -1): void {
    let at = index;
    while (at >= 0 && at < this.shown.length && this.shown[at]!.type !== "item") at += direction;
    if (at >= 0 && at < this.shown.length) this.selected = at;
  }

  private nextItem(from: number, direction: 1 | -1): number {
    for (let at = from + direction; at >= 0 && at < this.shown.length; at += direction) if (this.shown[at]!.type === "item") return at;
    return from;
  }

  private toggleSelected(): void {
    const entry = this.shown[this.selected];
    // the global view switches the user's rows only
    if (entry?.type !== "item" || (this.view === "global" && entry.item.scope !== "global")) return;
    const { item } = entry;
    const view = this.view;
    // one write after the other, each from the file as the previous one left it
    this.toggling = this.toggling.then(async () => {
      const enabled = await this.actions.toggle(item, view);
      if (enabled === undefined) return;
      item.enabled = enabled;
      this.actions.changed();
    });
  }

  /** resolves once every switch asked for so far is written */
  settled(): Promise<void> {
    return this.toggling;
  }
}
