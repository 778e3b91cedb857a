// Extension problems as PithErrors that name the extension file, what it was doing, and the message.
import { PithError, errorMessage, type PithErrorCode } from "../../../kernel/index.js";

/** The name taps and registrations of one extension carry, e.g. "extension .pi/extensions/guard.ts". */
export function extensionOwner(display: string): string {
  return `extension ${display}`;
}

/** `extension <file> failed in <where>: <message>`, as the kernel words hook failures. */
export function extensionError(owner: string, where: string, error: unknown, code: PithErrorCode = "EXTENSION_ERROR"): PithError {
  if (error instanceof PithError && error.plugin) return error;
  return new PithError(code, `${owner} failed in ${where}: ${errorMessage(error)}`, { cause: error, plugin: owner, hook: where });
}
