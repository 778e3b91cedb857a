// Replacing a file whole: the new contents are written beside it and renamed over it, so a reader (another pith, pi,
// an editor) sees the old file or the new one, never half of one, and a process killed during the write leaves the
// old file as it was. A symbolic link stays a link: the file it points to is the one replaced.
import { randomBytes } from "node:crypto";
import { realpathSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { realpath, rename, unlink, writeFile } from "node:fs/promises";

export interface ReplaceOptions {
  /** the permissions a new file gets (a replaced file's own are not copied) */
  mode?: number;
}

const besideOf = (target: string) => `${target}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;

export async function replaceFile(path: string, data: string | Uint8Array, options: ReplaceOptions = {}): Promise<void> {
  const target = await realpath(path).catch(() => path);
  const beside = besideOf(target);
  try {
    await writeFile(beside, data, { mode: options.mode });
    await rename(beside, target);
  } catch (error) {
    await unlink(beside).catch(() => undefined);
    throw error;
  }
}

/** {@link replaceFile} at once, for what must finish before the process ends (a crash record) or a synchronous API. */
export function replaceFileSync(path: string, data: string | Uint8Array, options: ReplaceOptions = {}): void {
  let target = path;
  try {
    target = realpathSync(path);
  } catch {
    // a new file: written where it is named
  }
  const beside = besideOf(target);
  try {
    writeFileSync(beside, data, { mode: options.mode });
    renameSync(beside, target);
  } catch (error) {
    try {
      unlinkSync(beside);
    } catch {
      // never written
    }
    throw error;
  }
}
