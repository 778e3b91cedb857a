// The settings edits of `pith config enable|disable`, checked against what the package filter then selects.
import { describe, expect, it } from "vitest";
import { togglePattern, withFilter } from "../../plugins/packages/cli/config-filter.js";
import { selectByPatterns } from "../../lib/resources/finding/settings-patterns.js";

const ROOT = "/pkg";
const FILES = ["/pkg/extensions/a.ts", "/pkg/extensions/b.ts"];
const selected = (patterns: string[] | undefined) =>
  patterns === undefined ? FILES : patterns.length === 0 ? [] : FILES.filter((file) => selectByPatterns(FILES, patterns, ROOT).has(file));

describe("togglePattern", () => {
  it("disabling one file of an unfiltered kind writes -path; enabling it again replaces that with +path", () => {
    const off = togglePattern(undefined, "extensions/a.ts", false);
    expect(off).toEqual(["-extensions/a.ts"]);
    expect(selected(off)).toEqual(["/pkg/extensions/b.ts"]);
    const on = togglePattern(off, "extensions/a.ts", true);
    expect(on).toEqual(["+extensions/a.ts"]);
    expect(selected(on)).toEqual(FILES);
  });

  it("keeps the other entries, and drops every earlier entry for the same path", () => {
    expect(togglePattern(["extensions/*.ts", "!extensions/a.ts", "-extensions/b.ts"], "extensions/a.ts", true)).toEqual([
      "extensions/*.ts",
      "-extensions/b.ts",
      "+extensions/a.ts",
    ]);
  });

  it("enabling one file of a kind switched off ([]) enables that file alone", () => {
    const on = togglePattern([], "extensions/b.ts", true);
    expect(on).toEqual(["extensions/b.ts"]);
    expect(selected(on)).toEqual(["/pkg/extensions/b.ts"]);
  });
});

describe("withFilter", () => {
  it("turns a plain source into the object form and back once no filter is left", () => {
    const filtered = withFilter("npm:x", "skills", []);
    expect(filtered).toEqual({ source: "npm:x", skills: [] });
    expect(withFilter(filtered, "skills", undefined)).toBe("npm:x");
  });

  it("keeps the other kinds' filters and keys it does not know", () => {
    const entry = { source: "npm:x", prompts: ["-prompts/p.md"], note: "mine" };
    expect(withFilter(entry, "prompts", undefined)).toEqual({ source: "npm:x", note: "mine" });
    expect(withFilter({ source: "npm:x", prompts: ["a"] }, "skills", [])).toEqual({ source: "npm:x", prompts: ["a"], skills: [] });
  });
});
