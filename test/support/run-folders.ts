// vitest.config.ts makes the run's pith cache folder and shared V8 code cache folder in the temporary folder (every
// test process finds them through the environment); this global setup removes both when the run ends.
import { rm } from "node:fs/promises";
import type { TestProject } from "vitest/node";

export default function setup(project: TestProject): () => Promise<void> {
  const { PITH_CACHE_DIR, PITH_TEST_CODE_CACHE } = project.config.env;
  return async () => {
    for (const folder of [PITH_CACHE_DIR, PITH_TEST_CODE_CACHE]) if (folder) await rm(folder, { recursive: true, force: true });
  };
}
