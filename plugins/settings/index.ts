// The settings service: pi-compatible settings.json files, global and per project.
import { definePlugin, type PithPlugin, type PluginContext } from "../../kernel/index.js";
import { installTelemetryEnabled } from "./install-telemetry.js";
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
      provideSettings(context, manager);
    },
  });
}

/** The settings plugin over a manager loaded before boot (the SDK loads it first: it decides which plugins load). */
export function loadedSettingsPlugin(manager: SettingsManager): PithPlugin {
  return definePlugin({ name: "settings", setup: (context) => provideSettings(context, manager) });
}

function provideSettings(context: PluginContext, manager: SettingsManager): void {
  context.provide("settings", manager);
  // Read at each model call, so a changed transport, budget or telemetry setting applies to the next request.
  context.on("stream_options", (state) => {
    const { transport, thinkingBudgets, enableInstallTelemetry } = manager.get();
    return {
      ...state,
      transport: state.transport ?? transport,
      thinkingBudgets: state.thinkingBudgets ?? thinkingBudgets,
      attribution: state.attribution ?? installTelemetryEnabled(enableInstallTelemetry),
    };
  });
}
