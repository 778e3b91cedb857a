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

/** A deterministic pseudo-random source (xorshift), so that a failure of a generated case names its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

export const fixturesDir = new URL("./fixtures/", import.meta.url).pathname;

export { assistant, toolResult, user } from "./messages.js";
