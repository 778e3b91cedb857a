// vitest.config.ts makes the run's pith cache folder, shared V8 code cache folder and Node 22 compile cache folder in
// the temporary folder (every test process finds them through the environment); this global setup removes them when
// the run ends.
import { rm } from "node:fs/promises";
import type { TestProject } from "vitest/node";

export default function setup(project: TestProject): () => Promise<void> {
  const { PITH_CACHE_DIR, PITH_TEST_CODE_CACHE, NODE_COMPILE_CACHE } = project.config.env;
  return async () => {
    for (const folder of [PITH_CACHE_DIR, PITH_TEST_CODE_CACHE, NODE_COMPILE_CACHE]) if (folder) await rm(folder, { recursive: true, force: true });
  };
}
