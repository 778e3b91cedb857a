import { mkdtempSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { LongFilesFirst } from "./test/support/long-files-first.js";

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
    // Test files share worker processes instead of each starting a fresh one and evaluating pith's sources again
    // (that cost the suite a quarter of its CPU); file-state.ts puts back what a file changes in the process.
    isolate: false,
    // PITH_TEST_CPU_LOG=<file>: CPU per test file, the worker's and its child processes' (test/support/cpu-per-file.ts)
    // removes the run's folders below (env) when the run ends
    globalSetup: ["test/support/run-folders.ts"],
    setupFiles: ["test/support/file-state.ts", ...(process.env.PITH_TEST_CPU_LOG ? ["test/support/cpu-per-file.ts"] : [])],
    sequence: { sequencer: LongFilesFirst },
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: "forks",
    // Most test time is spent waiting on child processes (the CLI, RPC, pi on Node 22, pseudo-terminals), so one
    // worker per core plus one keeps both cores busy; vitest's default (cores - 1) runs one file at a time on 2 cores.
    maxWorkers: availableParallelism() + 1,
    // In-process sessions (createAgentSession) find pith's cache folder through the environment: tests must never
    // write the real ~/.cache/pith. Tests that need a cache folder of their own still set one.
    // CLI runs in test worlds share one V8 code cache for the run (test/support/code-cache.ts).
    // Node 22 processes (pi 1.6.0, scripts importing pi's modules) share node's compile cache for the run: a script
    // loading pi's unbundled modules compiles them again otherwise, and pi's CLI would keep its cache in the system's
    // temporary folder after the run. Node 20, which runs pith, has no such cache and ignores the variable.
    // `npm run` sets EDITOR (to vi): empty, the suite sees the same editor settings however it is started, which pi's
    // recorded runs need (test/support/pi-runs/recording-key.ts); tests of the external editor set their own.
    env: {
      EDITOR: "",
      VISUAL: "",
      PITH_CACHE_DIR: mkdtempSync(join(tmpdir(), "pith-test-cache-")),
      PITH_TEST_CODE_CACHE: mkdtempSync(join(tmpdir(), "pith-test-v8-")),
      NODE_COMPILE_CACHE: mkdtempSync(join(tmpdir(), "pith-test-node22-")),
    },
  },
});
