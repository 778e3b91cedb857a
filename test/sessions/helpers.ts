// Shared test material: temporary folders that clean up, and messages in pi's shapes.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { removeAfterTest } from "../support/temp-folders.js";

/** A fresh folder, removed after the current test. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "pith-sessions-"));
  removeAfterTest(dir);
  return dir;
}

export const fixturesDir = new URL("./fixtures/", import.meta.url).pathname;

export { assistant, toolResult, user } from "./messages.js";
