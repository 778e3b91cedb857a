import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { delimiter, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createGrepTool } from "../../plugins/tools/index.js";
import { findExecutable } from "../../plugins/tools/executables.js";
import { runError, runOk, tempDir } from "./harness.js";
import { writeFixture } from "./search-fixture.js";

const originalPath = process.env.PATH;
afterEach(() => {
  process.env.PATH = originalPath;
});

async function builtinGrep() {
  const cwd = await tempDir();
  await writeFixture(cwd);
  return { cwd, grep: createGrepTool({ cwd, forceBuiltinSearch: true }) };
}

describe("grep (built-in search)", () => {
  it("honours .gitignore files at every level, includes hidden files, skips .git, node_modules and binaries", async () => {
    const { grep } = await builtinGrep();
    const { text, result } = await runOk(grep, { pattern: "needle" });
    expect(text.split("\n").sort()).toEqual(
      [
        ".hidden.txt:1: needle hidden",
        "a.ts:2: needle in a",
        "keep.log:1: needle kept by negation",
        "src/deep/x.spec.ts:1: needle spec",
        "src/main.ts:2: const needle = 1;",
      ].sort(),
    );
    expect(result.details).toBeUndefined();
  });

  it("applies the rules of enclosing folders when searching a subfolder of a repository", async () => {
    const { grep } = await builtinGrep();
    const { text } = await runOk(grep, { pattern: "needle", path: "src" });
    expect(text.split("\n").sort()).toEqual(["deep/x.spec.ts:1: needle spec", "main.ts:2: const needle = 1;"]);
  });

  it("filters files with a glob, as rg's --glob does", async () => {
    const { grep } = await builtinGrep();
    expect((await runOk(grep, { pattern: "needle", glob: "*.spec.ts" })).text).toBe("src/deep/x.spec.ts:1: needle spec");
    expect((await runOk(grep, { pattern: "needle", glob: "src/**" })).text.split("\n").sort()).toEqual([
      "src/deep/x.spec.ts:1: needle spec",
      "src/main.ts:2: const needle = 1;",
    ]);
    expect((await runOk(grep, { pattern: "needle", glob: "!*.ts" })).text.split("\n").sort()).toEqual([
      ".hidden.txt:1: needle hidden",
      "keep.log:1: needle kept by negation",
    ]);
  });

  it("searches one file and shows its name", async () => {
    const { grep } = await builtinGrep();
    expect((await runOk(grep, { pattern: "needle", path: "src/main.ts" })).text).toBe("main.ts:2: const needle = 1;");
  });

  it("supports ignoreCase and literal", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "f.txt"), "Value a.b\nvalue axb\n");
    const grep = createGrepTool({ cwd, forceBuiltinSearch: true });
    expect((await runOk(grep, { pattern: "a.b" })).text).toBe("f.txt:1: Value a.b\nf.txt:2: value axb");
    expect((await runOk(grep, { pattern: "a.b", literal: true })).text).toBe("f.txt:1: Value a.b");
    expect((await runOk(grep, { pattern: "^value" })).text).toBe("f.txt:2: value axb");
    expect((await runOk(grep, { pattern: "^VALUE", ignoreCase: "true" })).text).toBe("f.txt:1: Value a.b\nf.txt:2: value axb");
  });

  it("prints context lines once, even when windows overlap", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "f.txt"), Array.from({ length: 10 }, (_, i) => `line ${i + 1}${i === 3 || i === 5 ? " hit" : ""}`).join("\n"));
    const { text } = await runOk(createGrepTool({ cwd, forceBuiltinSearch: true }), { pattern: "hit", context: 1 });
    expect(text).toBe(["f.txt-3- line 3", "f.txt:4: line 4 hit", "f.txt-5- line 5", "f.txt:6: line 6 hit", "f.txt-7- line 7"].join("\n"));
  });

  it("stops at the match limit and says so only when more matches exist", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "f.txt"), "hit\nhit\nhit\n");
    const grep = createGrepTool({ cwd, forceBuiltinSearch: true });
    const limited = await runOk(grep, { pattern: "hit", limit: 2 });
    expect(limited.text).toBe("f.txt:1: hit\nf.txt:2: hit\n\n[2 matches limit reached. Use limit=4 for more, or refine pattern]");
    expect(limited.result.details).toEqual({ matchLimitReached: 2 });
    expect((await runOk(grep, { pattern: "hit", limit: 3 })).text).toBe("f.txt:1: hit\nf.txt:2: hit\nf.txt:3: hit");
  });

  it("shortens long lines and cuts the output at 50KB", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "wide.txt"), `hit ${"x".repeat(600)}\n`);
    const grep = createGrepTool({ cwd, forceBuiltinSearch: true });
    const wide = await runOk(grep, { pattern: "hit" });
    expect(wide.text).toBe(
      `wide.txt:1: hit ${"x".repeat(496)}... [truncated]\n\n[Some lines truncated to 500 chars. Use read tool to see full lines]`,
    );
    expect(wide.result.details).toEqual({ linesTruncated: true });

    await writeFile(join(cwd, "many.txt"), Array.from({ length: 300 }, () => `hit ${"y".repeat(300)}`).join("\n"));
    const many = await runOk(grep, { pattern: "hit", path: "many.txt", limit: 1000 });
    expect(many.text.endsWith("\n\n[50.0KB limit reached]")).toBe(true);
    expect(Buffer.byteLength(many.text)).toBeLessThan(51200 + 100);
  });

  it("reports no matches, missing paths and bad patterns", async () => {
    const { cwd, grep } = await builtinGrep();
    expect((await runOk(grep, { pattern: "absent-text" })).text).toBe("No matches found");
    expect(await runError(grep, { pattern: "x", path: "missing" })).toBe(`Path not found: ${join(cwd, "missing")}`);
    expect(await runError(grep, { pattern: "(unclosed" })).toMatch(/^Invalid regex pattern: .*set literal: true/);
    expect(await runError(grep, { pattern: "x", limit: 0 })).toContain("limit: Too small");
    expect(await runError(grep, { pattern: "x", context: -1 })).toContain("context: Too small");
  });

  it("honours .gitignore outside a git repository too", async () => {
    const cwd = await tempDir();
    await writeFixture(cwd, { ".gitignore": "skip/\n", "skip/a.txt": "needle\n", "keep/a.txt": "needle\n" });
    expect((await runOk(createGrepTool({ cwd, forceBuiltinSearch: true }), { pattern: "needle" })).text).toBe("keep/a.txt:1: needle");
  });

  it("stops when aborted", async () => {
    const { grep } = await builtinGrep();
    const controller = new AbortController();
    controller.abort();
    expect(await runError(grep, { pattern: "needle" }, { signal: controller.signal })).toBe("Operation aborted");
  });
});

