import { lstat, mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSettingsFolders, type SettingsFolders } from "./settings-fixture.js";

let folders: SettingsFolders;
beforeEach(async () => {
  folders = await createSettingsFolders();
});
afterEach(() => folders.cleanup());

describe("set()", () => {
  it("keeps a settings file that is a link into the user's dotfiles a link, and changes the file it points to", async () => {
    const dotfiles = join(folders.root, "dotfiles");
    await mkdir(dotfiles);
    const real = join(dotfiles, "pi-settings.json");
    await writeFile(real, JSON.stringify({ theme: "light" }, null, 2));
    await symlink(real, folders.globalFile);
    const manager = await folders.load();
    await manager.set("quietStartup", true, "global");

    expect((await lstat(folders.globalFile)).isSymbolicLink()).toBe(true);
    expect(await folders.readJson(real)).toEqual({ theme: "light", quietStartup: true });
    expect(await readdir(dotfiles)).toEqual(["pi-settings.json"]);
  });

  it("changes only the key it sets, keeping every other key, known or not, in its place", async () => {
    await folders.writeGlobal({ theme: "light", custom: { a: 1 }, compaction: { enabled: false, note: "mine" }, quietStartup: true });
    const manager = await folders.load();
    await manager.set("compaction.reserveTokens", 4096, "global");

    const text = await readFile(folders.globalFile, "utf8");
    expect(JSON.parse(text)).toEqual({
      theme: "light",
      custom: { a: 1 },
      compaction: { enabled: false, note: "mine", reserveTokens: 4096 },
      quietStartup: true,
    });
    expect(Object.keys(JSON.parse(text) as object)).toEqual(["theme", "custom", "compaction", "quietStartup"]);
    expect(manager.get().compaction.reserveTokens).toBe(4096);
  });

  it("re-reads the file before writing, so edits made since loading are kept", async () => {
    await folders.writeGlobal({ theme: "light" });
    const manager = await folders.load();
    await folders.writeGlobal({ theme: "light", defaultModel: "edited-outside" });
    await manager.set("quietStartup", true, "global");

    expect(await folders.readJson(folders.globalFile)).toEqual({ theme: "light", defaultModel: "edited-outside", quietStartup: true });
    expect(manager.get().defaultModel).toBe("edited-outside");
  });

  it("writes project settings under <cwd>/.pi, creating the folder, and they win over global ones", async () => {
    await folders.writeGlobal({ theme: "light" });
    const manager = await folders.load();
    await manager.set("theme", "solarized", "project");
    expect(await folders.readJson(folders.projectFile)).toEqual({ theme: "solarized" });
    expect(await folders.readJson(folders.globalFile)).toEqual({ theme: "light" });
    expect(manager.get().theme).toBe("solarized");
  });

  it("removes a key when given undefined", async () => {
    await folders.writeGlobal({ theme: "light", retry: { provider: { timeoutMs: 10, maxRetries: 1 } } });
    const manager = await folders.load();
    await manager.set("theme", undefined, "global");
    await manager.set("retry.provider.timeoutMs", undefined, "global");
    expect(await folders.readJson(folders.globalFile)).toEqual({ retry: { provider: { maxRetries: 1 } } });
    expect(manager.get().theme).toBe("system");
  });

  it("keeps the file's indentation and leaves the file untouched when nothing changes", async () => {
    await writeFile(folders.globalFile, '{\n\t"theme": "light"\n}');
    const manager = await folders.load();
    await manager.set("quietStartup", true, "global");
    expect(await readFile(folders.globalFile, "utf8")).toBe('{\n\t"theme": "light",\n\t"quietStartup": true\n}');

    await writeFile(folders.globalFile, '{"theme":"light"}');
    await manager.set("theme", "light", "global");
    expect(await readFile(folders.globalFile, "utf8")).toBe('{"theme":"light"}');
  });

  it("creates neither file nor folder to remove a key from a file that does not exist", async () => {
    const manager = await folders.load();
    await manager.set("theme", undefined, "project");
    await expect(readdir(dirname(folders.projectFile))).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("stores a copy of an object value, leaving the caller's object unfrozen", async () => {
    const manager = await folders.load();
    const compaction = { enabled: false, reserveTokens: 100 };
    await manager.set("compaction", compaction, "global");
    compaction.reserveTokens = 200;
    expect(manager.get().compaction.reserveTokens).toBe(100);
    expect(await folders.readJson(folders.globalFile)).toEqual({ compaction: { enabled: false, reserveTokens: 100 } });
  });

  it("leaves neither temporary nor lock files behind", async () => {
    const manager = await folders.load();
    await manager.set("theme", "light", "global");
    await manager.set("theme", "dark", "global");
    expect(await readdir(dirname(folders.globalFile))).toEqual(["settings.json"]);
  });

  it("serializes concurrent writes from one process without losing any", async () => {
    const manager = await folders.load();
    await Promise.all([
      manager.set("theme", "light", "global"),
      manager.set("quietStartup", true, "global"),
      manager.set("compaction.enabled", false, "global"),
      manager.set("compaction.keepRecentTokens", 5, "global"),
      manager.set("enabledModels", ["sonnet"], "global"),
    ]);
    expect(await folders.readJson(folders.globalFile)).toEqual({
      theme: "light",
      quietStartup: true,
      compaction: { enabled: false, keepRecentTokens: 5 },
      enabledModels: ["sonnet"],
    });
  });

  it("refreshes the file's warnings from what it wrote", async () => {
    const manager = await folders.load();
    await folders.writeGlobal({ transport: "pigeon" });
    await manager.set("theme", "light", "global");
    expect(manager.warnings.map((warning) => warning.key)).toEqual(["transport"]);
    expect(await folders.readJson(folders.globalFile)).toEqual({ transport: "pigeon", theme: "light" });
  });
});
