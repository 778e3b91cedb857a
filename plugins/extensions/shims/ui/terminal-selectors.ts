// pi's built-in selectors as extensions construct them, in a process that runs pith's terminal UI: lists
// to choose from in the UI's theme, behind pi 1.6.0's constructors, callbacks and list getters.
import { Container, getKeybindings, SelectList, Text, type SelectItem, type TUI } from "@earendil-works/pi-tui";
import type { Model, ThinkingLevel } from "../../../../kernel/index.js";
import { ForkList, ForkSelector } from "../../../interactive/components/fork-selector.js";
import { SearchList, type SearchListOptions } from "../../../interactive/components/search-list.js";
import { LEVEL_DESCRIPTIONS } from "../../../interactive/settings/thinking-descriptions.js";
import { DynamicBorder } from "./dynamic-border.js";
import { interactiveTheme, keyText, themeNames } from "./terminal-theme.js";

/** a list between two borders, as pi draws its simple selectors */
class BorderedList extends Container {
  protected readonly selectList: SelectList;

  constructor(items: SelectItem[], maxVisible: number, selected: number, onSelect: (item: SelectItem) => void, onCancel: () => void) {
    super();
    this.selectList = new SelectList(items, maxVisible, interactiveTheme().selectList());
    if (selected >= 0) this.selectList.setSelectedIndex(selected);
    this.selectList.onSelect = onSelect;
    this.selectList.onCancel = onCancel;
    this.addChild(new DynamicBorder());
    this.addChild(this.selectList);
    this.addChild(new DynamicBorder());
  }

  handleInput(data: string): void {
    this.selectList.handleInput(data);
  }

  getSelectList(): SelectList {
    return this.selectList;
  }
}

/** pi's `ShowImagesSelectorComponent(currentValue, onSelect, onCancel)` */
export class ShowImagesSelectorComponent extends BorderedList {
  constructor(currentValue: boolean, onSelect: (show: boolean) => void, onCancel: () => void) {
    const items = [
      { value: "yes", label: "Yes", description: "Show images inline in terminal" },
      { value: "no", label: "No", description: "Show text placeholder instead" },
    ];
    super(items, 5, currentValue ? 0 : 1, (item) => onSelect(item.value === "yes"), onCancel);
  }
}

/** pi's `ThemeSelectorComponent(currentTheme, onSelect, onCancel, onPreview)`: the run's themes; moving previews one */
export class ThemeSelectorComponent extends BorderedList {
  constructor(currentTheme: string, onSelect: (themeName: string) => void, onCancel: () => void, onPreview: (themeName: string) => void) {
    const names = themeNames();
    const items = names.map((name) => ({ value: name, label: name, ...(name === currentTheme ? { description: "(current)" } : {}) }));
    super(items, 10, names.indexOf(currentTheme), (item) => onSelect(item.value), onCancel);
    this.selectList.onSelectionChange = (item) => onPreview(item.value);
  }
}

/** pi's `ThinkingSelectorComponent(currentLevel, availableLevels, onSelect, onCancel, onSelectAsDefault?, defaultThinkingLevel?)` */
export class ThinkingSelectorComponent extends BorderedList {
  constructor(
    currentLevel: ThinkingLevel,
    availableLevels: ThinkingLevel[],
    onSelect: (level: ThinkingLevel) => void,
    onCancel: () => void,
    private readonly onSelectAsDefault?: (level: ThinkingLevel) => void,
    defaultThinkingLevel?: ThinkingLevel,
  ) {
    const items = availableLevels.map((level) => ({
      value: level,
      label: level,
      description: level === defaultThinkingLevel ? `${LEVEL_DESCRIPTIONS[level]} · default` : LEVEL_DESCRIPTIONS[level],
    }));
    super(items, items.length, availableLevels.indexOf(currentLevel), (item) => onSelect(item.value as ThinkingLevel), onCancel);
    if (onSelectAsDefault) this.addChild(new Text(interactiveTheme().fg("dim", `${keyText("app.thinking.save")} set as default`), 1, 0));
  }

  override handleInput(data: string): void {
    const item = this.selectList.getSelectedItem();
    if (this.onSelectAsDefault && item && getKeybindings().matches(data, "app.thinking.save" as Parameters<ReturnType<typeof getKeybindings>["matches"]>[1])) {
      return this.onSelectAsDefault(item.value as ThinkingLevel);
    }
    super.handleInput(data);
  }
}

/** a searchable list (pith's), forwarding focus and keys to it */
class SearchSelector extends Container {
  protected readonly list: SearchList;

  constructor(options: SearchListOptions) {
    super();
    this.list = new SearchList(options, interactiveTheme());
    this.addChild(this.list);
  }

  get focused(): boolean {
    return this.list.focused;
  }

  set focused(value: boolean) {
    this.list.focused = value;
  }

  handleInput(data: string): void {
    this.list.handleInput(data);
  }
}

interface UserMessageItem {
  id: string;
  text: string;
  timestamp?: string;
}

/** how long pi's empty message list shows before it cancels itself */
const EMPTY_CANCEL_MS = 100;

/**
 * pi's `UserMessageSelectorComponent(messages, onSelect, onCancel, initialSelectedId?)`: /fork's list of messages,
 * the latest selected; with no messages it cancels itself, as pi's does.
 */
