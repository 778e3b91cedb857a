// The /tree navigator: the session's entries as a tree (tree-rows.ts), the path to the current leaf marked •,
// labels in [brackets]. Typing searches, up/down move, left/right page, the filter keys choose what is listed,
// shift+l labels the selected entry on a line in the rows' place (shift+t shows when labels were set), ctrl+left folds the branch starting at
// the selected entry or goes up to the previous branch start, ctrl+right unfolds or goes down to the next one,
// enter chooses it, the copy key copies its text, escape clears the search and then closes. Searching or changing
// the filter unfolds everything. Drawn as pi 1.6.0 draws it: between rules, a bold title, its key lines and the
// search line, then the rows and where the selection is.
import { getKeybindings, Input, truncateToWidth, type Component, type Focusable, type KeybindingsManager } from "@earendil-works/pi-tui";
import type { SessionTreeNode } from "../../sessions/index.js";
import type { AppAction } from "../keys/key-bindings.js";
import type { Theme } from "../theme/theme.js";
import { keyHints } from "../extensions/key-hints.js";
import { treeHelpLines } from "./tree-help.js";
import { TREE_FILTERS, treeRows, type TreeFilter, type TreeRow } from "./tree-rows.js";

export interface TreeSource {
  roots(): SessionTreeNode[];
  leafId(): string | null;
  /** ids on the path from the root to the leaf */
  activeIds(): ReadonlySet<string>;
}

export interface TreeSelectorOptions {
  source: TreeSource;
  filter: TreeFilter;
  /** rows of the list */
  height: number;
  keys: KeybindingsManager;
  onSelect(entryId: string): void;
  /** a label typed in place of the rows: the new one, or undefined to remove it */
  onLabel(entryId: string, label: string | undefined): void;
  onCopy(entryId: string): void;
  onCancel(): void;
}

/** what the line under the rows adds for a filter other than the default, as pi words it */
const FILTER_NOTES: Record<TreeFilter, string> = { default: "", "no-tools": " [no-tools]", "user-only": " [user]", "labeled-only": " [labeled]", all: " [all]" };

const FILTER_KEYS: readonly [AppAction, TreeFilter][] = [
  ["app.tree.filter.default", "default"],
  ["app.tree.filter.noTools", "no-tools"],
  ["app.tree.filter.userOnly", "user-only"],
  ["app.tree.filter.labeledOnly", "labeled-only"],
  ["app.tree.filter.all", "all"],
];

export class TreeSelector implements Component, Focusable {
  private filter: TreeFilter;
  private query = "";
  private rows: TreeRow[] = [];
  private shown: TreeRow[] = [];
  private selected = 0;
  private readonly folded = new Set<string>();
  private labelTimes = false;
  /** shift+l's label line, drawn in the rows' place until enter or escape, as pi 1.6.0 draws it */
  private labelEdit: { entryId: string; input: Input } | undefined;
  private hasFocus = false;

  constructor(
    private readonly options: TreeSelectorOptions,
    private readonly theme: Theme,
  ) {
    this.filter = options.filter;
    this.reload(options.source.leafId() ?? undefined);
  }

  get focused(): boolean {
    return this.hasFocus;
  }

  set focused(value: boolean) {
    this.hasFocus = value;
    if (this.labelEdit) this.labelEdit.input.focused = value;
  }

  get activeFilter(): TreeFilter {
    return this.filter;
  }

  /** rebuilds the rows from the session (after a label changed), keeping the selection */
  reload(selectId = this.shown[this.selected]?.entry.id): void {
    const { source } = this.options;
    this.rows = treeRows(source.roots(), source.leafId(), source.activeIds(), this.filter, this.folded);
    this.applySearch(selectId);
  }

  invalidate(): void {}

  render(width: number): string[] {
    const { theme } = this;
    const rule = theme.fg("border", "─".repeat(Math.max(1, width)));
    const search = `  ${theme.fg("muted", "Type to search:")} ${this.query ? theme.fg("accent", this.query) : ""}`;
    const lines = ["", rule, ` ${theme.bold("  Session Tree")}`, ...treeHelpLines(this.options.keys, width, theme), search, rule, ""];
    if (this.labelEdit) {
      const { keyHint } = keyHints(this.options.keys, () => theme);
      lines.push(`  ${theme.fg("muted", "Label (empty to remove):")}`, ...this.labelEdit.input.render(Math.max(1, width - 2)).map((line) => `  ${line}`));
      lines.push(`  ${keyHint("tui.select.confirm", "save")}  ${keyHint("tui.select.cancel", "cancel")}`, "", rule);
      return lines.map((line) => truncateToWidth(line, width));
    }
    const height = Math.max(5, this.options.height);
    const start = Math.max(0, Math.min(this.selected - Math.floor(height / 2), this.shown.length - height));
    for (const [offset, row] of this.shown.slice(start, start + height).entries()) lines.push(this.rowLine(row, start + offset === this.selected));
    if (this.shown.length === 0) lines.push(theme.fg("muted", "  No entries found"));
    const at = this.shown.length === 0 ? 0 : this.selected + 1;
    lines.push(theme.fg("muted", `  (${at}/${this.shown.length})${FILTER_NOTES[this.filter]}${this.labelTimes ? " [+label time]" : ""}`), "", rule);
    return lines.map((line) => truncateToWidth(line, width));
  }

