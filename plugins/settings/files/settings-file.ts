// Reading a settings.json without ever failing, and replacing one atomically.
import { mkdirSync, readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { errorMessage } from "../../../kernel/index.js";
import { isPlainObject, type JsonObject } from "./json-object.js";
import { JsonSyntaxError, parseJsonText } from "../../../lib/json/json-text.js";
import { readSettledAsync } from "../../../lib/lock/settled-read.js";
import { replaceFile, replaceFileSync } from "../../../lib/fs/replace-file.js";

export type SettingsFileContent =
  | { state: "missing" }
  | { state: "read"; data: JsonObject; text: string }
  /** unusable as settings: the file must not be written over */
  | { state: "broken"; problem: string; line?: number; column?: number };

/**
 * The file as it is. Read without the file's lock, a read that catches pi writing it in place (under that lock) is
 * read again; `holdingLock`: the caller holds the lock, so what it reads is whole.
 */
export function readSettingsFile(path: string, options: { holdingLock?: boolean } = {}): Promise<SettingsFileContent> {
  const read = async () => readSettingsFileSync(path);
  if (options.holdingLock) return read();
  return readSettledAsync(path, read, (content) => {
    if (content.state === "broken" && content.line !== undefined) return "yes";
    return content.state === "read" && content.text.trim() === "" ? "lockedOnly" : "no";
  });
}

/** The file as it is, read at once; the caller holds its lock (or accepts catching pi mid-write). */
export function readSettingsFileSync(path: string): SettingsFileContent {
  let raw: string;
  try {
    // a small file: read at once, not on libuv's thread pool, which a start would otherwise set up for it (before an
    // interactive run's first frame)
    raw = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { state: "missing" };
    return { state: "broken", problem: `cannot be read (${errorMessage(error)})` };
  }
  const text = raw.startsWith("\uFEFF") ? raw.slice(1) : raw;
  if (text.trim() === "") return { state: "read", data: {}, text };
  let data: unknown;
  try {
    data = parseJsonText(text);
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    const { problem } = error;
    return {
      state: "broken",
      problem: `is not valid JSON: ${problem.message} (line ${problem.line}, column ${problem.column})`,
      line: problem.line,
      column: problem.column,
    };
  }
  if (!isPlainObject(data)) {
    return { state: "broken", problem: `must hold a JSON object, found ${Array.isArray(data) ? "a list" : JSON.stringify(data)}` };
  }
  return { state: "read", data, text };
}

/** Serializes like the existing text: same indentation, same final newline. */
export function formatSettings(data: JsonObject, previousText: string | undefined): string {
  const indent = previousText?.match(/^[ \t]+(?=\S)/m)?.[0] ?? "  ";
  const finalNewline = previousText === undefined || previousText === "" || previousText.endsWith("\n");
  return JSON.stringify(data, null, indent) + (finalNewline ? "\n" : "");
}

/** {@link writeFileAtomic} at once, for pi's synchronous APIs that extensions call. */
export function writeFileAtomicSync(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  replaceFileSync(path, text);
}

/**
 * Readers see the old file or the new one, never a half-written one; a settings file that is a link into the user's
 * dotfiles stays a link (lib/fs/replace-file.ts).
 */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await replaceFile(path, text);
}
