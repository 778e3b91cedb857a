import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { boot } from "../../kernel/boot.js";
import { definePlugin } from "../../kernel/plugin.js";
import { settingsPlugin, type SettingsManager } from "../../plugins/settings/index.js";
import { createSettingsFolders, type SettingsFolders } from "./settings-fixture.js";

let folders: SettingsFolders;
beforeEach(async () => {
  folders = await createSettingsFolders();
});
afterEach(() => folders.cleanup());

describe("settings plugin", () => {
  it("provides the settings service to later plugins and logs the files' problems", async () => {
    await mkdir(dirname(folders.projectFile), { recursive: true });
    await writeFile(folders.projectFile, JSON.stringify({ theme: "light", retry: { maxRetries: "many" } }));
    const warnings: string[] = [];
    let seen: SettingsManager | undefined;
    const consumer = definePlugin({
      name: "consumer",
      setup(context) {
        seen = context.use("settings");
      },
    });
    await boot({
      cwd: folders.cwd,
      log: { debug() {}, info() {}, warn: (message) => warnings.push(message), error: (message) => warnings.push(message) },
      plugins: [settingsPlugin({ agentDir: folders.agentDir, cwd: folders.cwd }), consumer],
    });

    expect(seen?.get().theme).toBe("light");
    expect(seen?.get().retry.maxRetries).toBe(3);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(folders.projectFile);
    expect(warnings[0]).toContain('"retry.maxRetries" is "many"');
  });
});
