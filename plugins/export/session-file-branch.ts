// The active branch of a session file, read without holding the file: a first pass notes where each entry's line
// is and who its parent is; the entries of the branch are then read back one line at a time. Files older than
// format version 3 (no ids) are upgraded in memory by the sessions plugin's loader instead.
import { open, readFile, type FileHandle } from "node:fs/promises";
import { PithError, errorMessage } from "../../kernel/index.js";
import { loadSessionRecords, parseJsonlBuffer, CURRENT_SESSION_VERSION } from "../sessions/index.js";
import { branchOf, isRecord, type BranchSource, type RawEntry, type TreeNode } from "./branch-source.js";
import { inMemoryTree, treeNode, treeNodeFromHead } from "./session-tree.js";

const CHUNK_BYTES = 1 << 20;
/** pith and pi write every entry with these keys first; longer lines are not parsed in the first pass */
const ENTRY_PREFIX = /^\{"type":"([a-z_]{1,40})","id":"([^"\\]{1,64})","parentId":(?:null|"([^"\\]{1,64})")/;
/** how much of a long line is read for its label in the tree */
const HEAD_BYTES = 1024;
const PARSE_IN_FIRST_PASS_BYTES = 64 * 1024;

interface LineRef extends TreeNode {
  type: string;
  offset: number;
  length: number;
  name?: string;
}

/** The branch ending at `leafId` (default: the file's last entry, which is where pi and pith resume). */
export async function sessionFileBranch(path: string, options: { leafId?: string | null; signal?: AbortSignal } = {}): Promise<BranchSource> {
  let handle: FileHandle;
  try {
    handle = await open(path, "r");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new PithError("EXPORT_NOT_FOUND", `Cannot export ${path}: there is no such file.`);
    throw new PithError("EXPORT_READ_FAILED", `Cannot read ${path}: ${errorMessage(error)}`, { cause: error });
  }
  try {
    const scan = await scanLines(handle, path, options.signal);
    const version = typeof scan.header.version === "number" ? scan.header.version : 1;
    if (version < CURRENT_SESSION_VERSION) return await upgradedBranch(path, options.leafId);
    const refs = branchOf(scan.refs, options.leafId);
    const name = refs.reduce<string | undefined>((latest, ref) => (ref.type === "session_info" ? ref.name : latest), undefined);
    const byId = new Map(scan.refs.map((ref) => [ref.id, ref]));
    return {
      header: scan.header,
      name,
      warnings: scan.warnings,
      leafId: refs.at(-1)?.id,
      tree: scan.refs,
      entries: (signal) => readBack(path, refs, signal),
      read: (ids, signal) => readBack(path, ids.map((id) => byId.get(id)).filter((ref): ref is LineRef => ref !== undefined), signal),
    };
  } finally {
    await handle.close();
  }
}

async function* readBack(path: string, refs: readonly LineRef[], signal?: AbortSignal): AsyncIterable<RawEntry> {
  const handle = await open(path, "r");
  try {
    for (const ref of refs) {
      signal?.throwIfAborted();
      const line = Buffer.allocUnsafe(ref.length);
      await handle.read(line, 0, ref.length, ref.offset);
      const value: unknown = JSON.parse(line.toString("utf8"));
      if (isRecord(value)) yield value;
    }
  } finally {
    await handle.close();
  }
}

interface Scan {
  header: RawEntry;
  refs: LineRef[];
  warnings: string[];
}

async function scanLines(handle: FileHandle, path: string, signal?: AbortSignal): Promise<Scan> {
  const refs: LineRef[] = [];
  const ids = new Set<string>();
  const warnings: string[] = [];
  let header: RawEntry | undefined;
  let lineNumber = 0;
  const take = (line: Buffer, offset: number) => {
    lineNumber++;
    let length = line.length;
    if (length > 0 && line[length - 1] === 0x0d) length--;
    if (lineNumber === 1 && line[0] === 0xef && line[1] === 0xbb && line[2] === 0xbf) {
      line = line.subarray(3, length);
      offset += 3;
      length -= 3;
    }
    if (length === 0) return;
    if (!header) {
      header = parseHeader(line.subarray(0, length), path);
      return;
    }
    const ref = lineRef(line.subarray(0, length), offset, length);
    if (!ref) return void warnings.push(`${path}:${lineNumber}: not a session entry; skipped`);
    if (ids.has(ref.id)) return void warnings.push(`${path}:${lineNumber}: id ${ref.id} was used before; skipped`);
    // a parent that comes later would make a cycle: the entry is a root, as the sessions plugin treats it
    if (ref.parentId !== null && !ids.has(ref.parentId)) ref.parentId = null;
    ids.add(ref.id);
    refs.push(ref);
  };
  const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  let pending: Buffer[] = [];
  let pendingStart = 0;
  let position = 0;
  for (;;) {
    signal?.throwIfAborted();
    const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, position);
    if (bytesRead === 0) break;
    let start = 0;
    for (let end = chunk.indexOf(0x0a, 0); end !== -1 && end < bytesRead; end = chunk.indexOf(0x0a, start)) {
      const piece = chunk.subarray(start, end);
      take(pending.length > 0 ? Buffer.concat([...pending, piece]) : piece, pending.length > 0 ? pendingStart : position + start);
      pending = [];
      start = end + 1;
    }
    if (start < bytesRead) {
      if (pending.length === 0) pendingStart = position + start;
      pending.push(Buffer.from(chunk.subarray(start, bytesRead)));
    }
    position += bytesRead;
  }
  // a last line without a newline is complete only if it parses (a torn write is not)
  if (pending.length > 0) {
    const last = Buffer.concat(pending);
    if (isJson(last)) take(last, pendingStart);
    else warnings.push(`${path}:${lineNumber + 1}: incomplete last line; skipped`);
  }
  if (!header) throw new PithError("EXPORT_NOT_A_SESSION", `Cannot export ${path}: it is empty, not a session file.`);
  return { header, refs, warnings };
}

