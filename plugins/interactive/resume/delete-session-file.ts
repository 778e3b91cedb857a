// Deleting a session from a picker (/resume, and the session selector extensions draw): its own module, so the
// extensions' UI shim reaches it without the /resume command and what that command imports.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { unlink } from "node:fs/promises";

/** hands the file to the `trash` program when there is one (as pi does), else removes it */
export async function deleteSessionFile(path: string): Promise<"trash" | "deleted"> {
  const trashed = spawnSync("trash", path.startsWith("-") ? ["--", path] : [path], { stdio: "ignore" });
  if (trashed.status === 0 || !existsSync(path)) return "trash";
  await unlink(path);
  return "deleted";
}
