// pi's small built-in selectors as extensions construct them, in a process that runs pith's terminal UI: lists
// to choose from in the UI's theme, behind pi 1.6.0's constructors, callbacks and list getters.
import { Container, getKeybindings, SelectList, Text, type SelectItem } from "@earendil-works/pi-tui";
import type { ThinkingLevel } from "../../../../kernel/index.js";
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

/** pi's `UserMessageSelectorComponent(messages, onSelect, onCancel, initialSelectedId?)`: the user's messages, the latest selected */
export class UserMessageSelectorComponent extends SearchSelector {
  constructor(messages: UserMessageItem[], onSelect: (entryId: string) => void, onCancel: () => void, initialSelectedId?: string) {
    super({
      title: "Fork from a message",
      items: messages.map((message) => ({ value: message.id, label: message.text.replace(/\s+/g, " ").trim() })),
      selected: initialSelectedId ?? messages.at(-1)?.id,
      onSelect: (item) => onSelect(item.value),
      onCancel,
    });
  }

  getMessageList(): SearchList {
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
