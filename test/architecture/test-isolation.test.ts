// Tests never write the developer's real cache folder: the vitest config points pith's cache at a temporary
// folder for every test process (in-process sessions read it from the environment).
import { homedir, tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { cacheDirectory } from "../../sdk/cache-dir.js";

describe("test isolation", () => {
  it("pith's cache folder is a temporary one, not the home folder's", () => {
    const cache = cacheDirectory();
    expect(cache.startsWith(tmpdir())).toBe(true);
    expect(cache.startsWith(homedir())).toBe(false);
  });
});
