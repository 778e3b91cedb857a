// Full-text search over stored sessions, streamed file by file and line by line, stoppable at any time.
import { createReadStream } from "node:fs";
import { messageText, type AgentMessage } from "../../../kernel/index.js";

export interface SearchHit {
  path: string;
  entryId: string;
  role: string;
  /** the matching text, cut around the first match */
  snippet: string;
}

export interface SearchOptions {
  signal?: AbortSignal;
  caseSensitive?: boolean;
  /** characters of context on each side of the match in `snippet` (default 60) */
  context?: number;
}

const SEARCHED_ROLES = new Set(["user", "assistant", "custom", "bashExecution"]);

/**
 * Yields every message whose text contains `query`, in file order. Reads each file as a stream (never whole),
 * and stops with an AbortError as soon as `signal` fires.
 */
export async function* searchSessions(paths: readonly string[], query: string, options: SearchOptions = {}): AsyncGenerator<SearchHit> {
  const needle = options.caseSensitive ? query : query.toLowerCase();
  const fold = (text: string) => (options.caseSensitive ? text : text.toLowerCase());
  for (const path of paths) {
    options.signal?.throwIfAborted();
    for await (const line of lines(path, options.signal)) {
      if (!fold(line).includes(needle)) continue; // cheap filter before parsing
      const hit = matchLine(line, needle, fold, options.context ?? 60);
      if (hit) yield { path, ...hit };
    }
  }
}

function matchLine(line: string, needle: string, fold: (text: string) => string, context: number): Omit<SearchHit, "path"> | undefined {
  let entry: { type?: unknown; id?: unknown; message?: { role?: unknown }; content?: unknown };
  try {
    entry = JSON.parse(line) as typeof entry;
  } catch {
    return undefined;
  }
  let text: string;
  let role: string;
  if (entry.type === "message" && entry.message && SEARCHED_ROLES.has(String(entry.message.role))) {
    role = String(entry.message.role);
    const message = entry.message as AgentMessage;
    text = role === "bashExecution" ? `${(message as { command?: string }).command ?? ""}\n${(message as { output?: string }).output ?? ""}` : messageText(message);
  } else if (entry.type === "custom_message") {
    role = "custom";
    text = messageText({ role: "custom", content: entry.content } as AgentMessage);
  } else {
    return undefined;
  }
  const at = fold(text).indexOf(needle);
  if (at === -1 || typeof entry.id !== "string") return undefined;
  const from = Math.max(0, at - context);
  const snippet = `${from > 0 ? "…" : ""}${text.slice(from, at + needle.length + context)}${at + needle.length + context < text.length ? "…" : ""}`;
  return { entryId: entry.id, role, snippet };
}

async function* lines(path: string, signal: AbortSignal | undefined): AsyncGenerator<string> {
  const stream = createReadStream(path, { encoding: "utf8", highWaterMark: 1024 * 1024, signal });
  let pending = "";
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      const parts = (pending + chunk).split("\n");
      pending = parts.pop()!;
      for (const part of parts) if (part) yield part;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return; // deleted since it was listed
    throw error;
  }
  if (pending) yield pending;
}
