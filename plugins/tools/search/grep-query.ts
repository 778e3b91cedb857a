// What both grep engines (ripgrep and the built-in search) receive.

export interface GrepQuery {
  pattern: string;
  searchPath: string;
  isDirectory: boolean;
  glob?: string;
  ignoreCase: boolean;
  literal: boolean;
  /** stop after this many matches (the tool asks for one more than its limit, to know whether more exist) */
  maxMatches: number;
  signal?: AbortSignal;
  /** the engine may leave the lines of files it read here, for context lines */
  fileLines: Map<string, string[]>;
}
