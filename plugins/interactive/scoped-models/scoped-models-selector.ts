// /scoped-models: every model with a key, the enabled ones first in cycling order, each marked ✓. Enter toggles
// one, ctrl+a / ctrl+x enable or disable all (those the search shows, when searching), ctrl+p the model's whole
// provider, alt+up / alt+down reorder; every change applies to the session at once, ctrl+s also saves it. Drawn as
// pi 1.6.0 draws it: between two rules, the title and what ctrl+s does, the search line, the rows, the scroll
// position, the highlighted model's name, the catalogue refresh's status and the keys with the count. Saved
// patterns that match no model are rows of their own (./scoped-model-row.ts), counted apart as unavailable.
import { Container, fuzzyFilter, getKeybindings, getSelectPageIndex, Input, matchesKey, Spacer, Text, type Focusable } from "@earendil-works/pi-tui";
import type { Model } from "../../../kernel/index.js";
import type { KeybindingsManager } from "@earendil-works/pi-tui";
import { modelSearchText } from "../components/model-names.js";
import { Rule } from "../components/ruled.js";
import { capitalisedKeys, keysOf } from "../keys/key-bindings.js";
import type { Theme } from "../theme/theme.js";
import { disable, enable, isEnabled, listId, listOrder, reorder, toggle, type EnabledModels } from "./enabled-models.js";
import { highlightedLine, scopedModelRow } from "./scoped-model-row.js";
import { PaintedText } from "../components/painted-text.js";

export interface ScopedModelsOptions {
  models: readonly Model[];
  enabled: EnabledModels;
  keys: KeybindingsManager;
  onChange(enabled: EnabledModels): void;
  onSave(enabled: EnabledModels): void;
  onClose(): void;
}

const MAX_VISIBLE = 8;

export class ScopedModelsSelector extends Container implements Focusable {
  private readonly search = new Input();
  private readonly rows = new Container();
  private readonly footer = new Text("", 0, 0);
  private readonly refreshLine = new Text("", 0, 0);
  private readonly byId = new Map<string, Model>();
  private all: string[] = [];
  private enabled: EnabledModels;
  private shown: string[] = [];
  private selected = 0;
  private unsaved = false;

  constructor(
    private readonly options: ScopedModelsOptions,
    private readonly theme: Theme,
  ) {
    super();
    this.load(options.models);
    this.enabled = options.enabled;
    this.addChild(new Rule(() => theme));
    this.addChild(new Spacer(1));
    this.addChild(new PaintedText(() => theme.fg("accent", theme.bold("Model Configuration")), 0, 0));
    this.addChild(new PaintedText(() => theme.fg("muted", `Session-only. ${this.key("app.models.save")} to save to settings.`), 0, 0));
    this.addChild(new Spacer(1));
    this.addChild(this.search);
    this.addChild(new Spacer(1));
    this.addChild(this.rows);
    this.addChild(new Spacer(1));
    this.refreshLine.setText(theme.fg("muted", "  Refreshing model catalogs…"));
    this.addChild(this.refreshLine);
    this.addChild(this.footer);
    this.addChild(new Rule(() => theme));
    this.refresh();
  }

  /**
   * a refreshed catalogue, with the list read again when `enabled` is given: the highlighted model stays
   * highlighted, the refresh is reported done or what fell short
   */
  setModels(models: readonly Model[], problem?: string, enabled?: EnabledModels): void {
    const highlighted = this.shown[this.selected];
    this.load(models);
    if (enabled !== undefined) this.enabled = enabled;
    this.refreshLine.setText(problem === undefined ? this.theme.fg("success", "  Model catalogs refreshed.") : this.theme.fg("warning", `  ${problem}`));
    this.refresh();
    const row = highlighted ? this.shown.indexOf(highlighted) : -1;
    if (row >= 0) {
      this.selected = row;
      this.refresh();
    }
  }

  private load(models: readonly Model[]): void {
    this.byId.clear();
    for (const model of models) this.byId.set(listId(model), model);
    this.all = [...this.byId.keys()];
  }

  private key(action: Parameters<typeof keysOf>[1]): string {
    return capitalisedKeys(keysOf(this.options.keys, action));
  }

  get focused(): boolean {
    return this.search.focused;
  }

  set focused(value: boolean) {
    this.search.focused = value;
  }

