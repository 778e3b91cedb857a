// The /model selector as pi 1.6.0 draws it, between two rules: a note on where the models come from (or, with
// scoped models, the scope and tab to switch it), the search line, the rows (→ on the highlighted one, ✓ on the
// current model, its distinct name and provider, "· default"), the scroll position, the highlighted model's name,
// the catalogue refresh's status (or what it could not refresh) and the keys. Enter chooses, ctrl+s chooses it as the default, escape cancels.
import { Container, fuzzyFilter, getKeybindings, getSelectPageIndex, Input, Spacer, Text, type Focusable, type KeybindingsManager } from "@earendil-works/pi-tui";
import type { Model } from "../../../kernel/index.js";
import { distinctModelName, modelSearchText } from "../components/model-names.js";
import { Rule } from "../components/ruled.js";
import { capitalisedKeys, keysOf } from "../keys/key-bindings.js";
import type { Theme } from "../theme/theme.js";
import { PaintedText } from "../components/painted-text.js";

export interface ModelSelectorOptions {
  models: readonly Model[];
  /** the models ctrl+p cycles through; when there are any, the list opens on them */
  scoped: readonly Model[];
  current: Model | undefined;
  defaultModel: { provider: string; id: string } | undefined;
  initialQuery: string;
  keys: KeybindingsManager;
  onSelect(model: Model, asDefault: boolean): void;
  onCancel(): void;
}

const MAX_VISIBLE = 10;
const same = (a: { provider: string; id: string } | undefined, b: Model) => a?.provider === b.provider && a.id === b.id;

export class ModelSelector extends Container implements Focusable {
  private readonly search = new Input();
  private readonly rows = new Container();
  private readonly scopeLine = new Text("", 0, 0);
  private all: Model[] = [];
  private scopedList: Model[] = [];
  private scope: "all" | "scoped";
  private shown: Model[] = [];
  private selected = 0;
  private refreshStatus: { text: string; done: boolean } | undefined = { text: "Refreshing model catalogs…", done: false };
  private problem: string | undefined;

  constructor(
    private readonly options: ModelSelectorOptions,
    private readonly theme: Theme,
  ) {
    super();
    this.scope = options.scoped.length > 0 ? "scoped" : "all";
    const keys = options.keys;
    this.addChild(new Rule(() => theme));
    this.addChild(new Spacer(1));
    if (this.scope === "scoped") {
      this.addChild(this.scopeLine);
      this.addChild(new PaintedText(() => theme.fg("dim", keysOf(keys, "tui.input.tab")) + theme.fg("muted", " scope") + theme.fg("muted", " (all/scoped)"), 0, 0));
    } else {
      this.addChild(new PaintedText(() => theme.fg("warning", "Only showing models from configured providers. Use /login to add providers."), 0, 0));
    }
    this.addChild(new Spacer(1));
    this.addChild(this.search);
    this.addChild(new Spacer(1));
    this.addChild(this.rows);
    this.addChild(new Spacer(1));
    const key = (action: Parameters<typeof keysOf>[1]) => capitalisedKeys(keysOf(keys, action));
    this.addChild(new PaintedText(() => theme.fg("dim", `  ${key("tui.select.confirm")} to select · ${key("app.models.save")} to set as default · ${key("tui.select.cancel")} to cancel`), 0, 0));
    this.addChild(new Rule(() => theme));
    this.search.setValue(options.initialQuery);
    this.load(options.models, options.scoped);
    const currentRow = this.listed().findIndex((model) => same(options.current, model));
    this.selected = Math.max(0, currentRow);
    this.filter();
  }

  get focused(): boolean {
    return this.search.focused;
  }

  set focused(value: boolean) {
    this.search.focused = value;
  }

  /**
   * a refreshed catalogue: the search and the highlighted model kept, the refresh reported done, or what fell short
   * (`problem`), which takes the highlighted model's name's place, as in pi
   */
  setModels(models: readonly Model[], scoped: readonly Model[], problem?: string): void {
    const highlighted = this.shown[this.selected];
    this.load(models, scoped);
    this.refreshStatus = problem === undefined ? { text: "Model catalogs refreshed.", done: true } : undefined;
    this.problem = problem;
    this.filter(highlighted);
  }