  handleInput(data: string): void {
    const keys = getKeybindings();
    if (this.labelEdit) return this.editLabel(data);
    const page = Math.max(5, this.options.height);
    if (keys.matches(data, "tui.select.up")) return this.move(-1, true);
    if (keys.matches(data, "tui.select.down")) return this.move(1, true);
    if (keys.matches(data, "app.tree.foldOrUp")) return this.foldOrUp();
    if (keys.matches(data, "app.tree.unfoldOrDown")) return this.unfoldOrDown();
    if (keys.matches(data, "app.tree.toggleLabelTimestamp")) {
      this.labelTimes = !this.labelTimes;
      return;
    }
    if (keys.matches(data, "tui.editor.cursorLeft") || keys.matches(data, "tui.select.pageUp")) return this.move(-page, false);
    if (keys.matches(data, "tui.editor.cursorRight") || keys.matches(data, "tui.select.pageDown")) return this.move(page, false);
    if (keys.matches(data, "tui.select.confirm")) {
      const row = this.shown[this.selected];
      if (row) this.options.onSelect(row.entry.id);
      return;
    }
    if (keys.matches(data, "tui.select.cancel")) {
      if (this.query) return this.setQuery("");
      return this.options.onCancel();
    }
    if (keys.matches(data, "app.tree.editLabel")) {
      const row = this.shown[this.selected];
      if (!row) return;
      const input = new Input();
      if (row.label) input.setValue(row.label);
      input.focused = this.hasFocus;
      this.labelEdit = { entryId: row.entry.id, input };
      return;
    }
    if (keys.matches(data, "app.message.copy")) {
      const row = this.shown[this.selected];
      if (row) this.options.onCopy(row.entry.id);
      return;
    }
    for (const [action, filter] of FILTER_KEYS) {
      // a filter's own key turns it off again
      if (keys.matches(data, action)) return this.setFilter(this.filter === filter ? "default" : filter);
    }
    const cycle = keys.matches(data, "app.tree.filter.cycleForward") ? 1 : keys.matches(data, "app.tree.filter.cycleBackward") ? -1 : 0;
    if (cycle) return this.setFilter(TREE_FILTERS[(TREE_FILTERS.indexOf(this.filter) + cycle + TREE_FILTERS.length) % TREE_FILTERS.length]!);
    if (keys.matches(data, "tui.editor.deleteCharBackward")) return this.setQuery(this.query.slice(0, -1));
    if (data.length === 1 && data >= " " && data !== "\x7f") this.setQuery(this.query + data);
  }

  /** enter keeps the typed label (an empty one removes it) and shows the rows again; escape only shows them */
  private editLabel(data: string): void {
    const keys = getKeybindings();
    const edit = this.labelEdit!;
    if (keys.matches(data, "tui.select.confirm")) {
      this.labelEdit = undefined;
      this.options.onLabel(edit.entryId, edit.input.getValue().trim() || undefined);
    } else if (keys.matches(data, "tui.select.cancel")) this.labelEdit = undefined;
    else edit.input.handleInput(data);
  }

  /** pi's row: the cursor, the tree drawing (dim), the path marker, the label and its time, the entry's text */
  private rowLine(row: TreeRow, selected: boolean): string {
    const { theme } = this;
    const marker = row.active ? theme.fg("accent", "• ") : "";
    const time = this.labelTimes && row.label && row.labelTimestamp ? theme.fg("muted", `${labelTime(row.labelTimestamp)} `) : "";
    const label = row.label ? theme.fg("warning", `[${row.label}] `) : "";
    const text = styledText(row, theme);
    const body = `${theme.fg("dim", row.gutter)}${marker}${label}${time}${selected ? theme.bold(text) : text}`;
    return selected ? theme.bg("selectedBg", `${theme.fg("accent", "› ")}${body}`) : `  ${body}`;
  }

