// What a user gets: the published tarball (`npm pack`) and a clone's `prepare` step (which `npx pith` inside the clone
// triggers on first use).
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { STAMP_FILE, buildInputsHash } from "../../build/build-inputs.mjs";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "pith-package-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the published package", () => {
  it("holds the CLI, the library, its types, LICENSE and README, and no source maps or build stamps", () => {
    const packed = JSON.parse(
      execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
        cwd: ROOT,
        encoding: "utf8",
        env: { ...process.env, npm_config_cache: join(scratch, "npm-cache"), npm_config_update_notifier: "false" },
      }),
    ) as Array<{ files: Array<{ path: string }> }>;
    const files = packed[0]!.files.map((file) => file.path);
    expect(files).toEqual(expect.arrayContaining(["LICENSE", "README.md", "package.json", "bin/pith.cjs", "bin/first-frame-words.cjs", "dist/cli.cjs", "dist/frame.cjs", "dist/cli-tui.cjs", "dist/sdk/index.js", "dist/types/sdk/index.d.ts"]));
    expect(files.filter((file) => file.endsWith(".map"))).toEqual([]);
    expect(files.filter((file) => file.startsWith("test/") || file.endsWith(".build-inputs"))).toEqual([]);
    // npm reads the whole installed tree first: seconds on an idle machine, far more on a loaded one
  }, 90_000);
});

describe("prepare (node build.mjs --if-stale)", () => {
  /** A tree with build.mjs and everything it hashes, sources linked from this repository. */
  function tree(name: string): string {
    const root = join(scratch, name);
    mkdirSync(join(root, "dist"), { recursive: true });
    for (const folder of ["kernel", "lib", "plugins", "sdk", "build", "node_modules"]) symlinkSync(join(ROOT, folder), join(root, folder), "dir");
    for (const file of ["build.mjs", "package.json", "package-lock.json", "tsconfig.json", "tsconfig.build.json"]) cpSync(join(ROOT, file), join(root, file));
    return root;
  }

  it("skips the build when dist/ was built from the same inputs, leaving dist/ as it is", () => {
    const root = tree("fresh");
    writeFileSync(join(root, STAMP_FILE), buildInputsHash(root));
    writeFileSync(join(root, "dist", "marker"), "kept");
    const output = execFileSync(process.execPath, ["build.mjs", "--if-stale"], { cwd: root, encoding: "utf8" });
    expect(output).toContain("dist/ is up to date");
    expect(readFileSync(join(root, "dist", "marker"), "utf8")).toBe("kept");
  });

  it("sees a changed input as stale", () => {
    const root = tree("changed");
    const before = buildInputsHash(root);
    writeFileSync(join(root, "tsconfig.build.json"), `${readFileSync(join(root, "tsconfig.build.json"), "utf8")}\n`);
    expect(buildInputsHash(root)).not.toBe(before);
  });
});
