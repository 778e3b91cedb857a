import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    // Examples import pith by its package names; tests run them against the sources.
    alias: [
      { find: /^pith\/kernel$/, replacement: source("./kernel/index.ts") },
      { find: /^pith\/testing$/, replacement: source("./sdk/testing/index.ts") },
      { find: /^pith\/provider-kit$/, replacement: source("./lib/provider-kit/index.ts") },
      { find: /^pith\/plugins\/([a-z-]+)$/, replacement: source("./plugins/$1/index.ts") },
      { find: /^pith$/, replacement: source("./sdk/index.ts") },
    ],
  },
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: "forks",
    // In-process sessions (createAgentSession) find pith's cache folder through the environment: tests must never
    // write the real ~/.cache/pith. Tests that need a cache folder of their own still set one.
    env: { PITH_CACHE_DIR: mkdtempSync(join(tmpdir(), "pith-test-cache-")) },
  },
});
