// Whether an error is an abort (an AbortSignal fired): Node's and the DOM's spelling.
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || (error as { code?: string }).code === "ABORT_ERR");
}
