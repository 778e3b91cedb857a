// The settings service: pi-compatible settings.json files, global and per project.
import { definePlugin, type PithPlugin } from "../../kernel/index.js";
import { SettingsManager } from "./settings-manager.js";

declare module "../../kernel/index.js" {
  interface PithServices {
    settings: SettingsManager;
  }
}

export { SettingsManager, type SettingsManagerOptions, type SettingsWarning } from "./settings-manager.js";
export { settingsSchema, type Settings, type SettingsFile, type SettingsScope, type PackageSource } from "./schema/schema.js";
export type { SettingPath, SettingValue } from "./schema/setting-path.js";

export function settingsPlugin(options: { agentDir: string; cwd: string }): PithPlugin {
  return definePlugin({
    name: "settings",
    async setup(context) {
      const manager = await SettingsManager.load(options);
      for (const warning of manager.warnings) context.log.warn(warning.message);
      context.provide("settings", manager);
    },
  });
}
