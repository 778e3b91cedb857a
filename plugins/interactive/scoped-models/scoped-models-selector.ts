// /scoped-models: every model with a key, the enabled ones first in cycling order, each marked ✓. Enter toggles
// one, ctrl+a / ctrl+x enable or disable all (those the search shows, when searching), ctrl+p the model's whole
// provider, alt+up / alt+down reorder; every change applies to the session at once, ctrl+s also saves it.
import { Container, fuzzyFilter, getKeybindings, Input, matchesKey, Text, type Focusable } from "@earendil-works/pi-tui";
import type { Model } from "../../../kernel/index.js";
import type { KeybindingsManager } from "@earendil-works/pi-tui";
import { keysOf } from "../keys/key-bindings.js";
import type { Theme } from "../theme/theme.js";
import { disable, enable, isEnabled, listOrder, reorder, toggle, type EnabledModels } from "./enabled-models.js";

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
  private readonly byId = new Map<string, Model>();
  private readonly all: string[];
  private enabled: EnabledModels;
  private shown: string[] = [];
  private selected = 0;
  private unsaved = false;

  constructor(
    private readonly options: ScopedModelsOptions,
    private readonly theme: Theme,
  ) {
    super();
    for (const model of options.models) this.byId.set(`${model.provider}/${model.id}`, model);
    this.all = [...this.byId.keys()];
    this.enabled = options.enabled;
    this.addChild(new Text(`${theme.fg("borderAccent", "───")} ${theme.bold(theme.fg("accent", "Model Configuration"))}`, 0, 0));
    this.addChild(new Text(theme.fg("muted", `Session-only. ${keysOf(options.keys, "app.models.save")} to save to settings.`), 0, 0));
    this.addChild(this.search);
    this.addChild(this.rows);
    this.addChild(this.footer);
    this.refresh();
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
    if (this.search.getValue() !== before) {
      this.selected = 0;
      this.refresh();
    }
  }

  private change(enabled: EnabledModels): void {
    this.enabled = enabled;
    this.unsaved = true;
    this.options.onChange(enabled);
    this.refresh();
  }

  private refresh(): void {
    const { theme } = this;
    const query = this.search.getValue().trim();
    const ordered = listOrder(this.enabled, this.all);
    this.shown = query ? fuzzyFilter(ordered, query, (id) => `${id} ${this.byId.get(id)?.name ?? ""}`) : ordered;
    this.selected = Math.min(this.selected, Math.max(0, this.shown.length - 1));
    const start = Math.max(0, Math.min(this.selected - Math.floor(MAX_VISIBLE / 2), this.shown.length - MAX_VISIBLE));
    const lines = this.shown.slice(start, start + MAX_VISIBLE).map((id, offset) => {
      const model = this.byId.get(id)!;
      const here = start + offset === this.selected;
      const mark = isEnabled(this.enabled, id) ? theme.fg("accent", "✓ ") : "  ";
      return `${here ? theme.fg("accent", "→ ") : "  "}${mark}${here ? theme.fg("accent", model.id) : model.id}${theme.fg("muted", ` [${model.provider}]`)}`;
    });
    if (this.shown.length === 0) lines.push(theme.fg("muted", "  No matching models"));
    else if (this.shown.length > MAX_VISIBLE) lines.push(theme.fg("muted", `  (${this.selected + 1}/${this.shown.length})`));
    this.rows.clear();
    this.rows.addChild(new Text(lines.join("\n"), 0, 0));
    const count = this.enabled === null ? "all enabled" : `${this.enabled.filter((id) => this.byId.has(id)).length}/${this.all.length} enabled`;
    const keys = this.options.keys;
    const hint = [
      "enter toggle",
      `${keysOf(keys, "app.models.enableAll")} all`,
      `${keysOf(keys, "app.models.clearAll")} clear`,
      `${keysOf(keys, "app.models.toggleProvider")} provider`,
      `${keysOf(keys, "app.models.reorderUp")}/${keysOf(keys, "app.models.reorderDown")} reorder`,
      `${keysOf(keys, "app.models.save")} save`,
      count,
    ].join(" · ");
    this.footer.setText(theme.fg("dim", hint) + (this.unsaved ? ` ${theme.fg("warning", "(unsaved)")}` : ""));
  }
}
