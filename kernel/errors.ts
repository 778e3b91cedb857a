// Errors carry a stable code and a message that says what to do.

/**
 * Every code a `PithError` may carry. pith's error-code table (lib/errors/error-codes.ts) declares its codes here
 * by declaration merging; a kernel used without it takes any string.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface PithErrorCodes {}

export type PithErrorCode = [keyof PithErrorCodes] extends [never] ? string : keyof PithErrorCodes & string;

export class PithError extends Error {
  readonly code: PithErrorCode;
  readonly plugin?: string;
  readonly hook?: string;

  constructor(code: PithErrorCode, message: string, options: { cause?: unknown; plugin?: string; hook?: string } = {}) {
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