export class UserMessageSelectorComponent extends ForkSelector {
  constructor(messages: UserMessageItem[], onSelect: (entryId: string) => void, onCancel: () => void, initialSelectedId?: string) {
    super(messages, interactiveTheme(), onSelect, onCancel, initialSelectedId);
    if (messages.length === 0) setTimeout(onCancel, EMPTY_CANCEL_MS);
  }

  getMessageList(): ForkList {
    return this.list;
  }
}

interface AuthProvider {
  id: string;
  name: string;
  authType: "oauth" | "api_key";
  subscription?: boolean;
}

const authKind = (provider: AuthProvider) => (provider.authType === "api_key" ? "API key" : provider.subscription ? "subscription" : "OAuth");

/** pi's `OAuthSelectorComponent(mode, providers, onSelect, onCancel, initialSearchInput?)`: a searchable provider list */
export class OAuthSelectorComponent extends SearchSelector {
  constructor(mode: "login" | "logout", providers: AuthProvider[], onSelect: (providerId: string, authType: AuthProvider["authType"]) => void, onCancel: () => void, initialSearchInput?: string) {
    super({
      title: mode === "login" ? "Select provider to login" : "Select provider to logout",
      items: providers.map((provider) => ({ value: provider.id, label: provider.name, description: authKind(provider) })),
      ...(initialSearchInput ? { initialQuery: initialSearchInput } : {}),
      onSelect: (item) => onSelect(item.value, providers.find((provider) => provider.id === item.value)!.authType),
      onCancel,
    });
  }

  dispose(): void {}
}

interface ModelSource {
  /** pi's ModelRuntime */
  getAvailableSnapshot?(): readonly Model[];
  /** pith's `ctx.modelRegistry` */
  getAvailable?(): readonly Model[];
}

const modelKey = (model: Pick<Model, "provider" | "id">) => `${model.provider}/${model.id}`;

/**
 * pi's `ModelSelectorComponent(tui, currentModel, modelRuntime, scopedModels, onSelect, onCancel, initialSearchInput?, onSelectAsDefault?, defaultModel?)`:
 * the /model list over the models one can use (`ctx.modelRegistry`); with scoped models, tab switches between
 * them and all; the save key chooses a model as the default.
 */
export class ModelSelectorComponent extends Container {
  private list!: SearchList;
  private scope: "all" | "scoped";

  constructor(
    private readonly tui: TUI,
    private readonly currentModel: Model | undefined,
    private readonly modelRuntime: ModelSource,
    private readonly scopedModels: ReadonlyArray<{ model: Model }>,
    private readonly onSelect: (model: Model) => void,
    private readonly onCancel: () => void,
    initialSearchInput?: string,
    private readonly onSelectAsDefault?: (model: Model) => void,
    private readonly defaultModel?: { provider: string; id: string },
  ) {
    super();
    this.scope = scopedModels.length > 0 ? "scoped" : "all";
    this.build(initialSearchInput);
  }

  get focused(): boolean {
    return this.list.focused;
  }

  set focused(value: boolean) {
    this.list.focused = value;
  }

  handleInput(data: string): void {
    if (this.scopedModels.length > 0 && getKeybindings().matches(data, "tui.input.tab")) {
      this.scope = this.scope === "all" ? "scoped" : "all";
      this.build();
      this.list.focused = true;
      return this.tui.requestRender();
    }
    this.list.handleInput(data);
  }

  getSearchInput(): SearchList {
    return this.list;
  }

  dispose(): void {}

  private models(): readonly Model[] {
    if (this.scope === "scoped") return this.scopedModels.map((scoped) => scoped.model);
    return this.modelRuntime.getAvailableSnapshot?.() ?? this.modelRuntime.getAvailable?.() ?? [];
  }

  private build(query?: string): void {
    const models = this.models();
    const theme = interactiveTheme();
    const isDefault = (model: Model) => this.defaultModel !== undefined && modelKey(model) === modelKey(this.defaultModel);
    const scopeLine = this.scopedModels.length > 0 ? ` · scope: ${this.scope} (${keyText("tui.input.tab")})` : "";
    const save = this.onSelectAsDefault ? ` · ${keyText("app.models.save")} set as default` : "";
    this.clear();
    this.list = new SearchList(
      {
        title: `Select model${scopeLine}`,
        items: models.map((model) => ({ value: modelKey(model), label: model.id, description: isDefault(model) ? `${model.provider} · default` : model.provider })),
        searchText: (item) => `${item.value} ${item.description ?? ""}`,
        ...(query ? { initialQuery: query } : {}),
        ...(this.currentModel ? { selected: modelKey(this.currentModel) } : {}),
        hint: `type to search · ↑↓ move · enter choose${save} · escape cancel`,
        onKey: (data, item) => {
          if (!this.onSelectAsDefault || !item || !getKeybindings().matches(data, "app.models.save" as Parameters<ReturnType<typeof getKeybindings>["matches"]>[1])) return false;
          this.onSelectAsDefault(models.find((model) => modelKey(model) === item.value)!);
          return true;
        },
        onSelect: (item) => this.onSelect(models.find((model) => modelKey(model) === item.value)!),
        onCancel: this.onCancel,
      },
      theme,
    );
    this.addChild(this.list);
  }
}
