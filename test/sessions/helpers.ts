// Shared test material: temporary folders that clean up, and messages in pi's shapes.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";

const created: string[] = [];

/** A fresh folder, removed after the current test. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "pith-sessions-"));
  created.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export const fixturesDir = new URL("./fixtures/", import.meta.url).pathname;

export { assistant, toolResult, user } from "./messages.js";
