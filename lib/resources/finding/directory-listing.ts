// Lists a folder for resource discovery: hidden entries and node_modules are never resources,
// symlinks are followed, and a folder that cannot be read becomes a warning instead of an error. Synchronous: a
// listing is a few small system calls, cheaper at once than as round trips through libuv's thread pool, and pi's own
// loaders that extensions call (`loadSkillsFromDir`) answer synchronously with the same walk.
import { lstatSync, readdirSync, statSync, type Dirent } from "node:fs";
import { join } from "node:path";
import { errorMessage } from "../../../kernel/index.js";
import type { DiagnosticSink, ResourceDiagnostic } from "../diagnostics/diagnostics.js";
import type { IgnoreRules } from "./ignore-rules.js";
import { canonicalPathSync } from "./paths.js";

export interface ListedEntry {
  name: string;
  path: string;
  kind: "file" | "directory";
}

/** What every folder walk carries: where problems go, and the signal that stops it. */
export interface WalkContext {
  report: DiagnosticSink;
  signal?: AbortSignal;
}

function isSkippedName(name: string): boolean {
  return name.startsWith(".") || name === "node_modules";
}

/**
 * The visible entries of `dir`, sorted by name so that discovery (and so collision winners) never depends
 * on the file system's listing order. A missing folder lists as empty without a warning.
 */
export function listVisibleEntries(dir: string, context: WalkContext): ListedEntry[] {
  context.signal?.throwIfAborted();
  let dirents: Dirent[];
  try {
    dirents = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    reportUnreadable(dir, error, context);
    return [];
  }
  const entries: ListedEntry[] = [];
  for (const dirent of dirents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (isSkippedName(dirent.name)) continue;
    const path = join(dir, dirent.name);
    const kind = entryKind(dirent, path, context);
    if (kind) entries.push({ name: dirent.name, path, kind });
  }
  return entries;
}

function entryKind(dirent: Dirent, path: string, context: WalkContext): ListedEntry["kind"] | undefined {
  if (dirent.isFile()) return "file";
  if (dirent.isDirectory()) return "directory";
  if (!dirent.isSymbolicLink()) return undefined;
  try {
    const target = statSync(path);
    if (target.isFile()) return "file";
    if (target.isDirectory()) return "directory";
    return undefined;
  } catch {
    context.report({ type: "warning", message: "skipped a symbolic link whose target does not exist", path });
    return undefined;
  }
}

function reportUnreadable(dir: string, error: unknown, context: WalkContext): void {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") {
    // readdir says ENOENT both for "nothing here" and for a symlink pointing nowhere; only the second is worth a word.
    const isDanglingLink = lstatSync(dir, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;
    if (isDanglingLink) {
      context.report({ type: "warning", message: "folder is a symbolic link whose target does not exist", path: dir });
    }
    return;
  }
  const message =
    code === "ENOTDIR"
      ? "expected a folder but found a file; nothing was loaded from it"
      : `cannot read folder (${code ?? errorMessage(error)}); nothing was loaded from it`;
  context.report({ type: "warning", message, path: dir });
}

/** One folder of a recursive walk, read in one go. */
export interface WalkFolder {
  /** the folder with symlinks followed: a walk enters each real folder once */
  realDir: string;
  /** the rules of its ignore files, not yet added to the walk's rules */
  patterns: string[];
  entries: ListedEntry[];
  /** what listing it found wrong, for the walk to report if it enters the folder */
  diagnostics: ResourceDiagnostic[];
}

/** Reads a folder's real path, ignore files and entries; the walk decides in its own order what to enter and report. */
export function readWalkFolder(dir: string, rules: IgnoreRules, context: WalkContext): WalkFolder {
  const diagnostics: ResourceDiagnostic[] = [];
  const realDir = canonicalPathSync(dir);
  const patterns = rules.readRulesOf(dir);
  const entries = listVisibleEntries(dir, { ...context, report: (diagnostic) => diagnostics.push(diagnostic) });
  return { realDir, patterns, entries, diagnostics };
}
