// The /resume picker (pi 1.6.0's): the sessions of this folder, or with tab of every folder, searchable; ctrl+s
// cycles the order (threaded, recent, relevance), ctrl+n shows only named sessions, ctrl+p shows the files' paths,
// ctrl+r renames the selected session, ctrl+d (or ctrl+backspace with an empty search) deletes it after an
// enter to confirm. The current session is marked and cannot be deleted.
import { getKeybindings, Input, truncateToWidth, visibleWidth, type Component, type Focusable } from "@earendil-works/pi-tui";
import type { SessionInfo } from "../../sessions/index.js";
import { keysOf } from "../keys/key-bindings.js";
import type { Theme } from "../theme/theme.js";
import { arrangeSessions, type NameFilter, type SessionRow, type SortMode } from "./session-search.js";

export type Scope = "current" | "all";

export interface SessionPickerOptions {
  load(scope: Scope): Promise<SessionInfo[]>;
  /** the session open now */
  current?: string;
  home: string;
  rename(path: string, name: string): Promise<void>;
  /** how the file went: "trash" (the trash program took it) or "deleted" */
  delete(path: string): Promise<"trash" | "deleted">;
  onSelect(path: string): void;
  onCancel(): void;
  requestRender(): void;
}

const MAX_VISIBLE = 10;
const NEXT_SORT: Record<SortMode, SortMode> = { threaded: "recent", recent: "relevance", relevance: "threaded" };
const SORT_LABEL: Record<SortMode, string> = { threaded: "Threaded", recent: "Recent", relevance: "Fuzzy" };

export class SessionPicker implements Component, Focusable {
  private readonly search = new Input();
  private readonly renameInput = new Input();
  private readonly loaded: Partial<Record<Scope, SessionInfo[]>> = {};
  private scope: Scope = "current";
  private sort: SortMode = "threaded";
  private names: NameFilter = "all";
  private showPath = false;
  private rows: SessionRow[] = [];
  private selected = 0;
  private confirmingDelete: string | undefined;
  private renaming: string | undefined;
  private status: { text: string; error: boolean } | undefined;
  private statusTimer: NodeJS.Timeout | undefined;
  private isFocused = false;

  constructor(
    private readonly options: SessionPickerOptions,
    private readonly theme: Theme,
  ) {
    void this.load("current");
  }

  get focused(): boolean {
    return this.isFocused;
  }

  set focused(value: boolean) {
    this.isFocused = value;
    this.search.focused = value && !this.renaming;
    this.renameInput.focused = value && !!this.renaming;
  }

  invalidate(): void {}

  dispose(): void {
    clearTimeout(this.statusTimer);
  }

  handleInput(data: string): void {
    const keys = getKeybindings();
    if (this.renaming) return this.renameKey(data);
    if (this.confirmingDelete) {
      if (keys.matches(data, "tui.select.confirm")) void this.deleteConfirmed(this.confirmingDelete);
      else if (keys.matches(data, "tui.select.cancel")) this.confirmingDelete = undefined;
      return this.options.requestRender();
    }
    const chosen = this.rows[this.selected]?.info;
    if (keys.matches(data, "tui.input.tab")) return this.toggleScope();
    if (keys.matches(data, "app.session.toggleSort")) this.sort = NEXT_SORT[this.sort];
    else if (keys.matches(data, "app.session.toggleNamedFilter")) this.names = this.names === "all" ? "named" : "all";
    else if (keys.matches(data, "app.session.togglePath")) this.showPath = !this.showPath;
    else if (keys.matches(data, "app.session.rename")) return chosen && this.startRename(chosen);
    else if (keys.matches(data, "app.session.delete") || (keys.matches(data, "app.session.deleteNoninvasive") && !this.search.getValue())) {
      return chosen && this.startDelete(chosen);
    } else if (keys.matches(data, "tui.select.up")) this.selected = Math.max(0, this.selected - 1);
    else if (keys.matches(data, "tui.select.down")) this.selected = Math.min(this.rows.length - 1, this.selected + 1);
    else if (keys.matches(data, "tui.select.pageUp")) this.selected = Math.max(0, this.selected - MAX_VISIBLE);
    else if (keys.matches(data, "tui.select.pageDown")) this.selected = Math.min(this.rows.length - 1, this.selected + MAX_VISIBLE);
    else if (keys.matches(data, "tui.select.confirm")) return chosen && this.options.onSelect(chosen.path);
    else if (keys.matches(data, "tui.select.cancel")) return this.options.onCancel();
    else {
      const before = this.search.getValue();
      this.search.handleInput(data);
      if (this.search.getValue() !== before) this.selected = 0;
    }
    this.arrange();
  }

