// pi's `SettingsSelectorComponent(config, callbacks)` as extensions construct it, in a process that runs pith's
// terminal UI: /settings' rows (pi 1.6.0's labels and choices) showing the values `config` holds; enter or space
// moves a row to its next value and calls that row's callback with it (`onAutoCompactChange(false)`, ...). What a
// change does is the caller's: this list saves nothing itself. Theme opens the themes, previewed as you move.
import { Container, getCapabilities, SelectList, SettingsList, type Component, type SettingItem } from "@earendil-works/pi-tui";
import { IMAGE_ROWS, SETTING_ROWS, shownValue, storedValue, type SettingRow } from "../../../interactive/settings/setting-rows.js";
import { interactiveTheme } from "./terminal-theme.js";

type Callback = (value: never) => void;

/** pi's config field and callback of each row, by the row's settings.json key */
const BINDINGS: Readonly<Record<string, readonly [config: string, callback: string]>> = {
  "compaction.enabled": ["autoCompact", "onAutoCompactChange"],
  "terminal.showImages": ["showImages", "onShowImagesChange"],
  "terminal.imageWidthCells": ["imageWidthCells", "onImageWidthCellsChange"],
  "images.autoResize": ["autoResizeImages", "onAutoResizeImagesChange"],
  "images.blockImages": ["blockImages", "onBlockImagesChange"],
  enableSkillCommands: ["enableSkillCommands", "onEnableSkillCommandsChange"],
  showHardwareCursor: ["showHardwareCursor", "onShowHardwareCursorChange"],
  editorPaddingX: ["editorPaddingX", "onEditorPaddingXChange"],
  outputPad: ["outputPad", "onOutputPadChange"],
  autocompleteMaxVisible: ["autocompleteMaxVisible", "onAutocompleteMaxVisibleChange"],
  "terminal.clearOnShrink": ["clearOnShrink", "onClearOnShrinkChange"],
  "terminal.showTerminalProgress": ["showTerminalProgress", "onShowTerminalProgressChange"],
  steeringMode: ["steeringMode", "onSteeringModeChange"],
  followUpMode: ["followUpMode", "onFollowUpModeChange"],
  transport: ["transport", "onTransportChange"],
  sessionShareDestination: ["sessionShareDestination", "onSessionShareDestinationChange"],
  httpIdleTimeoutMs: ["httpIdleTimeoutMs", "onHttpIdleTimeoutMsChange"],
  cacheWarming: ["cacheWarmingMode", "onCacheWarmingModeChange"],
  hideThinkingBlock: ["hideThinkingBlock", "onHideThinkingBlockChange"],
  "markdown.mermaid": ["mermaidRenderingMode", "onMermaidRenderingModeChange"],
  showCacheMissNotices: ["showCacheMissNotices", "onShowCacheMissNoticesChange"],
  collapseChangelog: ["collapseChangelog", "onCollapseChangelogChange"],
  quietStartup: ["quietStartup", "onQuietStartupChange"],
  enableInstallTelemetry: ["enableInstallTelemetry", "onEnableInstallTelemetryChange"],
  defaultProjectTrust: ["defaultProjectTrust", "onDefaultProjectTrustChange"],
  doubleEscapeAction: ["doubleEscapeAction", "onDoubleEscapeActionChange"],
  treeFilterMode: ["treeFilterMode", "onTreeFilterModeChange"],
};

const THEME_ROW = "theme";
const WARNINGS_ROW = "warnings";

type Config = Readonly<Record<string, unknown>> & { currentTheme?: string; availableThemes?: readonly string[]; warnings?: { anthropicExtraUsage?: boolean } };
type Callbacks = Readonly<Record<string, unknown>> & { onCancel(): void; onThemeChange?(theme: string): void; onThemePreview?(theme: string): void; onWarningsChange?(warnings: object): void };

export class SettingsSelectorComponent extends Container {
  private readonly settingsList: SettingsList;

  constructor(config: Config, callbacks: Callbacks) {
    super();
    const theme = interactiveTheme();
    const rows = getCapabilities().images === null ? SETTING_ROWS : [SETTING_ROWS[0]!, ...IMAGE_ROWS, ...SETTING_ROWS.slice(1)];
    const items: SettingItem[] = rows.map((row) => ({ id: row.path, label: row.label, description: row.description, currentValue: shown(row, config), values: [...row.values] }));
    items.push({
      id: WARNINGS_ROW,
      label: "Warnings",
      description: "Enable or disable individual warnings",
      currentValue: config.warnings?.anthropicExtraUsage === false ? "off" : "on",
      values: ["on", "off"],
    });
    items.push({ id: THEME_ROW, label: "Theme", description: "Color theme for the interface", currentValue: config.currentTheme ?? "", submenu: (value, done) => themeMenu(config, callbacks, value, done) });
    const change = (id: string, value: string) => {
      if (id === THEME_ROW) return callbacks.onThemeChange?.(value);
      if (id === WARNINGS_ROW) return callbacks.onWarningsChange?.({ ...config.warnings, anthropicExtraUsage: value === "on" });
      const row = rows.find((candidate) => candidate.path === id);
      if (row) (callbacks[BINDINGS[row.path]![1]] as Callback | undefined)?.(storedValue(row, value) as never);
    };
    this.settingsList = new SettingsList(items, 10, theme.settingsList(), change, () => callbacks.onCancel(), { enableSearch: true });
    this.addChild(this.settingsList);
  }

  handleInput(data: string): void {
    this.settingsList.handleInput(data);
  }

  getSettingsList(): SettingsList {
    return this.settingsList;
  }
}

/** what a row shows for the value `config` holds for it */
function shown(row: SettingRow, config: Config): string {
  const value = config[BINDINGS[row.path]![0]];
  return row.kind === "idle" ? shownValue({ httpIdleTimeoutMs: value }, "httpIdleTimeoutMs") : value === undefined ? "" : String(value);
}

function themeMenu(config: Config, callbacks: Callbacks, value: string, done: (selected?: string) => void): Component {
  const names = [...(config.availableThemes ?? [])];
  const list = new SelectList(names.map((name) => ({ value: name, label: name })), Math.min(10, Math.max(1, names.length)), interactiveTheme().selectList());
  list.setSelectedIndex(Math.max(0, names.indexOf(value)));
  list.onSelectionChange = (item) => callbacks.onThemePreview?.(item.value);
  list.onSelect = (item) => done(item.value);
  list.onCancel = () => {
    callbacks.onThemePreview?.(value);
    done();
  };
  return list;
}
