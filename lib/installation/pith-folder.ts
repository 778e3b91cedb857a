// Where pith is installed: its README, docs and examples are there (the system prompt points the model at them,
// and the UI names reads of them as pith's docs).
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let found: string | undefined;

/** The nearest folder above this module with a package.json (the bundle's or the sources'). */
export function pithFolder(): string {
  if (found) return found;
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(folder, "package.json")) && dirname(folder) !== folder) folder = dirname(folder);
  return (found = folder);
}
