// Temporary folders removed after the test that made them. Test files share worker processes (isolate: false), so
// a helper module's own afterEach would be registered only in the first file that imports it, and every later
// file's folders would stay behind; file-state.ts, a setup file and so part of every file, removes them instead.
import { rm } from "node:fs/promises";

const folders: string[] = [];

/** Removes `folder` (recursively) after the current test, or after the next test to end when made outside one. */
export function removeAfterTest(folder: string): string {
  folders.push(folder);
  return folder;
}

/** For file-state.ts: removes every folder registered so far. */
export async function removeTestFolders(): Promise<void> {
  // a child process the test killed may still be ending when its folder goes (a CI run met ENOTEMPTY once in
  // sessions/kill): node retries such a removal instead of failing the test that made the folder
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true, maxRetries: 5 })));
}