  handleInput(data: string): void {
    const keys = getKeybindings();
    const count = this.shown.length;
    const page = getSelectPageIndex(keys, data, this.selected, count, MAX_VISIBLE);
    if (keys.matches(data, "tui.input.tab")) {
      if (this.scopedList.length === 0) return;
      this.scope = this.scope === "all" ? "scoped" : "all";
      const currentRow = this.listed().findIndex((model) => same(this.options.current, model));
      this.selected = Math.max(0, currentRow);
      return this.filter();
    }
    if (keys.matches(data, "tui.select.up") || keys.matches(data, "tui.select.down")) {
      if (count === 0) return;
      const step = keys.matches(data, "tui.select.up") ? -1 : 1;
      this.selected = (this.selected + step + count) % count;
      return this.draw();
    }
    if (page !== undefined) {
      if (count === 0) return;
      this.selected = page;
      return this.draw();
    }
    const highlighted = this.shown[this.selected];
    if (keys.matches(data, "tui.select.confirm")) return highlighted ? this.options.onSelect(highlighted, false) : undefined;
    if (keys.matches(data, "tui.select.cancel")) return this.options.onCancel();
    if (keys.matches(data, "app.models.save")) return highlighted ? this.options.onSelect(highlighted, true) : undefined;
    const before = this.search.getValue();
    this.search.handleInput(data);
    if (this.search.getValue() !== before) this.filter();
  }

  private load(models: readonly Model[], scoped: readonly Model[]): void {
    const { current, defaultModel } = this.options;
    // the current model first, the default second, then by provider (a stable sort keeps each provider's order)
    const rank = (model: Model) => (same(current, model) ? 0 : same(defaultModel, model) ? 1 : 2);
    this.all = [...models].sort((a, b) => rank(a) - rank(b) || (rank(a) === 2 ? a.provider.localeCompare(b.provider) : 0));
    this.scopedList = [...scoped];
  }

  private listed(): Model[] {
    return this.scope === "scoped" ? this.scopedList : this.all;
  }

  /** the rows the search keeps; `keep` stays highlighted when it is among them, else a search starts at the top */
  private filter(keep?: Model): void {
    const query = this.search.getValue();
    const listed = this.listed();
    const isDefault = (model: Model) => same(this.options.defaultModel, model);
    if (!query) this.shown = listed;
    else {
      const found = fuzzyFilter(listed, query, (model) => `${modelSearchText(model, "provider")}${isDefault(model) ? " default" : ""}`);
      const wantsDefault = "default".startsWith(query.trim().toLowerCase()) && query.trim() !== "";
      this.shown = wantsDefault ? [...listed.filter(isDefault), ...found.filter((model) => !isDefault(model))] : found;
    }
    const kept = keep ? this.shown.findIndex((model) => model.provider === keep.provider && model.id === keep.id) : -1;
    this.selected = kept >= 0 ? kept : query ? 0 : Math.min(this.selected, Math.max(0, this.shown.length - 1));
    this.draw();
  }

  private draw(): void {
    const { theme } = this;
    const mark = (on: boolean, text: string) => theme.fg(on ? "accent" : "muted", text);
    this.scopeLine.setText(`${theme.fg("muted", "Scope: ")}${mark(this.scope === "all", "all")}${theme.fg("muted", " | ")}${mark(this.scope === "scoped", "scoped")}`);
    const start = Math.max(0, Math.min(this.selected - Math.floor(MAX_VISIBLE / 2), this.shown.length - MAX_VISIBLE));
    const end = Math.min(start + MAX_VISIBLE, this.shown.length);
    const lines = this.shown.slice(start, end).map((model, offset) => {
      const here = start + offset === this.selected;
      const name = distinctModelName(model);
      return [
        here ? theme.fg("accent", "→ ") : "  ",
        same(this.options.current, model) ? theme.fg("accent", "✓ ") : "  ",
        here ? theme.fg("accent", model.id) : model.id,
        name ? theme.fg("muted", ` (${name})`) : "",
        ` ${theme.fg("muted", `[${model.provider}]`)}`,
        same(this.options.defaultModel, model) ? theme.fg("muted", " · default") : "",
      ].join("");
    });
    if (start > 0 || end < this.shown.length) lines.push(theme.fg("muted", `  (${this.selected + 1}/${this.shown.length})`));
    const highlighted = this.shown[this.selected];
    if (this.problem !== undefined) lines.push(...this.problem.split("\n").map((line) => theme.fg("error", line)));
    else if (!highlighted) lines.push(theme.fg("muted", "  No matching models"));
    else lines.push("", theme.fg("muted", `  Model Name: ${highlighted.name}`));
    if (this.refreshStatus) lines.push("", theme.fg(this.refreshStatus.done ? "success" : "muted", `  ${this.refreshStatus.text}`));
    this.rows.clear();
    this.rows.addChild(new Text(lines.join("\n"), 0, 0));
  }
}
