// The glob dialects of the search tools, pinned to what pi's external programs do. Expected results were observed
// by running fd (pi's `find`) and ripgrep (pi's `grep`) on this same tree; the built-in walks must agree.
import { describe, expect, it } from "vitest";
import { createFindTool, createGrepTool } from "../../plugins/tools/index.js";
import { runOk, tempDir } from "./harness.js";
import { writeFixture } from "./search-fixture.js";

const TREE: Record<string, string> = {
  "src/a.ts": "needle\n",
  "src/sub/b.ts": "needle\n",
  "src/Readme.MD": "needle\n",
  ".hid/c.ts": "needle\n",
  ".env": "needle\n",
  "x.ts": "needle\n",
  "X.TS": "needle\n",
  "Lib/y.ts": "needle\n",
  "a+b(1).txt": "",
  "*.txt": "",
  "#x": "",
  "a/x/b/c.md": "",
  "a/b": "",
  "a/b2/b": "",
  "a1": "",
  "Zed": "",
  "zed2": "",
};

async function builtinFind() {
  const cwd = await tempDir();
  await writeFixture(cwd, TREE);
  return createFindTool({ cwd, forceBuiltinSearch: true });
}

const listing = (text: string) => (text === "No files found matching pattern" ? [] : text.split("\n").sort());

describe("find's glob rules (fd --glob, as pi calls it)", () => {
  it.each<[string, string[]]>([
    // smart case: a pattern without upper-case letters ignores case, one with them respects it
    ["x.ts", ["X.TS", "x.ts"]],
    ["*.md", ["a/x/b/c.md", "src/Readme.MD"]],
    ["z*", ["Zed", "zed2"]],
    ["*.TS", ["X.TS"]],
    ["X.ts", []],
    ["[A-Z]*", ["Lib/", "X.TS", "Zed", "src/Readme.MD"]],
    // --hidden: `*` and `?` match names starting with a dot, in the name and in the full path
    [".*", [".env", ".hid/"]],
    ["?env", [".env"]],
    ["*/c.ts", [".hid/c.ts"]],
    ["**/*.ts", [".hid/c.ts", "Lib/y.ts", "X.TS", "src/a.ts", "src/sub/b.ts", "x.ts"]],
    // `*` stays in one segment; `**` only spans segments as a whole segment
    ["src/*.ts", ["src/a.ts"]],
    ["src/**", ["src/Readme.MD", "src/a.ts", "src/sub/", "src/sub/b.ts"]],
    ["a/*/b", ["a/b2/b", "a/x/b/"]],
    ["a**b", []],
    ["**a", ["a/"]],
    ["/**/b", ["a/b", "a/b2/b", "a/x/b/"]],
    ["x/b/*", ["a/x/b/c.md"]],
    // classes, alternatives, escapes and characters with no glob meaning
    ["[!z]1", ["a1"]],
    ["{src,lib}", ["Lib/", "src/"]],
    ["*.{ts,md}", [".hid/c.ts", "Lib/y.ts", "X.TS", "a/x/b/c.md", "src/Readme.MD", "src/a.ts", "src/sub/b.ts", "x.ts"]],
    ["\\*.txt", ["*.txt"]],
    ["a+b(1).txt", ["a+b(1).txt"]],
    // no extglobs, no leading-`!` negation, no `#` comments: fd reads them as plain characters
    ["+(a|x).ts", []],
    ["!x.ts", []],
    ["#x", ["#x"]],
  ])("%s", async (pattern, expected) => {
    const find = await builtinFind();
    expect(listing((await runOk(find, { pattern })).text)).toEqual(expected);
  });
});

describe("grep's glob option (rg --glob)", () => {
  async function builtinGrep() {
    const cwd = await tempDir();
    await writeFixture(cwd, TREE);
    return createGrepTool({ cwd, forceBuiltinSearch: true });
  }

  it("is case-sensitive, as rg's --glob is", async () => {
    const grep = await builtinGrep();
    expect((await runOk(grep, { pattern: "needle", glob: "*.TS" })).text).toBe("X.TS:1: needle");
    expect((await runOk(grep, { pattern: "needle", glob: "*.md" })).text).toBe("No matches found");
    expect((await runOk(grep, { pattern: "needle", glob: "*.MD" })).text).toBe("src/Readme.MD:1: needle");
  });
});
