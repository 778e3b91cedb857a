// Where a skill or template came from, in pi's `SourceInfo` shape (shown by `get_commands`).

export type SourceScope = "user" | "project" | "temporary";
export type SourceOrigin = "package" | "top-level";

export interface SourceInfo {
  path: string;
  /** "auto" (found in a standard folder), "local" (settings entry or CLI path), or a package source */
  source: string;
  scope: SourceScope;
  origin: SourceOrigin;
  baseDir?: string;
}

/** What is known about a place resources are gathered from; the file path is added per resource. */
export interface SourceOrigins {
  source: string;
  scope: SourceScope;
  baseDir?: string;
  /** "package" for a package's files; default "top-level" */
  origin?: SourceOrigin;
}

export function sourceInfoFor(path: string, from: SourceOrigins): SourceInfo {
  const info: SourceInfo = { path, source: from.source, scope: from.scope, origin: from.origin ?? "top-level" };
  if (from.baseDir !== undefined) info.baseDir = from.baseDir;
  return info;
}