  render(width: number): string[] {
    const { theme } = this;
    if (this.renaming) {
      return [
        theme.fg("borderAccent", "─".repeat(width)),
        theme.bold("Rename Session"),
        ...this.renameInput.render(width),
        theme.fg("muted", `${keysOf(getKeybindings(), "tui.select.confirm")} to save · ${keysOf(getKeybindings(), "tui.select.cancel")} to cancel`),
        theme.fg("borderAccent", "─".repeat(width)),
      ];
    }
    return [theme.fg("borderAccent", "─".repeat(width)), this.titleLine(width), ...this.search.render(width), "", ...this.listLines(width), ...this.hintLines(width), theme.fg("borderAccent", "─".repeat(width))];
  }

  private titleLine(width: number): string {
    const { theme } = this;
    const loading = this.loaded[this.scope] === undefined;
    const scope = loading
      ? `${theme.fg("muted", "○ Current Folder | ")}${theme.fg("accent", "Loading...")}`
      : this.scope === "current"
        ? `${theme.fg("accent", "◉ Current Folder")}${theme.fg("muted", " | ○ All")}`
        : `${theme.fg("muted", "○ Current Folder | ")}${theme.fg("accent", "◉ All")}`;
    const right = `${scope}  ${theme.fg("muted", "Name: ")}${theme.fg("accent", this.names === "all" ? "All" : "Named")}  ${theme.fg("muted", "Sort: ")}${theme.fg("accent", SORT_LABEL[this.sort])}`;
    const left = truncateToWidth(theme.bold(this.scope === "current" ? "Resume Session (Current Folder)" : "Resume Session (All)"), Math.max(0, width - visibleWidth(right) - 1), "");
    return truncateToWidth(`${left}${" ".repeat(Math.max(1, width - visibleWidth(left) - visibleWidth(right)))}${right}`, width, "");
  }

  private listLines(width: number): string[] {
    const { theme } = this;
    if (this.rows.length === 0) {
      if (this.loaded[this.scope] === undefined) return [];
      const toggle = keysOf(getKeybindings(), "app.session.toggleNamedFilter");
      const text =
        this.names === "named"
          ? `No named sessions${this.scope === "current" ? " in current folder" : " found"}. Press ${toggle} to show all${this.scope === "current" ? ", or Tab to view all" : ""}.`
          : this.scope === "current"
            ? "No sessions in current folder. Press Tab to view all."
            : "No sessions found";
      return [theme.fg("muted", truncateToWidth(`  ${text}`, width, "…"))];
    }
    const start = Math.max(0, Math.min(this.selected - Math.floor(MAX_VISIBLE / 2), this.rows.length - MAX_VISIBLE));
    const end = Math.min(start + MAX_VISIBLE, this.rows.length);
    const lines = this.rows.slice(start, end).map((row, offset) => this.rowLine(row, start + offset === this.selected, width));
    if (start > 0 || end < this.rows.length) lines.push(theme.fg("muted", `  (${this.selected + 1}/${this.rows.length})`));
    return lines;
  }

  private rowLine({ info, prefix }: SessionRow, selected: boolean, width: number): string {
    const { theme } = this;
    const deleting = info.path === this.confirmingDelete;
    const right = [this.showPath ? this.shorten(info.path) : "", this.scope === "all" && info.cwd ? this.shorten(info.cwd) : "", `${info.messageCount}`, age(info.modified)]
      .filter(Boolean)
      .join(" ");
    const text = (info.name ?? info.firstMessage).replace(/[\x00-\x1f\x7f]/g, " ").trim();
    const room = Math.max(10, width - 2 - visibleWidth(prefix) - visibleWidth(right) - 2);
    let message = truncateToWidth(text, room, "…");
    const colour = deleting ? "error" : info.path === this.options.current ? "accent" : info.name ? "warning" : undefined;
    if (colour) message = theme.fg(colour, message);
    if (selected) message = theme.bold(message);
    const left = `${selected ? theme.fg("accent", "› ") : "  "}${theme.fg("dim", prefix)}${message}`;
    const line = `${left}${" ".repeat(Math.max(1, width - visibleWidth(left) - visibleWidth(right)))}${theme.fg(deleting ? "error" : "dim", right)}`;
    return truncateToWidth(selected ? theme.bg("selectedBg", line) : line, width);
  }

