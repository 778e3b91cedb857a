// Which files the summarised part of the conversation read and changed, carried from summary to summary so a
// long session never forgets a file it touched.
import type { AgentMessage } from "../../../kernel/index.js";

/** pi's shape (`preparation.fileOps`), which extensions read. */
export interface FileOperations {
  read: Set<string>;
  written: Set<string>;
  edited: Set<string>;
}

/** What a compaction or branch summary stores in `details`. */
export interface FileLists {
  readFiles: string[];
  modifiedFiles: string[];
}

export function createFileOperations(): FileOperations {
  return { read: new Set(), written: new Set(), edited: new Set() };
}

/** The read, write and edit tool calls of an assistant message, by their `path` argument. */
export function recordToolCalls(message: AgentMessage, operations: FileOperations): void {
  if ((message as { role?: string }).role !== "assistant") return;
  const content = (message as { content?: unknown }).content;
  if (!Array.isArray(content)) return;
  for (const block of content as { type?: string; name?: string; arguments?: Record<string, unknown> }[]) {
    if (block.type !== "toolCall") continue;
    const path = block.arguments?.path;
    if (typeof path !== "string" || path === "") continue;
    if (block.name === "read") operations.read.add(path);
    else if (block.name === "write") operations.written.add(path);
    else if (block.name === "edit") operations.edited.add(path);
  }
}

/** The lists a previous summary stored, when pith made them (a plugin's `details` may mean anything). */
export function carryFileLists(details: unknown, operations: FileOperations): void {
  if (typeof details !== "object" || details === null) return;
  const { readFiles, modifiedFiles } = details as Partial<Record<keyof FileLists, unknown>>;
  for (const path of stringsOf(readFiles)) operations.read.add(path);
  for (const path of stringsOf(modifiedFiles)) operations.edited.add(path);
}

/** Files only read, and files changed, each sorted. */
export function fileLists(operations: FileOperations): FileLists {
  const modified = new Set([...operations.edited, ...operations.written]);
  return {
    readFiles: [...operations.read].filter((path) => !modified.has(path)).sort(),
    modifiedFiles: [...modified].sort(),
  };
}

/** The lists as the tags pi appends to a summary (each only when non-empty). */
export function fileListsText(lists: FileLists): string {
  const sections: string[] = [];
  if (lists.readFiles.length > 0) sections.push(`<read-files>\n${lists.readFiles.join("\n")}\n</read-files>`);
  if (lists.modifiedFiles.length > 0) sections.push(`<modified-files>\n${lists.modifiedFiles.join("\n")}\n</modified-files>`);
  return sections.length === 0 ? "" : `\n\n${sections.join("\n\n")}`;
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** A summary without the file lists appended to it: they are carried in `details` and appended afresh. */
export function withoutFileLists(summary: string): string {
  return summary.replace(/(\s*<(read-files|modified-files)>[\s\S]*?<\/\2>)+\s*$/, "");
}
