import { readFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSettingsFolders, type SettingsFolders } from "./settings-fixture.js";

let folders: SettingsFolders;
beforeEach(async () => {
  folders = await createSettingsFolders();
});
afterEach(() => folders.cleanup());

describe("legacy settings", () => {
  it("reads queueMode as steeringMode, unless steeringMode is set", async () => {
    await folders.writeGlobal({ queueMode: "all" });
    await folders.writeProject({ queueMode: "all", steeringMode: "one-at-a-time" });
    const manager = await folders.load();
    expect(manager.fileSettings("global")).toEqual({ steeringMode: "all" });
    expect(manager.get().steeringMode).toBe("one-at-a-time");
  });

  it("reads websockets: true/false as transport", async () => {
    await folders.writeGlobal({ websockets: true });
    await folders.writeProject({ websockets: false });
    const manager = await folders.load();
    expect(manager.fileSettings("global")).toEqual({ transport: "websocket" });
    expect(manager.fileSettings("project")).toEqual({ transport: "sse" });
  });

  it("reads retry.maxDelayMs as retry.provider.maxRetryDelayMs, never over an explicit value", async () => {
    await folders.writeGlobal({ retry: { maxDelayMs: 9000, maxRetries: 5, provider: { timeoutMs: 100 } } });
    await folders.writeProject({ retry: { maxDelayMs: 9000, provider: { maxRetryDelayMs: 0 } } });
    const manager = await folders.load();
    expect(manager.fileSettings("global")).toEqual({ retry: { maxRetries: 5, provider: { timeoutMs: 100, maxRetryDelayMs: 9000 } } });
    expect(manager.fileSettings("project")).toEqual({ retry: { provider: { maxRetryDelayMs: 0 } } });
  });

  it("reads the old skills object as enableSkillCommands plus the skills list", async () => {
    await folders.writeGlobal({ skills: { enableSkillCommands: false, customDirectories: ["~/my-skills"] } });
    await folders.writeProject({ skills: { customDirectories: [] } });
    const manager = await folders.load();
    expect(manager.fileSettings("global")).toEqual({ enableSkillCommands: false, skills: ["~/my-skills"] });
    expect(manager.fileSettings("project")).toEqual({});
    expect(manager.warnings).toEqual([]);
  });

  it("leaves the legacy file as it is when another key is written", async () => {
    await folders.writeGlobal({ queueMode: "all" });
    const manager = await folders.load();
    await manager.set("theme", "light", "global");
    expect(await folders.readJson(folders.globalFile)).toEqual({ queueMode: "all", theme: "light" });
    expect(manager.get().steeringMode).toBe("all");
    expect(await readFile(folders.globalFile, "utf8")).toContain('"queueMode"');
  });
});
