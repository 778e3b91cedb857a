// Tests never write the developer's real cache folder: the vitest config points pith's cache at a temporary
// folder for every test process (in-process sessions read it from the environment). And test files share worker
// processes (isolate: false), so a hook in a helper module would run only for the first file that imports it.
import { readdirSync, readFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cacheDirectory } from "../../sdk/cache-dir.js";

const TEST_FOLDER = fileURLToPath(new URL("..", import.meta.url));
/** vitest.config.ts's setup files: vitest runs them for every test file */
const SETUP_FILES = ["support/file-state.ts", "support/cpu-per-file.ts"];

describe("test isolation", () => {
  it("pith's cache folder is a temporary one, not the home folder's", () => {
    const cache = cacheDirectory();
    expect(cache.startsWith(tmpdir())).toBe(true);
    expect(cache.startsWith(homedir())).toBe(false);
  });

  it("helper modules register no top-level hooks (temporary folders go through support/temp-folders.ts)", () => {
    const helpers = readdirSync(TEST_FOLDER, { recursive: true })
      .map(String)
      .filter((path) => /\.(ts|mjs)$/.test(path) && !path.endsWith(".test.ts") && !SETUP_FILES.includes(path));
    const withHooks = helpers.filter((path) => /^(afterEach|afterAll|beforeEach|beforeAll)\(/m.test(readFileSync(join(TEST_FOLDER, path), "utf8")));
    expect(withHooks).toEqual([]);
  });
});