  handleInput(data: string): void {
    const keys = getKeybindings();
    const current = this.shown[this.selected];
    if (keys.matches(data, "tui.select.up") || keys.matches(data, "tui.select.down")) {
      const step = keys.matches(data, "tui.select.up") ? -1 : 1;
      if (this.shown.length > 0) this.selected = (this.selected + step + this.shown.length) % this.shown.length;
      return this.refresh();
    }
    const page = getSelectPageIndex(keys, data, this.selected, this.shown.length, MAX_VISIBLE);
    if (page !== undefined) {
      if (this.shown.length > 0) this.selected = page;
      return this.refresh();
    }
    if (keys.matches(data, "app.models.reorderUp") || keys.matches(data, "app.models.reorderDown")) {
      if (!current || !isEnabled(this.enabled, current)) return;
      const step = keys.matches(data, "app.models.reorderUp") ? -1 : 1;
      const next = reorder(this.enabled, current, step);
      if (next === this.enabled) return;
      this.selected += step;
      return this.change(next);
    }
    const searching = this.search.getValue().trim() !== "";
    if (keys.matches(data, "tui.select.confirm")) return current ? this.change(toggle(this.enabled, this.all, current)) : undefined;
    if (keys.matches(data, "app.models.enableAll")) return this.change(enable(this.enabled, this.all, searching ? this.shown : undefined));
    if (keys.matches(data, "app.models.clearAll")) return this.change(disable(this.enabled, this.all, searching ? this.shown : undefined));
    if (keys.matches(data, "app.models.toggleProvider")) {
      const provider = current && this.byId.get(current)?.provider;
      if (!provider) return;
      const ids = this.all.filter((id) => this.byId.get(id)?.provider === provider);
      const allOn = ids.every((id) => isEnabled(this.enabled, id));
      return this.change(allOn ? disable(this.enabled, this.all, ids) : enable(this.enabled, this.all, ids));
    }
    if (keys.matches(data, "app.models.save")) {
      this.options.onSave(this.enabled);
      this.unsaved = false;
      return this.refresh();
    }
    if (keys.matches(data, "tui.select.cancel")) {
      if (matchesKey(data, "ctrl+c") && searching) {
        this.search.setValue("");
        return this.refresh();
      }
      return this.options.onClose();
    }
    const before = this.search.getValue();
    this.search.handleInput(data);
    const query = this.search.getValue();
    if (query === before) return;
    // a new search highlights its best match; an emptied one keeps the place
    if (query) this.selected = 0;
    this.refresh();
  }

  private change(enabled: EnabledModels): void {
    this.enabled = enabled;
    this.unsaved = true;
    this.options.onChange(enabled);
    this.refresh();
  }

  /** a model by its id, provider and name; an unavailable pattern by its text */
  private searchText(id: string): string {
    const model = this.byId.get(id);
    return model ? modelSearchText(model, "id") : id;
  }

  private count(): string {
    if (this.enabled === null) return "all enabled";
    const available = this.enabled.filter((id) => this.byId.has(id)).length;
    const unavailable = this.enabled.length - available;
    return `${available}/${this.all.length} enabled${unavailable > 0 ? ` · ${unavailable} unavailable` : ""}`;
  }

  private refresh(): void {
    const { theme } = this;
    const query = this.search.getValue();
    const ordered = listOrder(this.enabled, this.all);
    this.shown = query ? fuzzyFilter(ordered, query, (id) => this.searchText(id)) : ordered;
    this.selected = Math.min(this.selected, Math.max(0, this.shown.length - 1));
    const start = Math.max(0, Math.min(this.selected - Math.floor(MAX_VISIBLE / 2), this.shown.length - MAX_VISIBLE));
    const end = Math.min(start + MAX_VISIBLE, this.shown.length);
    const lines = this.shown
      .slice(start, end)
      .map((id, offset) => scopedModelRow(theme, id, this.byId.get(id), { highlighted: start + offset === this.selected, enabled: isEnabled(this.enabled, id) }));
    if (start > 0 || end < this.shown.length) lines.push(theme.fg("muted", `  (${this.selected + 1}/${this.shown.length})`));
    if (this.shown.length > 0) lines.push("", highlightedLine(theme, this.byId.get(this.shown[this.selected]!)));
    else lines.push(theme.fg("muted", "  No matching models"));
    this.rows.clear();
    this.rows.addChild(new Text(lines.join("\n"), 0, 0));
    const hint = [
      `${this.key("tui.select.confirm")} toggle`,
      `${this.key("app.models.enableAll")} all`,
      `${this.key("app.models.clearAll")} clear`,
      `${this.key("app.models.toggleProvider")} provider`,
      `${this.key("app.models.reorderUp")}/${this.key("app.models.reorderDown")} reorder`,
      `${this.key("app.models.save")} save`,
      this.count(),
    ].join(" · ");
    this.footer.setText(this.unsaved ? theme.fg("dim", `  ${hint} `) + theme.fg("warning", "(unsaved)") : theme.fg("dim", `  ${hint}`));
  }
}