describe("grep through ripgrep", () => {
  it("passes pi's arguments to rg and formats its JSON events", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "a.ts"), "one\nneedle here\n");
    const bin = join(cwd, "bin");
    await mkdir(bin);
    const log = join(cwd, "rg-args.json");
    // a stand-in rg: records its arguments and reports one match the way `rg --json` does
    await writeFile(
      join(bin, "rg"),
      `#!${process.execPath}
const fs = require("node:fs");
const args = process.argv.slice(2);
fs.writeFileSync(${JSON.stringify(log)}, JSON.stringify(args));
const root = args[args.length - 1];
if (args.includes("boom")) { process.stderr.write("rg: something broke\\n"); process.exit(2); }
console.log(JSON.stringify({ type: "begin", data: { path: { text: root + "/a.ts" } } }));
console.log(JSON.stringify({ type: "match", data: { path: { text: root + "/a.ts" }, line_number: 2, lines: { text: "needle here\\n" } } }));
console.log(JSON.stringify({ type: "end", data: {} }));
`,
    );
    await chmod(join(bin, "rg"), 0o755);
    process.env.PATH = `${bin}${delimiter}${originalPath}`;
    const grep = createGrepTool({ cwd });
    const { text } = await runOk(grep, { pattern: "needle", ignoreCase: true, literal: true, glob: "*.ts" });
    expect(text).toBe("a.ts:2: needle here");
    expect(JSON.parse(await readFile(log, "utf-8"))).toEqual([
      "--json",
      "--line-number",
      "--color=never",
      "--hidden",
      "--ignore-case",
      "--fixed-strings",
      "--glob",
      "*.ts",
      "--",
      "needle",
      cwd,
    ]);
    expect(await runError(grep, { pattern: "boom" })).toBe("rg: something broke");
  });

  const realRg = findExecutable(["rg"]);
  it.runIf(realRg)("agrees with the built-in search on the fixture", async () => {
    const { cwd, grep: builtin } = await builtinGrep();
    const rg = createGrepTool({ cwd });
    // rg applies .gitignore only inside a git repository; the fixture has a .git folder
    const fromRg = (await runOk(rg, { pattern: "needle" })).text.split("\n").filter((row) => !row.startsWith(".git/"));
    const fromBuiltin = (await runOk(builtin, { pattern: "needle" })).text.split("\n");
    expect(fromRg.sort()).toEqual(fromBuiltin.sort());
  });
});
