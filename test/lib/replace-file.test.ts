// Files pith rewrites whole (auth.json, mcp.json, keybindings.json, the crash log, the models store, bug report zips)
// are replaced, not written in place: a reader sees the old file or the new one, never half, and a write that fails
// leaves the old file as it was. Written in place, auth.json cut short by a kill lost every login in it.
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { replaceFile, replaceFileSync } from "../../lib/fs/replace-file.js";
import { modifyAuthEntry } from "../../lib/oauth/auth-store.js";
import { removeAfterTest } from "../support/temp-folders.js";

let folder: string;
beforeEach(() => {
  folder = removeAfterTest(mkdtempSync(join(tmpdir(), "pith-replace-")));
});

describe("replacing a file", () => {
  it("never shows readers a part of the new contents", async () => {
    const path = join(folder, "auth.json");
    const old = JSON.stringify({ anthropic: { key: "old" } });
    writeFileSync(path, old);
    const next = JSON.stringify({ anthropic: { key: "x".repeat(8 * 1024 * 1024) } });
    const seen = new Set<string>();
    let writing = true;
    const watch = (): void => {
      const text = readFileSync(path, "utf8");
      seen.add(text === old ? "old" : text === next ? "new" : `partial (${text.length} characters)`);
      if (writing) setImmediate(watch);
    };
    watch();
    await replaceFile(path, next);
    writing = false;
    watch();
    expect([...seen]).toEqual(["old", "new"]);
    expect(readdirSync(folder)).toEqual(["auth.json"]);
  });

  it("replaces the file a symbolic link points to, and the link stays", async () => {
    mkdirSync(join(folder, "dotfiles"));
    const real = join(folder, "dotfiles", "auth.json");
    writeFileSync(real, "{}");
    const link = join(folder, "auth.json");
    symlinkSync(real, link);
    await replaceFile(link, '{"a":1}', { mode: 0o600 });
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(real);
    expect(readFileSync(real, "utf8")).toBe('{"a":1}');
    expect(statSync(real).mode & 0o777).toBe(0o600);
    replaceFileSync(link, '{"b":2}');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, "utf8")).toBe('{"b":2}');
    expect(readdirSync(join(folder, "dotfiles"))).toEqual(["auth.json"]);
  });

  it("leaves the old file and no stray file when the new one cannot be put in place", async () => {
    const taken = join(folder, "taken");
    mkdirSync(join(taken, "inside"), { recursive: true });
    await expect(replaceFile(taken, "x")).rejects.toThrow();
    expect(() => replaceFileSync(taken, "x")).toThrow();
    expect(readdirSync(folder)).toEqual(["taken"]);
    expect(readdirSync(taken)).toEqual(["inside"]);
  });

  it("keeps auth.json a link to the user's file when a login is saved through it", async () => {
    mkdirSync(join(folder, "dotfiles"));
    const real = join(folder, "dotfiles", "auth.json");
    writeFileSync(real, JSON.stringify({ anthropic: { type: "api_key", key: "k" } }));
    const link = join(folder, "auth.json");
    symlinkSync(real, link);
    await modifyAuthEntry(link, "openai", async () => ({ type: "api_key", key: "new" }));
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(real, "utf8"))).toEqual({ anthropic: { type: "api_key", key: "k" }, openai: { type: "api_key", key: "new" } });
    expect(statSync(real).mode & 0o777).toBe(0o600);
    expect(existsSync(`${real}.lock`)).toBe(false);
    expect(readdirSync(join(folder, "dotfiles"))).toEqual(["auth.json"]);
  });
});
