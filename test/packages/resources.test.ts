// What a package provides: the `pi` key (paths, globs, exclusions), the conventional folders, settings filters.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { collectPackageResources, type PackageFilter, type PackageResources } from "../../plugins/packages/index.js";
import { conventionalPackage, markerExtension, promptFile, skillFile, writeFiles } from "./support.js";

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "pith-package-resources-"));
});
afterEach(() => rm(root, { recursive: true, force: true }));

async function provided(filter?: PackageFilter): Promise<Record<keyof PackageResources, string[]>> {
  const { resources } = await collectPackageResources(root, filter);
  const rel = (files: string[]) => files.map((file) => relative(root, file).split("\\").join("/"));
  return { extensions: rel(resources.extensions), skills: rel(resources.skills), prompts: rel(resources.prompts), themes: rel(resources.themes) };
}

describe("package resources", () => {
  it("conventional folders: extensions (files and subfolder index), skills, prompts, themes", async () => {
    await conventionalPackage(root, "conv");
    await writeFiles(root, { "extensions/multi/index.ts": markerExtension("multi"), "extensions/multi/helper.ts": "export {};" });
    expect(await provided()).toEqual({
      extensions: ["extensions/conv.ts", "extensions/multi/index.ts"],
      skills: ["skills/conv-skill/SKILL.md"],
      prompts: ["prompts/conv-prompt.md"],
      themes: ["themes/dark-ish.json"],
    });
  });

  it("a `pi` key replaces the conventions: paths, globs and !exclusions relative to the package root", async () => {
    await writeFiles(root, {
      "package.json": JSON.stringify({ name: "declared", pi: { extensions: ["./src/main.ts"], skills: ["lib/skills"], prompts: ["lib/prompts/*.md", "!lib/prompts/draft.md"] } }),
      "src/main.ts": markerExtension("main"),
      "extensions/ignored.ts": markerExtension("ignored"),
      "lib/skills/one/SKILL.md": skillFile("one", "One."),
      "lib/skills/two.md": skillFile("two", "Two."),
      "lib/prompts/review.md": promptFile("Review"),
      "lib/prompts/draft.md": promptFile("Draft"),
      "themes/t.json": "{}",
    });
    expect(await provided()).toEqual({
      extensions: ["src/main.ts"],
      skills: ["lib/skills/one/SKILL.md", "lib/skills/two.md"],
      prompts: ["lib/prompts/review.md"],
      themes: [],
    });
  });

  it("manifest globs follow pi: only `*` and `?` make a glob, which skips dot folders and reads braces and extglobs", async () => {
    await writeFiles(root, {
      "package.json": JSON.stringify({
        name: "globs",
        pi: { skills: ["skills/{one,two}"], prompts: ["prompts/**/*.md", "!**/+(draft|old).md"] },
      }),
      "skills/one/SKILL.md": skillFile("one", "One."),
      "skills/two/SKILL.md": skillFile("two", "Two."),
      "prompts/review.md": promptFile("Review"),
      "prompts/sub/draft.md": promptFile("Draft"),
      "prompts/old.md": promptFile("Old"),
      "prompts/.cache/stale.md": promptFile("Stale"),
    });
    expect(await provided()).toEqual({ extensions: [], skills: [], prompts: ["prompts/review.md"], themes: [] });
  });

  it("settings filters narrow each kind: omitted = all, [] = none, globs, !exclude, +path, -path", async () => {
    await conventionalPackage(root, "a");
    await writeFiles(root, {
      "extensions/b.ts": markerExtension("b"),
      "extensions/legacy.ts": markerExtension("legacy"),
      "prompts/other.md": promptFile("Other"),
    });
    expect(await provided({ extensions: ["extensions/*.ts", "!extensions/legacy.ts"], skills: [], prompts: ["prompts/other.md"] })).toEqual({
      extensions: ["extensions/a.ts", "extensions/b.ts"],
      skills: [],
      prompts: ["prompts/other.md"],
      themes: ["themes/dark-ish.json"],
    });
    expect((await provided({ extensions: ["!**/*.ts", "+extensions/legacy.ts"] })).extensions).toEqual(["extensions/legacy.ts"]);
    expect((await provided({ extensions: ["-extensions/b.ts"] })).extensions).toEqual(["extensions/a.ts", "extensions/legacy.ts"]);
  });

  it("a local source naming a file is one extension", async () => {
    await writeFiles(root, { "one.ts": markerExtension("one") });
    const { resources } = await collectPackageResources(join(root, "one.ts"), undefined);
    expect(resources).toEqual({ extensions: [join(root, "one.ts")], skills: [], prompts: [], themes: [] });
  });
});
