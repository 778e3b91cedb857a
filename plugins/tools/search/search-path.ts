// The folder or file grep and find search, checked before any work starts.
import { stat } from "node:fs/promises";
import { PithError } from "../../../kernel/index.js";
import { resolveToCwd } from "../paths.js";

export async function resolveSearchPath(
  path: string | undefined,
  cwd: string,
): Promise<{ absolutePath: string; isDirectory: boolean }> {
  const absolutePath = resolveToCwd(path || ".", cwd);
  try {
    return { absolutePath, isDirectory: (await stat(absolutePath)).isDirectory() };
  } catch {
    throw new PithError("TOOL_PATH_NOT_FOUND", `Path not found: ${absolutePath}`);
  }
}
