// Errors carry a stable code and a message that says what to do.

export class PithError extends Error {
  readonly code: string;
  readonly plugin?: string;
  readonly hook?: string;

  constructor(code: string, message: string, options: { cause?: unknown; plugin?: string; hook?: string } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "PithError";
    this.code = code;
    this.plugin = options.plugin;
    this.hook = options.hook;
  }
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || (error as { code?: string }).code === "ABORT_ERR");
}
