// Finds programs on PATH (bash, rg, fd); pith never downloads them.
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, join } from "node:path";

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The first of `names` found on `searchPath` (default: this process's PATH), as an absolute path. */
export function findExecutable(names: readonly string[], searchPath = process.env.PATH ?? ""): string | undefined {
  const folders = searchPath.split(delimiter).filter(Boolean);
  const suffixes = process.platform === "win32" ? ["", ".exe", ".cmd"] : [""];
  for (const name of names) {
    for (const folder of folders) {
      for (const suffix of suffixes) {
        const candidate = join(folder, name + suffix);
        if (isExecutableFile(candidate)) return candidate;
      }
    }
  }
  return undefined;
}
