import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { delimiter, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createFindTool } from "../../plugins/tools/index.js";
import { runError, runOk, tempDir } from "./harness.js";
import { writeFixture } from "./search-fixture.js";

const originalPath = process.env.PATH;
afterEach(() => {
  process.env.PATH = originalPath;
});

async function builtinFind() {
  const cwd = await tempDir();
  await writeFixture(cwd);
  return { cwd, find: createFindTool({ cwd, forceBuiltinSearch: true }) };
}

const rows = (text: string) => text.split("\n").sort();

describe("find (built-in walk)", () => {
  it("matches names anywhere, honours .gitignore, includes hidden files", async () => {
    const { find } = await builtinFind();
    expect(rows((await runOk(find, { pattern: "*.ts" })).text)).toEqual(["a.ts", "src/deep/x.spec.ts", "src/main.ts"]);
    expect(rows((await runOk(find, { pattern: ".*" })).text)).toEqual([".gitignore", ".hidden.txt", "src/.gitignore"]);
    expect(rows((await runOk(find, { pattern: "*.log" })).text)).toEqual(["keep.log"]);
  });

  it("lists folders with a trailing slash and never enters .git or node_modules", async () => {
    const { find } = await builtinFind();
    expect(rows((await runOk(find, { pattern: "*" })).text)).toEqual([
      ".gitignore",
      ".hidden.txt",
      "a.ts",
      "keep.log",
      "src/",
      "src/.gitignore",
      "src/blob.bin",
      "src/deep/",
      "src/deep/x.spec.ts",
      "src/main.ts",
    ]);
  });

  it("matches patterns with a slash against the path, at any depth", async () => {
    const { find } = await builtinFind();
    expect((await runOk(find, { pattern: "src/**/*.spec.ts" })).text).toBe("src/deep/x.spec.ts");
    expect((await runOk(find, { pattern: "deep/*.ts" })).text).toBe("src/deep/x.spec.ts");
    expect(rows((await runOk(find, { pattern: "**/*.{ts,log}" })).text)).toEqual([
      "a.ts",
      "keep.log",
      "src/deep/x.spec.ts",
      "src/main.ts",
    ]);
  });

  it("searches a subfolder with results relative to it", async () => {
    const { find } = await builtinFind();
    expect(rows((await runOk(find, { pattern: "*.ts", path: "src" })).text)).toEqual(["deep/x.spec.ts", "main.ts"]);
  });

  it("stops at the result limit and says so only when more results exist", async () => {
    const cwd = await tempDir();
    await writeFixture(cwd, { "a.txt": "", "b.txt": "", "c.txt": "" });
    const find = createFindTool({ cwd, forceBuiltinSearch: true });
    const limited = await runOk(find, { pattern: "*.txt", limit: 2 });
    expect(limited.text).toBe("a.txt\nb.txt\n\n[2 results limit reached. Use limit=4 for more, or refine pattern]");
    expect(limited.result.details).toEqual({ resultLimitReached: 2 });
    expect((await runOk(find, { pattern: "*.txt", limit: 3 })).text).toBe("a.txt\nb.txt\nc.txt");
  });

  it("reports no results, missing paths, files and an empty pattern", async () => {
    const { cwd, find } = await builtinFind();
    expect((await runOk(find, { pattern: "*.none" })).text).toBe("No files found matching pattern");
    expect(await runError(find, { pattern: "*", path: "missing" })).toBe(`Path not found: ${join(cwd, "missing")}`);
    expect(await runError(find, { pattern: "*", path: "a.ts" })).toContain(`Not a directory: ${join(cwd, "a.ts")}`);
    expect(await runError(find, { pattern: "" })).toContain("pattern: Too small");
  });
});

describe("find through fd", () => {
  it("passes pi's arguments to fd and makes its paths relative", async () => {
    const cwd = await tempDir();
    const bin = join(cwd, "bin");
    await mkdir(bin);
    const log = join(cwd, "fd-args.json");
    await writeFile(
      join(bin, "fdfind"),
      `#!${process.execPath}
const fs = require("node:fs");
const args = process.argv.slice(2);
fs.writeFileSync(${JSON.stringify(log)}, JSON.stringify(args));
const root = args[args.length - 1];
console.log(root + "/src/");
console.log(root + "/src/main.ts");
`,
    );
    await chmod(join(bin, "fdfind"), 0o755);
    process.env.PATH = `${bin}${delimiter}${originalPath}`;
    const { text } = await runOk(createFindTool({ cwd }), { pattern: "src/*.ts", limit: 10 });
    expect(text).toBe("src/\nsrc/main.ts");
    expect(JSON.parse(await readFile(log, "utf-8"))).toEqual([
      "--glob",
      "--color=never",
      "--hidden",
      "--no-require-git",
      "--max-results",
      "11",
      "--full-path",
      "--",
      "**/src/*.ts",
      cwd,
    ]);
  });

  it("falls back to the built-in walk when fd is older than 8.7 and refuses --no-require-git", async () => {
    const { cwd } = await builtinFind();
    const bin = join(cwd, "old-bin");
    await mkdir(bin);
    const calls = join(cwd, "fd-calls.txt");
    await writeFile(
      join(bin, "fd"),
      `#!${process.execPath}
require("node:fs").appendFileSync(${JSON.stringify(calls)}, "called\\n");
process.stderr.write("error: Found argument '--no-require-git' which wasn't expected, or isn't valid in this context\\n");
process.exit(2);
`,
    );
    await chmod(join(bin, "fd"), 0o755);
    process.env.PATH = `${bin}${delimiter}${originalPath}`;
    const find = createFindTool({ cwd });
    expect(rows((await runOk(find, { pattern: "*.ts" })).text)).toEqual(["a.ts", "src/deep/x.spec.ts", "src/main.ts"]);
    expect(rows((await runOk(find, { pattern: "*.log" })).text)).toEqual(["keep.log"]);
    // the old fd is asked once; the walk answers from then on
    expect(await readFile(calls, "utf-8")).toBe("called\n");
  });
});
