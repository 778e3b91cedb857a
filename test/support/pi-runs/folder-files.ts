// What pi can read in a test's temporary folders is part of a recorded run's key, and what it writes there is part of
// the recording: a replay writes it back, so the test goes on with the files pi would have left.
import { createHash } from "node:crypto";
import { lstat, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Placeholders } from "./placeholders.js";

/** A file's contents as recorded: text with placeholders, or bytes in base64 when not UTF-8 text. */
export type StoredContent = { text: string } | { base64: string };

/** a file's path with placeholders → its contents, as text with placeholders when it is text, and their hash */
export type FolderState = Map<string, FolderFile>;

export interface FolderFile {
  hash: string;
  content: Buffer;
  /** the contents with placeholders; undefined when they are not UTF-8 text */
  hidden: string | undefined;
}

/** Past this, a folder is not recorded (a run over it is not replayed): the key would cost more than it saves. */
const MAX_FILES = 5_000;
const MAX_TEXT_BYTES = 4 << 20;

/** The files under `folders` (symbolic links not followed), keyed by placeholder path; undefined when too many. */
export async function readFolders(folders: string[], names: Placeholders): Promise<FolderState | undefined> {
  const state: FolderState = new Map();
  for (const folder of folders) {
    const files = await listFiles(folder);
    if (files === undefined || state.size + files.length > MAX_FILES) return undefined;
    for (const file of files) {
      const content = await readFile(file).catch(() => undefined);
      if (content === undefined) continue;
      const text = asText(content);
      const hidden = text === undefined ? undefined : names.hide(text);
      // a lock names its holder's pid and the time: what pi sees of it is that it is there
      const hash = file.endsWith(".lock") ? "a lock" : createHash("sha256").update(hidden ?? content).digest("hex");
      state.set(names.hide(file), { hash, content, hidden });
    }
  }
  return state;
}

/** What changed from `before` to `after`: written files' contents, and removed files (null). */
export function changedFiles(before: FolderState, after: FolderState): Record<string, StoredContent | null> {
  const changes: Record<string, StoredContent | null> = {};
  for (const [path, file] of after) if (before.get(path)?.hash !== file.hash) changes[path] = stored(file);
  for (const path of before.keys()) if (!after.has(path)) changes[path] = null;
  return changes;
}

/** Writes a recording's changes back; false when a path or text names a folder or port this run does not have. */
export async function writeChanges(changes: Record<string, StoredContent | null>, names: Placeholders): Promise<boolean> {
  const resolved: Array<[path: string, content: Buffer | null]> = [];
  for (const [stored, content] of Object.entries(changes)) {
    const path = names.show(stored);
    const text = content && "text" in content ? names.show(content.text) : undefined;
    if (path === undefined || (content && "text" in content && text === undefined)) return false;
    resolved.push([path, content === null ? null : text !== undefined ? Buffer.from(text) : Buffer.from((content as { base64: string }).base64, "base64")]);
  }
  for (const [path, content] of resolved) {
    if (content === null) await rm(path, { force: true });
    else {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, content);
    }
  }
  return true;
}

/** The folder state as key material: paths and hashes in order. */
export function folderKey(state: FolderState): Array<[string, string]> {
  return [...state].map(([path, { hash }]) => [path, hash] as [string, string]).sort(([a], [b]) => (a < b ? -1 : 1));
}

function stored({ content, hidden }: FolderFile): StoredContent {
  return hidden === undefined ? { base64: content.toString("base64") } : { text: hidden };
}

function asText(content: Buffer): string | undefined {
  if (content.length > MAX_TEXT_BYTES || content.includes(0)) return undefined;
  const text = content.toString("utf8");
  return Buffer.byteLength(text) === content.length && !text.includes("\uFFFD") ? text : undefined;
}

/** A test world's own cache folder is pith's (compiled extensions, code caches): pi never reads it. */
const PITH_CACHE = "cache";
/** pith's cache of what its session listings learned (file sizes and times): pi never reads it either. */
const PITH_LISTING_CACHE = ".pith-sessions-index.json";

async function listFiles(root: string): Promise<string[] | undefined> {
  const files: string[] = [];
  const walk = async (folder: string): Promise<boolean> => {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if ((folder === root && entry.name === PITH_CACHE) || entry.name === PITH_LISTING_CACHE) continue;
      if (entry.isDirectory()) {
        if (!(await walk(path))) return false;
      } else if (entry.isFile()) {
        files.push(path);
        if (files.length > MAX_FILES) return false;
      }
    }
    return true;
  };
  const stat = await lstat(root).catch(() => undefined);
  if (!stat?.isDirectory()) return [];
  return (await walk(root)) ? files : undefined;
}
