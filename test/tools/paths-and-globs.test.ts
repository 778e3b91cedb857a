import { homedir } from "node:os";
import { describe, expect, it } from "vitest";
import { globToRegExp } from "../../plugins/tools/glob.js";
import { expandPath, resolveToCwd } from "../../plugins/tools/index.js";

describe("path handling", () => {
  it("strips a leading @, expands ~ and normalizes unusual spaces", () => {
    expect(expandPath("@src/a.ts")).toBe("src/a.ts");
    expect(expandPath("~")).toBe(homedir());
    expect(expandPath("~/notes.md")).toBe(`${homedir()}/notes.md`);
    expect(expandPath("~other/x")).toBe("~other/x");
    expect(expandPath("a\u00A0b\u2003c\u3000d")).toBe("a b c d");
  });

  it("resolves relative paths against the tool's cwd and keeps absolute ones", () => {
    expect(resolveToCwd("src/../a.ts", "/work/project")).toBe("/work/project/a.ts");
    expect(resolveToCwd("/etc/hosts", "/work/project")).toBe("/etc/hosts");
    expect(resolveToCwd("@/etc/hosts", "/work/project")).toBe("/etc/hosts");
  });
});

describe("globToRegExp (fd's glob rules)", () => {
  const cases: [string, string, boolean][] = [
    ["*.ts", "a.ts", true],
    ["*.ts", "dir/a.ts", false],
    ["**/*.ts", "a.ts", true],
    ["**/*.ts", "x/y/a.ts", true],
    ["src/**/*.ts", "src/a.ts", true],
    ["src/**/*.ts", "src/x/y/a.ts", true],
    ["src/**/*.ts", "lib/a.ts", false],
    ["file?.md", "file1.md", true],
    ["file?.md", "file/.md", false],
    ["[ab].txt", "b.txt", true],
    ["[!ab].txt", "b.txt", false],
    ["[!ab].txt", "c.txt", true],
    ["*.{js,ts}", "a.ts", true],
    ["*.{js,ts}", "a.md", false],
    ["{src,lib}/**/x", "lib/a/x", true],
    ["a+b(1).txt", "a+b(1).txt", true],
    ["\\*.txt", "*.txt", true],
    ["\\*.txt", "a.txt", false],
  ];
  for (const [glob, path, expected] of cases) {
    it(`${glob} ${expected ? "matches" : "does not match"} ${path}`, () => {
      expect(globToRegExp(glob).test(path)).toBe(expected);
    });
  }
});
