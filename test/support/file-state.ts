// Test files share worker processes (isolate: false in vitest.config.ts), so what one file changes in the process
// must not leak into the next: each file's environment variables, working folder and timers are put back when it
// ends, and the temporary folders of its tests (temp-folders.ts) are removed after each test. Module state of pith's
// own modules is shared on purpose: it is what one long-lived process has too.
import { afterAll, afterEach, vi } from "vitest";
import { removeTestFolders } from "./temp-folders.js";

const environment = { ...process.env };
const workingFolder = process.cwd();

afterEach(removeTestFolders);

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  if (process.cwd() !== workingFolder) process.chdir(workingFolder);
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
});
