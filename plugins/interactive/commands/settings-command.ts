// /settings: a searchable list of settings (pi 1.6.0's rows); enter or space moves a row to its next value, which
// is saved to the agent folder's settings.json at once and applied to the running UI. The theme row opens a list
// of themes, previewed while moving, restored on escape.
import { SelectList, SettingsList, type Component, type SettingItem } from "@earendil-works/pi-tui";
import { SETTING_ROWS, shownValue, storedValue } from "../settings/setting-rows.js";
import { applyUiSettings } from "../settings/ui-settings.js";
import type { CommandHost } from "./command-host.js";

const THEME_ROW = "theme";

export async function settingsCommand(_args: string, host: CommandHost): Promise<void> {
  const { context, ui } = host;
  const settings = context.use("settings");
  const current = settings.get();
  const items: SettingItem[] = SETTING_ROWS.map((row) => ({
    id: row.path,
    label: row.label,
    description: row.description,
    currentValue: shownValue(current, row.path),
    values: [...row.values],
  }));
  items.push({
    id: THEME_ROW,
    label: "Theme",
    description: "Color theme for the interface",
    currentValue: ui.theme.name,
    submenu: (value, done) => themeMenu(host, value, done),
  });
  await ui.openComponent<void>(
    (finish) => new SettingsList(items, 10, ui.theme.settingsList(), (id, value) => void change(host, id, value), () => finish(), { enableSearch: true }),
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
    const row = SETTING_ROWS.find((candidate) => candidate.path === id);
    if (!row) return;
    const value = storedValue(row, shown);
    if (row.path === "steeringMode") await control.setSteeringMode(value as "all" | "one-at-a-time");
    else if (row.path === "followUpMode") await control.setFollowUpMode(value as "all" | "one-at-a-time");
    else if (row.path === "compaction.enabled") await control.setAutoCompaction(value as boolean);
    else await settings.set(row.path, value as never, "global");
    applyUiSettings(settings.get(), host);
  } catch (error) {
    chat.notify("error", error instanceof Error ? error.message : String(error));
  }
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
