// What both find engines (fd and the built-in walk) receive.

export interface FindQuery {
  pattern: string;
  /** absolute folder to search */
  searchPath: string;
  /** stop after this many results (the tool asks for one more than its limit, to know whether more exist) */
  maxResults: number;
  signal?: AbortSignal;
}
