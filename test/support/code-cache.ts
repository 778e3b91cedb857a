// The CLI loads its bundle through V8's code cache in `<cache folder>/v8` (bin/compile-cache.cjs). Each test world
// has a cache folder of its own, so without this every world's first run compiled the whole bundle again (about
// 60-100 ms of CPU per run, hundreds of runs a suite). A world's `v8` folder is a link to one folder for the whole
// `npm test` run (vitest.config.ts makes it, in the temporary folder), which the first run to need a bundle fills.
// The cache is keyed by node's version and flags and the bundle's size and mtime, and written atomically, so
// processes running side by side share it safely. Tests of the code cache itself keep their own folder.
import { mkdir, symlink } from "node:fs/promises";
import { join } from "node:path";

/** Links `<cacheDir>/v8` to the run's shared code cache (creating `cacheDir`); nothing when there is none. */
export async function shareCodeCache(cacheDir: string): Promise<void> {
  const shared = process.env.PITH_TEST_CODE_CACHE;
  if (!shared) return;
  await mkdir(shared, { recursive: true });
  await mkdir(cacheDir, { recursive: true });
  await symlink(shared, join(cacheDir, "v8"), "dir");
}
