// /settings: a searchable list of settings (pi 1.6.0's rows); enter or space moves a row to its next value, which
// is saved to the agent folder's settings.json at once and applied to the running UI. The theme row opens a list
// of themes, previewed while moving, restored on escape; "Warnings" and "Default thinking level per model" open
// menus of their own (settings-submenus.ts).
import type { CacheWarmingMode } from "../../cache-warming/index.js";
import { Ruled } from "../components/ruled.js";
import { SelectList, SettingsList, getCapabilities, type Component, type SettingItem } from "@earendil-works/pi-tui";
import { IMAGE_ROWS, SETTING_ROWS, fullscreenRows, shownValue, storedValue } from "../settings/setting-rows.js";
import { ModelThinkingMenu, modelThinkingSummary, warningsMenu } from "../settings/settings-submenus.js";
import { applyUiSettings } from "../settings/ui-settings.js";
import type { CommandHost } from "./command-host.js";
import type { SettingRow } from "../settings/setting-rows.js";
import { keysOf } from "../keys/key-bindings.js";

const THEME_ROW = "theme";

export async function settingsCommand(_args: string, host: CommandHost): Promise<void> {
  const { context, ui } = host;
  const settings = context.use("settings");
  const current = settings.get();
  const item = (row: SettingRow): SettingItem => ({ id: row.path, label: row.label, description: row.description, currentValue: shownValue(current, row.path), values: [...row.values] });
  const items: SettingItem[] = rows().map(item);
  items.push(
    {
      id: "warnings",
      label: "Warnings",
      description: "Enable or disable individual warnings",
      currentValue: current.warnings.anthropicExtraUsage ? "on" : "off",
      submenu: (_value, done) => warningsMenu(host, () => done(host.context.use("settings").get().warnings.anthropicExtraUsage ? "on" : "off")),
    },
    {
      id: "model-thinking",
      label: "Default thinking level per model",
      description: `Override the default thinking level for specific models. ${keysOf(ui.keys, "app.thinking.cycle")} cycles in-session.`,
      currentValue: modelThinkingSummary(current.modelThinkingLevels),
      submenu: (_value, done) => new ModelThinkingMenu(host, done),
    },
  );
  items.push(...fullscreenRows(current.fullscreenWheelScrollLines).map(item), {
    id: THEME_ROW,
    label: "Theme",
    description: "Color theme for the interface",
    currentValue: ui.theme.name,
    submenu: (value, done) => themeMenu(host, value, done),
  });
  await ui.openComponent<void>(
    (finish) => new Ruled(new SettingsList(items, 10, ui.theme.settingsList(), (id, value) => void change(host, id, value), () => finish(), { enableSearch: true }), () => ui.theme),
    undefined,
  );
}

async function change(host: CommandHost, id: string, shown: string): Promise<void> {
  const { context, chat, ui } = host;
  const settings = context.use("settings");
  const control = context.use("sessionControl");
  try {
    if (id === THEME_ROW) {
      const result = ui.setTheme(shown);
      if (!result.success) return chat.notify("error", result.error ?? `Theme "${shown}" could not be loaded`);
      await settings.set("theme", shown, "global");
      return;
    }
    const row = [...rows(), ...fullscreenRows(settings.get().fullscreenWheelScrollLines)].find((candidate) => candidate.path === id);
    if (!row) return;
    const value = storedValue(row, shown);
    if (row.path === "tuiMode") {
      // the switch happens at once, as in pi; the screen's dialogs go with it, so none may be open
      if (!host.screens.switchTo(value as "regular" | "fullscreen")) return chat.notify("warning", "Close active overlays before changing TUI mode");
      await settings.set("tuiMode", value as "regular" | "fullscreen", "global");
      chat.notify("status", `TUI mode: ${String(value)}`);
    } else if (row.path === "steeringMode") await control.setSteeringMode(value as "all" | "one-at-a-time");
    else if (row.path === "followUpMode") await control.setFollowUpMode(value as "all" | "one-at-a-time");
    else if (row.path === "compaction.enabled") await control.setAutoCompaction(value as boolean);
    else if (row.path === "cacheWarming" && context.tryUse("cacheWarming")) {
      // written to the agent folder's settings, and what the new mode no longer allows stops at once
      await context.use("cacheWarming").setMode(value as CacheWarmingMode);
      chat.notify("status", `Cache warming: ${String(value)}`);
    }
    else await settings.set(row.path, value as never, "global");
    applyUiSettings(settings.get(), host);
  } catch (error) {
    chat.notify("error", error instanceof Error ? error.message : String(error));
  }
}

/** pi's rows, with the image rows after Auto-compact where the terminal draws images */
function rows(): readonly SettingRow[] {
  if (getCapabilities().images === null) return SETTING_ROWS;
  return [SETTING_ROWS[0]!, ...IMAGE_ROWS, ...SETTING_ROWS.slice(1)];
}

/** the themes to choose from; moving previews one, escape puts the one in use back */
function themeMenu(host: CommandHost, value: string, done: (selected?: string) => void): Component {
  const { ui } = host;
  const names = ui.getAllThemes().map((theme) => theme.name);
  const list = new SelectList(names.map((name) => ({ value: name, label: name })), Math.min(10, names.length), ui.theme.selectList());
  list.setSelectedIndex(Math.max(0, names.indexOf(value)));
  list.onSelectionChange = (item) => {
    ui.setTheme(item.value);
  };
  list.onSelect = (item) => done(item.value);
  list.onCancel = () => {
    ui.setTheme(value);
    done();
  };
  return list;
}
