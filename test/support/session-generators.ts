// Generators for big session files and the measurements quoted in docs/sessions.md. Not used at run time.
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { JsonlSessionStore } from "../../plugins/sessions/storage/jsonl-store.js";
import { SessionManager } from "../../plugins/sessions/session-manager.js";
import { LISTING_CACHE_NAME } from "../../plugins/sessions/listing/listing-cache.js";
import { defaultSessionDir, sessionFileName } from "../../plugins/sessions/storage/paths.js";
import { uuidv7 } from "../../plugins/sessions/format/uuid-v7.js";

/**
 * What a reply reports when `contextTokens` were sent: the figures a model with a window large enough for the
 * whole file would have reported, so that resuming with a smaller window has to compact first, as it would.
 */
function usageFor(contextTokens: number) {
  const input = Math.max(1, Math.round(contextTokens));
  return { input, output: 300, cacheRead: 0, cacheWrite: 0, totalTokens: input + 300, cost: { input: 0.01, output: 0.02, cacheRead: 0, cacheWrite: 0, total: 0.03 } };
}

/** A tool output of about `bytes` bytes that looks like source code (so JSON escaping costs what it costs). */
function toolOutput(bytes: number, seed: number): string {
  const line = `  const value${seed} = compute("item-${seed}", { depth: ${seed % 17}, tag: "\\u00e9t\\u00e9" });\n`;
  return line.repeat(Math.max(1, Math.ceil(bytes / line.length)));
}

export interface LargeSessionShape {
  /** default 128 MiB */
  targetBytes?: number;
  /** default 9,000 (a third each user, assistant with a tool call, tool result) */
  messages?: number;
  cwd?: string;
  /** add a compaction every this many turns (keeping the current turn), as long sessions have */
  compactionEvery?: number;
}

/** Bump when the generated content changes: the file names carry it, so old files are not reused. */
export const GENERATOR_VERSION = 2;

/** Writes one big, valid, linear session; returns its size in bytes. */
export function writeLargeSession(path: string, shape: LargeSessionShape = {}): number {
  const targetBytes = shape.targetBytes ?? 128 * 1024 * 1024;
  const turns = Math.floor((shape.messages ?? 9000) / 3);
  const perResult = Math.floor((targetBytes / turns - 900) * 0.87); // JSON escaping adds about 15%
  const fd = openSync(path, "w");
  let size = 0;
  // one clock for entries and their messages, a second per entry, so replies are newer than the compactions before them
  let clock = 1_700_000_000_000;
  const tick = () => (clock += 1000);
  // what the model saw: about four characters a token, from the last compaction's kept turn on
  let contextChars = 0;
  const put = (value: unknown) => {
    const line = `${JSON.stringify(value)}\n`;
    contextChars += line.length;
    size += writeSync(fd, line);
  };
  try {
    put({ type: "session", version: 3, id: uuidv7(), timestamp: new Date(0).toISOString(), cwd: shape.cwd ?? "/bench/project" });
    let parentId: string | null = null;
    const entry = (id: string, message: Record<string, unknown>) => {
      put({ type: "message", id, parentId, timestamp: new Date(clock).toISOString(), message: { ...message, timestamp: clock } });
      parentId = id;
    };
    for (let turn = 0; turn < turns; turn++) {
      const hex = turn.toString(16).padStart(6, "0");
      const userId = `a${hex}0`.slice(0, 8);
      tick();
      const turnStart = contextChars;
      entry(userId, { role: "user", content: `Please look at module ${turn} and fix the failing test.` });
      if (shape.compactionEvery && turn > 0 && turn % shape.compactionEvery === 0) {
        const id = `d${hex}0`.slice(0, 8);
        tick();
        put({ type: "compaction", id, parentId, timestamp: new Date(clock).toISOString(), summary: `Work up to module ${turn}.`, firstKeptEntryId: userId, tokensBefore: 150_000 });
        parentId = id;
        contextChars -= turnStart;
      }
      tick();
      entry(`b${hex}0`.slice(0, 8), {
        role: "assistant",
        content: [
          { type: "text", text: `Reading module ${turn}.` },
          { type: "toolCall", id: `call_${turn}`, name: "read", arguments: { path: `src/module-${turn}.ts` } },
        ],
        api: "anthropic-messages",
        provider: "anthropic",
        model: "claude-sonnet-4-5",
        usage: usageFor(contextChars / 4),
        stopReason: "toolUse",
      });
      tick();
      entry(`c${hex}0`.slice(0, 8), {
        role: "toolResult",
        toolCallId: `call_${turn}`,
        toolName: "read",
        content: [{ type: "text", text: toolOutput(perResult, turn) }],
        isError: false,
      });
    }
  } finally {
    closeSync(fd);
  }
  return size;
}

