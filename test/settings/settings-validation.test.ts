import { readFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PithError } from "../../kernel/errors.js";
import { createSettingsFolders, type SettingsFolders } from "./settings-fixture.js";

let folders: SettingsFolders;
beforeEach(async () => {
  folders = await createSettingsFolders();
});
afterEach(() => folders.cleanup());

describe("invalid values", () => {
  it("warns with the file, the key, what was found and what is expected, and falls back to the default", async () => {
    await folders.writeGlobal({ theme: "light", compaction: { reserveTokens: "lots", enabled: false }, transport: "pigeon" });
    const manager = await folders.load();
    const settings = manager.get();

    expect(settings.theme).toBe("light");
    expect(settings.compaction).toEqual({ enabled: false, reserveTokens: 16384, keepRecentTokens: 20000 });
    expect(settings.transport).toBe("auto");
    expect(manager.warnings.map((warning) => warning.key)).toEqual(["compaction.reserveTokens", "transport"]);

    const [tokens, transport] = manager.warnings.map((warning) => warning.message);
    expect(tokens).toContain(folders.globalFile);
    expect(tokens).toContain('"compaction.reserveTokens" is "lots"');
    expect(tokens).toContain("expected a number");
    expect(tokens).toContain("16384");
    expect(transport).toContain('"pigeon"');
    expect(transport).toContain('one of "sse", "websocket", "websocket-cached", "auto"');
  });

  it("checks ranges and whole numbers", async () => {
    await folders.writeProject({ editorPaddingX: 9, autocompleteMaxVisible: 4.5, terminal: { imageWidthCells: 0 } });
    const manager = await folders.load();
    expect(manager.get().editorPaddingX).toBe(0);
    expect(manager.get().autocompleteMaxVisible).toBe(5);
    expect(manager.get().terminal.imageWidthCells).toBe(60);
    const messages = manager.warnings.map((warning) => warning.message);
    expect(messages[0]).toContain("<= 3");
    expect(messages[1]).toContain("a whole number");
    expect(messages[2]).toContain(">= 1");
    expect(manager.warnings.every((warning) => warning.scope === "project" && warning.file === folders.projectFile)).toBe(true);
  });

  it("drops a list with a bad item as a whole, saying which item is bad", async () => {
    await folders.writeGlobal({ packages: ["pi-skills", { skills: ["x"] }], skills: ["a", 3] });
    const manager = await folders.load();
    expect(manager.get().packages).toEqual([]);
    expect(manager.get().skills).toEqual([]);
    const [packages, skills] = manager.warnings;
    expect(packages!.key).toBe("packages");
    expect(packages!.message).toContain('"packages[1]"');
    expect(packages!.message).toContain('an object whose "source" is a string');
    expect(skills!.message).toContain('"skills[1]" is 3');
  });

  it("ignores a bad value that has no default", async () => {
    await folders.writeGlobal({ defaultModel: 42, defaultThinkingLevel: "extreme", npmCommand: [] });
    const manager = await folders.load();
    expect(manager.get().defaultModel).toBeUndefined();
    expect(manager.get().defaultThinkingLevel).toBeUndefined();
    expect(manager.get().npmCommand).toBeUndefined();
    expect(manager.warnings).toHaveLength(3);
    expect(manager.warnings[0]!.message).toContain('"defaultModel" is 42, expected a string; it is ignored');
    expect(manager.warnings[2]!.message).toContain("expected a non-empty list");
  });

  it("keeps a valid global value when the project's value for it is invalid", async () => {
    await folders.writeGlobal({ theme: "light" });
    await folders.writeProject({ theme: false });
    const manager = await folders.load();
    expect(manager.get().theme).toBe("light");
    expect(manager.warnings[0]!.file).toBe(folders.projectFile);
  });
});

describe("broken files", () => {
  it("reports a file that is not JSON with line and column, and ignores only that file", async () => {
    await folders.writeGlobal('{\n  "theme": "light",\n  "quietStartup": tru\n}\n');
    await folders.writeProject({ collapseChangelog: true });
    const manager = await folders.load();

    expect(manager.get().theme).toBe("system");
    expect(manager.get().collapseChangelog).toBe(true);
    const [warning] = manager.warnings;
    expect(warning).toMatchObject({ scope: "global", file: folders.globalFile, line: 3, column: 19 });
    expect(warning!.message).toContain(folders.globalFile);
    expect(warning!.message).toContain("line 3, column 19");
  });

  it("never writes over a file that is not JSON", async () => {
    const broken = '{ "theme": "light", }';
    await folders.writeGlobal(broken);
    const manager = await folders.load();
    const failure = await manager.set("theme", "dark", "global").catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(PithError);
    expect((failure as PithError).code).toBe("SETTINGS_FILE_INVALID");
    expect((failure as PithError).message).toContain("line 1, column 19");
    expect(await readFile(folders.globalFile, "utf8")).toBe(broken);
  });

  it("reports a file holding something other than an object", async () => {
    await folders.writeProject("[1, 2]");
    const manager = await folders.load();
    expect(manager.warnings[0]!.message).toContain("must hold a JSON object, found a list");
    await expect(manager.set("theme", "x", "project")).rejects.toMatchObject({ code: "SETTINGS_FILE_INVALID" });
    expect(await readFile(folders.projectFile, "utf8")).toBe("[1, 2]");
  });

  it("reads an empty file and a file with a byte order mark", async () => {
    await folders.writeGlobal("");
    await folders.writeProject('\uFEFF{ "theme": "light" }');
    const manager = await folders.load();
    expect(manager.warnings).toEqual([]);
    expect(manager.get().theme).toBe("light");
  });

  it("reports a settings path that cannot be read as a file", async () => {
    await folders.writeProject({});
    const { mkdir } = await import("node:fs/promises");
    await mkdir(folders.globalFile);
    const manager = await folders.load();
    expect(manager.warnings[0]!.message).toContain(`${folders.globalFile} cannot be read`);
  });
});

describe("set() arguments", () => {
  it("refuses a value of the wrong type, naming key, value and expectation", async () => {
    const manager = await folders.load();
    const write = manager.set("compaction.reserveTokens", -5, "global");
    await expect(write).rejects.toMatchObject({ code: "SETTINGS_INVALID_VALUE" });
    await expect(write).rejects.toThrow('"compaction.reserveTokens" cannot be -5; expected a number >= 0');
  });

  it("refuses a key that is not a setting", async () => {
    const manager = await folders.load();
    const path = "compaction.turbo" as "compaction.enabled";
    await expect(manager.set(path, true, "global")).rejects.toMatchObject({ code: "SETTINGS_UNKNOWN_KEY" });
  });
});
