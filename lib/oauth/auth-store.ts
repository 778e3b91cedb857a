// Changing auth.json as pi does: under its lock (proper-lockfile's `<file>.lock`, on the file a symlink points
// to, 30 s stale as pi's refresh lock), re-read, change one provider's entry, written back whole with two-space
// indent, mode 0600 in a 0700 folder. Other providers' entries are kept byte for byte in meaning.
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { dirname } from "node:path";
import { PithError } from "../../kernel/index.js";
import { replaceFile } from "../fs/replace-file.js";
import { parseJsonText } from "../json/json-text.js";
import { withFileLock } from "../lock/file-lock.js";

export type AuthEntries = Record<string, Record<string, unknown>>;

/** pi's refresh lock goes stale after 30 s; ours must not take it over sooner */
const STALE_MS = 30_000;

async function ensureFile(path: string): Promise<void> {
  if (existsSync(path)) return;
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFile(path, "{}", { mode: 0o600, flag: "wx" }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "EEXIST") throw error;
  });
}

function parse(path: string, text: string): AuthEntries {
  if (text.trim() === "") return {};
  let parsed: unknown;
  try {
    // comments, which the reader allows, are refused here: writing the file back would drop them
    parsed = parseJsonText(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new PithError("AUTH_JSON_INVALID", `${path} is not valid JSON (${(error as Error).message}); fix it before signing in, so no other login in it is lost.`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new PithError("AUTH_JSON_INVALID", `${path} must hold an object {"<provider>": {...}}; fix it before signing in.`);
  }
  return parsed as AuthEntries;
}

/**
 * Runs `change` on the provider's current entry under the lock; its result is written (`null` deletes the
 * entry, `undefined` leaves the file alone). Resolves with the entry as it stands afterwards.
 */
export async function modifyAuthEntry(
  path: string,
  provider: string,
  change: (current: Record<string, unknown> | undefined) => Promise<Record<string, unknown> | null | undefined>,
  signal?: AbortSignal,
): Promise<Record<string, unknown> | undefined> {
  await ensureFile(path);
  return withFileLock(
    path,
    async () => {
      const entries = parse(path, await readFile(path, "utf8"));
      const next = await change(entries[provider]);
      if (next === undefined) return entries[provider];
      if (next === null) delete entries[provider];
      else entries[provider] = next;
      // replaced whole: a run killed while a refreshed token is written must not lose every other login
      await replaceFile(path, JSON.stringify(entries, null, 2), { mode: 0o600 });
      await chmod(path, 0o600);
      return next ?? undefined;
    },
    { signal, staleMs: STALE_MS, resolveSymlinks: true, lockedCode: "AUTH_JSON_LOCKED", timeoutMs: STALE_MS },
  );
}
