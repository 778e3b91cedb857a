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
  },
});
