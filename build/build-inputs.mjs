// What dist/ is built from, as one hash: `node build.mjs --if-stale` (the `prepare` script) skips the build when
// dist/ was built from exactly these inputs. npm runs `prepare` again whenever `npx pith` inside the clone installs
// the package into its own cache; without this check that first use rebuilds everything.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const SOURCE_FOLDERS = ["kernel", "lib", "plugins", "sdk", "build"];
const SOURCE_FILES = ["build.mjs", "package.json", "package-lock.json", "tsconfig.json", "tsconfig.build.json"];

function* filesUnder(root, folder) {
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* filesUnder(root, path);
    else if (entry.isFile()) yield path;
  }
}

/** A hash of every file the build reads from this repository (paths and contents). */
export function buildInputsHash(root = ".") {
  const hash = createHash("sha256");
  const files = [...SOURCE_FILES, ...SOURCE_FOLDERS.flatMap((folder) => [...filesUnder(root, folder)])];
  for (const file of files) {
    const path = join(root, file);
    if (!statSync(path, { throwIfNoEntry: false })?.isFile()) continue;
    hash.update(`${file}\0`).update(readFileSync(path)).update("\0");
  }
  return hash.digest("hex");
}

export const STAMP_FILE = "dist/.build-inputs";