export interface FarmShape {
  files?: number;
  /** default 4 GiB */
  totalBytes?: number;
  /** how many project folders the files are spread over (default 1) */
  projects?: number;
}

/** Fills `<agentDir>/sessions/--bench-pN--/` with many sessions; returns the bytes written. */
export function writeSessionFarm(agentDir: string, shape: FarmShape = {}): number {
  const files = shape.files ?? 3000;
  const perFile = Math.floor((shape.totalBytes ?? 4 * 1024 * 1024 * 1024) / files);
  const projects = shape.projects ?? 1;
  mkdirSync(agentDir, { recursive: true });
  const template = join(agentDir, "template.jsonl");
  writeLargeSession(template, { targetBytes: perFile, messages: Math.max(30, Math.floor(perFile / 15_000)) });
  const body = readFileSync(template);
  rmSync(template);
  const firstNewline = body.indexOf(0x0a);
  let total = 0;
  for (let i = 0; i < files; i++) {
    const cwd = `/bench/p${i % projects}`;
    const dir = join(agentDir, "sessions", `--bench-p${i % projects}--`);
    mkdirSync(dir, { recursive: true });
    const id = uuidv7();
    const timestamp = new Date(1_700_000_000_000 + i * 60_000).toISOString();
    const header = Buffer.from(`${JSON.stringify({ type: "session", version: 3, id, timestamp, cwd })}\n`);
    const fd = openSync(join(dir, sessionFileName(timestamp, id)), "w");
    total += writeSync(fd, header) + writeSync(fd, body, firstNewline + 1);
    closeSync(fd);
  }
  return total;
}

/** Peak resident memory of this process so far (Linux), in bytes. */
export function peakRss(): number | undefined {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

export interface Timing {
  ms: number;
  peakRssBefore?: number;
  peakRssAfter?: number;
}

/** Opens a session file the way a resume does (read, parse, index, rebuild the context). */
export function timeOpen(path: string, agentDir: string): Timing & { entries: number; contextMessages: number } {
  const peakRssBefore = peakRss();
  const started = performance.now();
  const manager = SessionManager.open(new JsonlSessionStore({ agentDir }), path);
  const contextMessages = manager.buildSessionContext().messages.length;
  const ms = performance.now() - started;
  const entries = manager.getEntries().length;
  manager.close();
  return { ms, entries, contextMessages, peakRssBefore, peakRssAfter: peakRss() };
}

/** Lists sessions of one project or of all, the way a session picker does. */
export async function timeList(agentDir: string, query: { cwd?: string; all?: boolean }): Promise<Timing & { sessions: number; exact: number }> {
  const started = performance.now();
  const sessions = await new JsonlSessionStore({ agentDir }).list(query);
  return { ms: performance.now() - started, sessions: sessions.length, exact: sessions.filter((s) => s.exact).length };
}

export interface SessionBenchFigures {
  /** the generated files */
  linearFile: string;
  compactedFile: string;
  openLinear: ReturnType<typeof timeOpen>;
  openCompacted: ReturnType<typeof timeOpen>;
  listCold: Awaited<ReturnType<typeof timeList>>;
  listWarm: Awaited<ReturnType<typeof timeList>>;
}

/**
 * The figures of docs/sessions.md: opens a 128 MB session with and without compactions, and lists 3,000
 * sessions of 4 GB without and with the listing cache. Files are generated under `workDir` once (≈4.2 GB).
 */
export async function runSessionBenchmarks(workDir: string): Promise<SessionBenchFigures> {
  const large = join(workDir, "large");
  mkdirSync(large, { recursive: true });
  const linear = join(large, `linear-v${GENERATOR_VERSION}.jsonl`);
  const compacted = join(large, `compacted-v${GENERATOR_VERSION}.jsonl`);
  if (!existsSync(linear)) writeLargeSession(linear);
  if (!existsSync(compacted)) writeLargeSession(compacted, { compactionEvery: 100 });
  const openLinear = timeOpen(linear, large);
  const openCompacted = timeOpen(compacted, large);

  const farm = join(workDir, "farm");
  if (!existsSync(join(farm, "sessions"))) writeSessionFarm(farm);
  const cache = join(defaultSessionDir("/bench/p0", farm), LISTING_CACHE_NAME);
  rmSync(cache, { force: true });
  const listCold = await timeList(farm, { cwd: "/bench/p0" });
  const listWarm = await timeList(farm, { cwd: "/bench/p0" });
  return { linearFile: linear, compactedFile: compacted, openLinear, openCompacted, listCold, listWarm };
}