function parseHeader(line: Buffer, path: string): RawEntry {
  let value: unknown;
  try {
    value = JSON.parse(line.toString("utf8"));
  } catch {
    value = undefined;
  }
  if (!isRecord(value) || value.type !== "session" || typeof value.id !== "string") {
    throw new PithError("EXPORT_NOT_A_SESSION", `Cannot export ${path}: its first line is not a session header, so it is not a session file.`);
  }
  return value;
}

function lineRef(line: Buffer, offset: number, length: number): LineRef | undefined {
  if (length > PARSE_IN_FIRST_PASS_BYTES) {
    const head = line.toString("utf8", 0, HEAD_BYTES);
    const match = ENTRY_PREFIX.exec(head);
    if (match && line[length - 1] === 0x7d) {
      const [, type, id, parentId] = match as unknown as [string, string, string, string | undefined];
      return { ...treeNodeFromHead(type, id, parentId ?? null, head), type, offset, length };
    }
  }
  let value: unknown;
  try {
    value = JSON.parse(line.toString("utf8"));
  } catch {
    return undefined;
  }
  if (!isRecord(value) || typeof value.type !== "string" || typeof value.id !== "string" || value.id === "") return undefined;
  const parentId = typeof value.parentId === "string" ? value.parentId : null;
  const ref: LineRef = { ...treeNode(value, value.id, parentId), type: value.type, offset, length };
  if (value.type === "session_info") ref.name = typeof value.name === "string" && value.name.trim() ? value.name.trim() : undefined;
  return ref;
}

function isJson(line: Buffer): boolean {
  try {
    JSON.parse(line.toString("utf8"));
    return true;
  } catch {
    return false;
  }
}

/** Version 1 and 2 files, upgraded in memory the way the sessions plugin opens them; such files are small. */
async function upgradedBranch(path: string, leafId: string | null | undefined): Promise<BranchSource> {
  const parsed = parseJsonlBuffer(await readFile(path), path);
  const loaded = loadSessionRecords(parsed.records, path, parsed.warnings);
  if (!loaded.ok) throw new PithError("EXPORT_NOT_A_SESSION", `Cannot export ${path}: its first line is not a session header.`);
  const { header, entries, warnings } = loaded.session;
  const branch = branchOf(entries, leafId) as unknown as RawEntry[];
  const name = branch.reduce<string | undefined>((latest, entry) => (entry.type === "session_info" && typeof entry.name === "string" ? entry.name : latest), undefined);
  return {
    header: header as unknown as RawEntry,
    name,
    warnings: warnings.map((problem) => problem.message),
    leafId: typeof branch.at(-1)?.id === "string" ? (branch.at(-1)!.id as string) : undefined,
    ...inMemoryTree(entries as unknown as RawEntry[]),
    entries: async function* () {
      yield* branch;
    },
  };
}