  private hintLines(width: number): string[] {
    const { theme } = this;
    const keys = getKeybindings();
    const hint = (action: Parameters<typeof keysOf>[1], what: string) => `${theme.fg("dim", keysOf(keys, action))} ${theme.fg("muted", what)}`;
    if (this.confirmingDelete) return [theme.fg("error", truncateToWidth(`Delete session? ${keysOf(keys, "tui.select.confirm")} confirm · ${keysOf(keys, "tui.select.cancel")} cancel`, width, "…")), ""];
    if (this.status) return [theme.fg(this.status.error ? "error" : "accent", truncateToWidth(this.status.text, width, "…")), ""];
    const sep = theme.fg("muted", " · ");
    return [
      truncateToWidth(`${hint("tui.input.tab", "scope")}${sep}${theme.fg("muted", 're:<pattern> regex · "phrase" exact')}`, width, "…"),
      truncateToWidth(
        [hint("app.session.toggleSort", "sort"), hint("app.session.toggleNamedFilter", "named"), hint("app.session.delete", "delete"), hint("app.session.togglePath", `path ${this.showPath ? "(on)" : "(off)"}`), hint("app.session.rename", "rename")].join(sep),
        width,
        "…",
      ),
    ];
  }

  private async load(scope: Scope): Promise<void> {
    this.options.requestRender();
    try {
      this.loaded[scope] = await this.options.load(scope);
    } catch (error) {
      this.loaded[scope] = [];
      this.say(`Failed to load sessions: ${error instanceof Error ? error.message : String(error)}`, true);
    }
    this.arrange();
  }

  private toggleScope(): void {
    this.scope = this.scope === "current" ? "all" : "current";
    this.selected = 0;
    if (this.loaded[this.scope] === undefined) void this.load(this.scope);
    this.arrange();
  }

  private arrange(): void {
    this.rows = arrangeSessions(this.loaded[this.scope] ?? [], this.search.getValue(), this.sort, this.names);
    this.selected = Math.max(0, Math.min(this.selected, this.rows.length - 1));
    this.options.requestRender();
  }

  private startDelete(info: SessionInfo): void {
    if (info.path === this.options.current) this.say("Cannot delete the currently active session", true);
    else this.confirmingDelete = info.path;
    this.options.requestRender();
  }

  private async deleteConfirmed(path: string): Promise<void> {
    this.confirmingDelete = undefined;
    try {
      const how = await this.options.delete(path);
      for (const scope of ["current", "all"] as const) this.loaded[scope] = this.loaded[scope]?.filter((info) => info.path !== path);
      this.say(how === "trash" ? "Session moved to trash" : "Session deleted", false);
    } catch (error) {
      this.say(`Failed to delete: ${error instanceof Error ? error.message : String(error)}`, true);
    }
    this.arrange();
  }

  private startRename(info: SessionInfo): void {
    this.renaming = info.path;
    this.renameInput.setValue(info.name ?? "");
    this.focused = this.isFocused;
    this.options.requestRender();
  }

  private renameKey(data: string): void {
    const keys = getKeybindings();
    const target = this.renaming!;
    if (keys.matches(data, "tui.select.cancel")) return this.endRename();
    if (!keys.matches(data, "tui.select.confirm")) {
      this.renameInput.handleInput(data);
      return this.options.requestRender();
    }
    const name = this.renameInput.getValue().trim();
    if (!name) return;
    void this.options
      .rename(target, name)
      .then(() => {
        for (const scope of ["current", "all"] as const) this.loaded[scope] = this.loaded[scope]?.map((info) => (info.path === target ? { ...info, name } : info));
      })
      .catch((error: unknown) => this.say(`Failed to rename: ${error instanceof Error ? error.message : String(error)}`, true))
      .finally(() => this.endRename());
  }

  private endRename(): void {
    this.renaming = undefined;
    this.focused = this.isFocused;
    this.arrange();
  }

  private say(text: string, error: boolean): void {
    clearTimeout(this.statusTimer);
    this.status = { text, error };
    this.statusTimer = setTimeout(() => {
      this.status = undefined;
      this.options.requestRender();
    }, error ? 3000 : 2000);
    this.statusTimer.unref();
  }

  private shorten(path: string): string {
    return path.startsWith(this.options.home) ? `~${path.slice(this.options.home.length)}` : path;
  }
}

/** how long ago, as pi's picker says it */
function age(date: Date): string {
  const minutes = Math.floor(Math.max(0, Date.now() - date.getTime()) / 60_000);
  if (minutes < 1) return "now";
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days}d`;
  if (days < 30) return `${Math.floor(days / 7)}w`;
  if (days < 365) return `${Math.floor(days / 30)}mo`;
  return `${Math.floor(days / 365)}y`;
}
