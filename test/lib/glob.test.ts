// The shared glob module: each option does one thing. The call sites' own tests pin pi's behaviour end to end.
import { describe, expect, it } from "vitest";
import { PithError } from "../../kernel/errors.js";
import { compileGlob, type GlobOptions } from "../../lib/glob/glob.js";

const base: GlobOptions = { caseSensitivity: "sensitive", dotfiles: false, basename: false, syntax: "minimatch" };
const matches = (pattern: string, path: string, options: Partial<GlobOptions> = {}) =>
  compileGlob(pattern, { ...base, ...options })(path);

describe("compileGlob", () => {
  it("never lets * or ? cross a slash; ** spans segments as a whole segment", () => {
    expect(matches("*.md", "a/b.md")).toBe(false);
    expect(matches("a?b", "a/b")).toBe(false);
    expect(matches("a/**/b.md", "a/x/y/b.md")).toBe(true);
    expect(matches("a**b", "a/x/b")).toBe(false);
  });

  it("caseSensitivity: sensitive, insensitive, or smart (insensitive unless the pattern has an upper-case letter)", () => {
    expect(matches("*.md", "A.MD")).toBe(false);
    expect(matches("*.md", "A.MD", { caseSensitivity: "insensitive" })).toBe(true);
    expect(matches("*.md", "A.MD", { caseSensitivity: "smart" })).toBe(true);
    expect(matches("*.Md", "A.MD", { caseSensitivity: "smart" })).toBe(false);
    expect(matches("*.Md", "a.Md", { caseSensitivity: "smart" })).toBe(true);
  });

  it("dotfiles: whether wildcards match a segment starting with a dot; a literal dot always matches", () => {
    expect(matches("*", ".env")).toBe(false);
    expect(matches("**/x", ".a/x")).toBe(false);
    expect(matches("*", ".env", { dotfiles: true })).toBe(true);
    expect(matches("**/x", ".a/x", { dotfiles: true })).toBe(true);
    expect(matches(".a/*", ".a/x")).toBe(true);
  });

  it("basename: a pattern without a slash is matched against the last segment", () => {
    expect(matches("*.ts", "/r/src/a.ts")).toBe(false);
    expect(matches("*.ts", "/r/src/a.ts", { basename: true })).toBe(true);
    expect(matches("src/*.ts", "/r/src/a.ts", { basename: true })).toBe(false);
    expect(matches("**/src/*.ts", "/r/src/a.ts", { basename: true })).toBe(true);
  });

  it("syntax: minimatch reads extglobs, a leading ! and a leading #; fd reads them as characters", () => {
    expect(matches("+(a|b).md", "a.md")).toBe(true);
    expect(matches("!a.md", "b.md")).toBe(true);
    expect(matches("#x", "#x")).toBe(false);
    expect(matches("+(a|b).md", "a.md", { syntax: "fd" })).toBe(false);
    expect(matches("+(a|b).md", "+(a|b).md", { syntax: "fd" })).toBe(true);
    expect(matches("!a.md", "!a.md", { syntax: "fd" })).toBe(true);
    expect(matches("#x", "#x", { syntax: "fd" })).toBe(true);
  });

  it("both syntaxes share classes, alternatives and escapes", () => {
    for (const syntax of ["minimatch", "fd"] as const) {
      expect(matches("[!ab]1", "c1", { syntax })).toBe(true);
      expect(matches("*.{ts,md}", "a.md", { syntax })).toBe(true);
      expect(matches("\\*.txt", "*.txt", { syntax })).toBe(true);
      expect(matches("\\*.txt", "a.txt", { syntax })).toBe(false);
      expect(matches("a+b(1).txt", "a+b(1).txt", { syntax })).toBe(true);
    }
  });

  it("turns a pattern the engine cannot compile into a PithError naming it", () => {
    let thrown: unknown;
    try {
      compileGlob("skill-[[:digit:]].md", base);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(PithError);
    expect((thrown as PithError).code).toBe("GLOB_INVALID");
    expect((thrown as PithError).message).toContain('"skill-[[:digit:]].md"');
  });
});
