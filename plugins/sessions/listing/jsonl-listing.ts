// Lists session files without reading them whole: the header and first lines from the head, then at most a
// bounded tail of whatever the cache does not already describe. Counts are exact while the unknown part
// fits in the tail window; beyond that the middle is estimated from the line sizes seen and the result is
// marked `exact: false` until the session is next loaded in full.
import { closeSync, openSync, readSync, statSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { LAZY_LINE_BYTES, lazyMessageEntry } from "../reading/lazy-entry.js";
import { isHeader } from "../reading/load-entries.js";
import { loadListingCache, saveListingCache, type ListingRecord } from "./listing-cache.js";
import { addLine, emptyStats, mergeStats, statsOfLines, toSessionInfo, type SessionStats } from "./session-stats.js";
import type { SessionHeader, SessionInfo } from "../format/types.js";

export const HEAD_BYTES = 32 * 1024;
export const TAIL_BYTES = 64 * 1024;
export const BOUNDARY_BYTES = 32;
const BATCH = 64;

export interface ListingOptions {
  signal?: AbortSignal;
  /** read every file whole, making all counts exact (slow on big folders) */
  exact?: boolean;
}

export async function listSessionDirs(dirs: readonly string[], options: ListingOptions = {}): Promise<SessionInfo[]> {
  const all: SessionInfo[] = [];
  for (const dir of dirs) all.push(...(await listSessionDir(dir, options)));
  return all.sort((a, b) => b.modified.getTime() - a.modified.getTime());
}

async function listSessionDir(dir: string, options: ListingOptions = {}): Promise<SessionInfo[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith(".jsonl"));
  } catch {
    return [];
  }
  const cache = await loadListingCache(dir);
  const fresh = new Map<string, ListingRecord>();
  let dirty = names.length !== cache.size;
  const infos: SessionInfo[] = [];

  // Synchronous reads cost about half of promise-based ones for these small reads; yielding
  // between batches keeps the event loop (and an abort) responsive.
  for (let i = 0; i < names.length; i++) {
    if (i % BATCH === 0) {
      await new Promise((resolve) => setImmediate(resolve));
      options.signal?.throwIfAborted();
    }
    const name = names[i]!;
    const cached = cache.get(name);
    let record: ListingRecord | undefined;
    try {
      record = describeFile(join(dir, name), cached, options.exact ?? false);
    } catch {
      record = undefined; // vanished or unreadable: not listed
    }
    if (!record) continue;
    fresh.set(name, record);
    if (record !== cached) dirty = true;
    infos.push(toSessionInfo(join(dir, name), record.header, record.stats, new Date(record.mtimeMs), record.exact));
  }
  if (dirty) await saveListingCache(dir, fresh);
  return infos;
}

/** The cache's check of a file's content: the bytes just before `offset`. */
export function boundaryBefore(buffer: Buffer, offset: number): string {
  return buffer.subarray(Math.max(0, offset - BOUNDARY_BYTES), offset).toString("base64");
}

/** What a fully read file says, for the cache, so the next listing needs no reading at all. */
export function exactRecord(header: SessionHeader, lines: readonly unknown[], fileSize: number, mtimeMs: number, boundary: string): ListingRecord {
  const stats = statsOfLines(lines);
  return {
    fileSize,
    mtimeMs,
    scannedTo: fileSize,
    boundary,
    header: headerSummary(header),
    stats,
    exact: true,
  };
}