  private move(step: number, wrap: boolean): void {
    const count = this.shown.length;
    if (count === 0) return;
    const target = this.selected + step;
    this.selected = wrap ? (target + count) % count : Math.max(0, Math.min(count - 1, target));
  }

  private setFilter(filter: TreeFilter): void {
    this.filter = filter;
    this.folded.clear();
    this.reload();
  }

  private setQuery(query: string): void {
    const keep = this.shown[this.selected]?.entry.id;
    this.query = query;
    if (this.folded.size > 0) {
      this.folded.clear();
      return this.reload(keep);
    }
    this.applySearch(keep);
  }

  private foldOrUp(): void {
    const row = this.shown[this.selected];
    if (!row) return;
    if (row.foldable && !row.folded) {
      this.folded.add(row.entry.id);
      return this.reload(row.entry.id);
    }
    // up the shown parents to the start of the branch this entry is on, then to the one above it
    const byId = new Map(this.shown.map((shown, index) => [shown.entry.id, index]));
    let current = row;
    for (;;) {
      const parent = current.parentId === undefined ? undefined : this.shown[byId.get(current.parentId) ?? -1];
      if (!parent) return this.select(byId.get(current.entry.id));
      const start = byId.get(current.entry.id)!;
      if (parent.childIds.length > 1 && start < this.selected) return this.select(start);
      current = parent;
    }
  }

  private unfoldOrDown(): void {
    const row = this.shown[this.selected];
    if (!row) return;
    if (row.folded) {
      this.folded.delete(row.entry.id);
      return this.reload(row.entry.id);
    }
    // down the first children to the next branch start or the branch's end
    const byId = new Map(this.shown.map((shown, index) => [shown.entry.id, index]));
    let current = row;
    for (;;) {
      const first = this.shown[byId.get(current.childIds[0] ?? "") ?? -1];
      if (!first) return this.select(byId.get(current.entry.id));
      if (current.childIds.length > 1) return this.select(byId.get(first.entry.id));
      current = first;
    }
  }

  private select(index: number | undefined): void {
    if (index !== undefined) this.selected = index;
  }

  /** the rows every word of the search appears in (text or label), the selection kept where it can be */
  private applySearch(selectId: string | undefined): void {
    const words = this.query.toLowerCase().split(/\s+/).filter(Boolean);
    this.shown = words.length === 0 ? this.rows : this.rows.filter((row) => words.every((word) => `${row.text} ${row.label ?? ""}`.toLowerCase().includes(word)));
    const index = selectId ? this.shown.findIndex((row) => row.entry.id === selectId) : -1;
    const lastActive = this.shown.map((row) => row.active).lastIndexOf(true);
    this.selected = index >= 0 ? index : lastActive >= 0 ? lastActive : Math.max(0, this.shown.length - 1);
  }
}

/** an entry's text in pi's colours: the role before the colon in its own, bookkeeping dim, tool calls muted */
function styledText(row: TreeRow, theme: Theme): string {
  const { text, tone } = row;
  const colon = text.indexOf(": ") + 2;
  switch (tone) {
    case "user":
      return theme.fg("accent", text.slice(0, colon)) + text.slice(colon);
    case "assistant":
      return theme.fg("success", text.slice(0, colon)) + text.slice(colon);
    case "assistantNote":
      return theme.fg("success", text.slice(0, colon)) + theme.fg("muted", text.slice(colon));
    case "assistantError":
      return theme.fg("success", text.slice(0, colon)) + theme.fg("error", text.slice(colon));
    case "custom":
      return theme.fg("customMessageLabel", text.slice(0, colon)) + text.slice(colon);
    case "branch":
      return theme.fg("warning", text.slice(0, colon)) + text.slice(colon);
    case "compaction":
      return theme.fg("borderAccent", text);
    case "tool":
      return theme.fg("muted", text);
    default:
      return theme.fg("dim", text);
  }
}

/** when a label was set: the time today, else month/day (and year when not this year), as pi shows it */
function labelTime(timestamp: string): string {
  const date = new Date(timestamp);
  const now = new Date();
  const time = `${String(date.getHours()).padStart(2, "0")}:${String(date.getMinutes()).padStart(2, "0")}`;
  if (date.toDateString() === now.toDateString()) return time;
  const day = `${date.getMonth() + 1}/${date.getDate()}`;
  return date.getFullYear() === now.getFullYear() ? `${day} ${time}` : `${String(date.getFullYear()).slice(-2)}/${day} ${time}`;
}
