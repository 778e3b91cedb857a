import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { settingsSchema } from "../../plugins/settings/index.js";
import { DEFAULT_SETTINGS } from "../../plugins/settings/schema/defaults.js";
import { createSettingsFolders, type SettingsFolders } from "./settings-fixture.js";

let folders: SettingsFolders;
beforeEach(async () => {
  folders = await createSettingsFolders();
});
afterEach(() => folders.cleanup());

describe("loading settings", () => {
  it("gives pi's defaults when neither file exists", async () => {
    const manager = await folders.load();
    const settings = manager.get();
    expect(manager.warnings).toEqual([]);
    expect(settings.theme).toBe("system");
    expect(settings.transport).toBe("auto");
    expect(settings.compaction).toEqual({ enabled: true, reserveTokens: 16384, keepRecentTokens: 20000 });
    expect(settings.retry).toEqual({ enabled: true, maxRetries: 3, baseDelayMs: 2000, maxAgentDelayMs: 60000, provider: { maxRetries: 0, maxRetryDelayMs: 60000 } });
    expect(settings.terminal).toEqual({
      showImages: true,
      imageWidthCells: 60,
      clearOnShrink: false,
      showTerminalProgress: false,
      hyperlinks: "auto",
      images: "auto",
      trueColor: "auto",
    });
    expect(settings.defaultProjectTrust).toBe("ask");
    expect(settings.tuiMode).toBe("fullscreen");
    expect(settings.outputPad).toBe(1);
    expect(settings.steeringMode).toBe("one-at-a-time");
    expect(settings.enableSkillCommands).toBe(true);
    expect(settings.packages).toEqual([]);
    expect(settings.defaultModel).toBeUndefined();
    expect(settings.defaultThinkingLevel).toBeUndefined();
  });

  it("merges the project over the global file one level deep", async () => {
    await folders.writeGlobal({
      theme: "light",
      compaction: { enabled: false, reserveTokens: 1000 },
      retry: { provider: { timeoutMs: 5000, maxRetries: 2 } },
      extensions: ["global.ts"],
    });
    await folders.writeProject({
      compaction: { reserveTokens: 8192 },
      retry: { provider: { maxRetries: 7 } },
      extensions: ["project.ts"],
    });
    const settings = (await folders.load()).get();
    expect(settings.theme).toBe("light");
    expect(settings.compaction).toEqual({ enabled: false, reserveTokens: 8192, keepRecentTokens: 20000 });
    // one level: the project's retry.provider replaces the global one whole
    expect(settings.retry.provider).toEqual({ maxRetries: 7, maxRetryDelayMs: 60000 });
    expect(settings.extensions).toEqual(["project.ts"]);
  });

  it("keeps keys it does not know, at the top and inside known objects", async () => {
    await folders.writeGlobal({ myExtension: { level: 3 }, compaction: { experimentalMode: "x" } });
    const manager = await folders.load();
    expect(manager.warnings).toEqual([]);
    expect(manager.get().myExtension).toEqual({ level: 3 });
    expect(manager.get().compaction).toMatchObject({ experimentalMode: "x", enabled: true });
  });

  it("turns on the hardware cursor and clear-on-shrink from pi's environment variables when unset", async () => {
    const fromEnv = await folders.load({ env: { PI_HARDWARE_CURSOR: "1", PI_CLEAR_ON_SHRINK: "1" } });
    expect(fromEnv.get().showHardwareCursor).toBe(true);
    expect(fromEnv.get().terminal.clearOnShrink).toBe(true);

    await folders.writeGlobal({ showHardwareCursor: false, terminal: { clearOnShrink: false } });
    const explicit = await folders.load({ env: { PI_HARDWARE_CURSOR: "1", PI_CLEAR_ON_SHRINK: "1" } });
    expect(explicit.get().showHardwareCursor).toBe(false);
    expect(explicit.get().terminal.clearOnShrink).toBe(false);
  });

  it("hands out frozen settings", async () => {
    const settings = (await folders.load()).get();
    expect(() => {
      (settings.compaction as { enabled: boolean }).enabled = false;
    }).toThrow(TypeError);
  });

  it("sees external edits after reload()", async () => {
    const manager = await folders.load();
    await folders.writeProject({ theme: "solarized" });
    expect(manager.get().theme).toBe("system");
    await manager.reload();
    expect(manager.get().theme).toBe("solarized");
    expect(manager.fileSettings("project")).toEqual({ theme: "solarized" });
  });

  it("accepts every default it documents", () => {
    expect(settingsSchema().safeParse(settingsSchema().parse({})).success).toBe(true);
  });

  it("gives a run without settings files the schema's own defaults (defaults.ts is kept equal to them)", async () => {
    expect(DEFAULT_SETTINGS).toEqual(settingsSchema().parse({}));
    const manager = await folders.load();
    expect(manager.get()).toEqual(settingsSchema().parse({}));
    expect(Object.isFrozen(manager.get().compaction)).toBe(true);
  });

  it("fills in what the files leave out as the whole schema does, though only the keys set are parsed", async () => {
    const global = { defaultProvider: "mock", compaction: { enabled: false }, retry: { provider: { timeoutMs: 5000 } }, packages: ["npm:x"], someExtension: { a: 1 } };
    const project = { terminal: { showImages: false }, quietStartup: "header", markdown: { mermaid: "off" } };
    await folders.writeGlobal(global);
    await folders.writeProject(project);
    const manager = await folders.load();
    expect(manager.warnings).toEqual([]);
    expect(manager.get()).toEqual(settingsSchema().parse({ ...global, ...project }));
    expect(manager.get().retry.provider).toEqual({ timeoutMs: 5000, maxRetries: 0, maxRetryDelayMs: 60000 });
    expect(Object.isFrozen(manager.get().terminal)).toBe(true);
  });
});