function describeFile(path: string, cached: ListingRecord | undefined, readAll: boolean): ListingRecord | undefined {
  const info = statSync(path);
  if (cached && cached.fileSize === info.size && cached.mtimeMs === info.mtimeMs && (cached.exact || !readAll)) return cached;
  const fd = openSync(path, "r");
  try {
    let header: SessionHeader;
    let stats: SessionStats;
    let scannedTo: number;
    let exact = true;
    let seenBytes = 0;

    if (cached && (cached.exact || !readAll) && cached.scannedTo <= info.size && boundaryMatches(fd, cached)) {
      header = cached.header;
      stats = { ...cached.stats };
      scannedTo = cached.scannedTo;
      exact = cached.exact;
    } else {
      const head = readAt(fd, 0, Math.min(info.size, HEAD_BYTES));
      const headerEnd = head.indexOf(0x0a);
      const parsedHeader = parseLine(head, 0, headerEnd === -1 ? head.length : headerEnd);
      if (!isHeader(parsedHeader)) return undefined;
      header = headerSummary(parsedHeader);
      stats = emptyStats();
      if (headerEnd === -1) return finish(fd, header, stats, head.length, info, true, head);
      const scan = scanLines(head, headerEnd + 1, stats);
      scannedTo = scan.end;
      seenBytes += scan.end;
    }

    const remaining = info.size - scannedTo;
    let lastRead: Buffer;
    if (remaining <= TAIL_BYTES || readAll) {
      const region = readAt(fd, scannedTo, remaining);
      const scanned = scanLines(region, 0, stats).end;
      lastRead = region.subarray(0, scanned);
      scannedTo += scanned;
    } else {
      // one byte more than the window, to know whether the window starts on a line boundary
      const windowStart = info.size - TAIL_BYTES - 1;
      const window = readAt(fd, windowStart, TAIL_BYTES + 1);
      const firstLine = window[0] === 0x0a ? 1 : window.indexOf(0x0a) + 1;
      const tailStats = emptyStats();
      const scan = scanLines(window, firstLine, tailStats);
      const gapBytes = windowStart + firstLine - scannedTo;
      const perByte = (stats.messageCount + tailStats.messageCount) / Math.max(1, seenBytes + scan.end - firstLine);
      const gap = emptyStats();
      gap.messageCount = Math.round(gapBytes * perByte);
      stats = mergeStats(mergeStats(stats, gap), tailStats);
      scannedTo = windowStart + scan.end;
      lastRead = window.subarray(0, scan.end);
      exact = false;
    }
    return finish(fd, header, stats, scannedTo, info, exact, lastRead);
  } finally {
    closeSync(fd);
  }
}

function finish(
  fd: number,
  header: SessionHeader,
  stats: SessionStats,
  scannedTo: number,
  info: { size: number; mtimeMs: number },
  exact: boolean,
  /** bytes just read that end at `scannedTo`, which usually hold the boundary already */
  endingAtScan: Buffer,
): ListingRecord {
  const start = Math.max(0, scannedTo - BOUNDARY_BYTES);
  const length = scannedTo - start;
  const bytes = endingAtScan.length >= length ? endingAtScan.subarray(endingAtScan.length - length) : readAt(fd, start, length);
  return { fileSize: info.size, mtimeMs: info.mtimeMs, scannedTo, boundary: bytes.toString("base64"), header, stats, exact };
}

function boundaryMatches(fd: number, record: ListingRecord): boolean {
  const start = Math.max(0, record.scannedTo - BOUNDARY_BYTES);
  return readAt(fd, start, record.scannedTo - start).toString("base64") === record.boundary;
}

/** feeds every complete line from `from` on; returns the offset just past the last one */
function scanLines(buffer: Buffer, from: number, stats: SessionStats): { end: number } {
  let start = from;
  let end = from;
  for (;;) {
    const newline = buffer.indexOf(0x0a, start);
    if (newline === -1) break;
    addLine(stats, parseLine(buffer, start, newline));
    start = newline + 1;
    end = start;
  }
  return { end };
}

/** big message lines are not parsed: their prefix gives the role, and only user/assistant ones get read */
function parseLine(buffer: Buffer, start: number, end: number): unknown {
  if (end <= start) return undefined;
  if (end - start >= LAZY_LINE_BYTES) {
    const lazy = lazyMessageEntry(buffer.subarray(start, end), () => undefined);
    if (lazy) return lazy;
  }
  try {
    return JSON.parse(buffer.toString("utf8", start, end));
  } catch {
    return undefined;
  }
}

function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.allocUnsafe(Math.max(0, length));
  let filled = 0;
  while (filled < length) {
    const bytesRead = readSync(fd, buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}

function headerSummary(header: SessionHeader): SessionHeader {
  const summary: SessionHeader = { type: "session", id: header.id, timestamp: header.timestamp, cwd: header.cwd };
  if (header.version !== undefined) summary.version = header.version;
  if (header.parentSession !== undefined) summary.parentSession = header.parentSession;
  return summary;
}
