// A per-folder cache of what listings learned about each session file (`.pith-sessions-index.json`).
// It is only a cache: every record is checked against the file's size, mtime and the bytes just before the
// point it describes, so a lost, stale or concurrently rewritten cache costs reading, never wrong answers.
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { replaceFile, replaceFileSync } from "../../../lib/fs/replace-file.js";
import type { SessionStats } from "./session-stats.js";
import type { SessionHeader } from "../format/types.js";

export const LISTING_CACHE_NAME = ".pith-sessions-index.json";
const CACHE_VERSION = 1;

export interface ListingRecord {
  fileSize: number;
  mtimeMs: number;
  /** offset just past the last complete line the stats cover */
  scannedTo: number;
  /** base64 of the bytes right before `scannedTo`, to notice a file replaced by another */
  boundary: string;
  header: SessionHeader;
  stats: SessionStats;
  exact: boolean;
}

export type ListingCache = Map<string, ListingRecord>;

export async function loadListingCache(dir: string): Promise<ListingCache> {
  writeRemembered();
  try {
    return decode(await readFile(join(dir, LISTING_CACHE_NAME), "utf8"));
  } catch {
    return new Map();
  }
}

/** best effort: a folder we cannot write to simply stays uncached */
export async function saveListingCache(dir: string, cache: ListingCache): Promise<void> {
  try {
    await replaceFile(join(dir, LISTING_CACHE_NAME), encode(cache));
  } catch {
    // read-only folder or a race with another writer: the next listing rebuilds what it needs
  }
}

/** Records waiting to be written, by folder and file name: made when asked for, at the write. */
const pending = new Map<string, Map<string, () => ListingRecord>>();
/** a resume's first request should not wait for the cache: it is written this long after a load, or at exit */
const REMEMBER_DELAY_MS = 2000;

/**
 * Sets one file's record (after a full load, which read everything anyway), soon but off the path of the load
 * that learned it; best effort like saving.
 */
export function rememberRecord(dir: string, name: string, record: () => ListingRecord): void {
  if (pending.size === 0) {
    setTimeout(writeRemembered, REMEMBER_DELAY_MS).unref();
    process.once("exit", writeRemembered);
  }
  let files = pending.get(dir);
  if (!files) pending.set(dir, (files = new Map()));
  files.set(name, record);
}

/** Writes every remembered record now (also what a listing does first, so that it reads them). */
export function writeRemembered(): void {
  if (pending.size === 0) return;
  const folders = [...pending];
  pending.clear();
  process.removeListener("exit", writeRemembered);
  for (const [dir, files] of folders) {
    const path = join(dir, LISTING_CACHE_NAME);
    try {
      let cache: ListingCache;
      try {
        cache = decode(readFileSync(path, "utf8"));
      } catch {
        cache = new Map();
      }
      for (const [name, record] of files) cache.set(name, record());
      replaceFileSync(path, encode(cache));
    } catch {
      // see saveListingCache
    }
  }
}

function decode(text: string): ListingCache {
  const parsed = JSON.parse(text) as { version?: number; files?: Record<string, ListingRecord> };
  if (parsed.version !== CACHE_VERSION || typeof parsed.files !== "object" || parsed.files === null) return new Map();
  return new Map(Object.entries(parsed.files));
}

function encode(cache: ListingCache): string {
  return JSON.stringify({ version: CACHE_VERSION, files: Object.fromEntries(cache) });
}
