// Turns Node's file-system errors into messages a model can act on.
import { PithError } from "../../../kernel/index.js";

export function errnoCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/** `action` completes "Cannot … <path>", e.g. "read". */
export function fileError(error: unknown, action: string, path: string): PithError {
  const code = errnoCode(error);
  switch (code) {
    case "ENOENT":
      return new PithError("TOOL_FILE_NOT_FOUND", `File not found: ${path}`, { cause: error });
    case "EISDIR":
      return new PithError("TOOL_IS_DIRECTORY", `Cannot ${action} ${path}: it is a directory. Use ls to list it.`, { cause: error });
    case "EACCES":
    case "EPERM":
      return new PithError("TOOL_PERMISSION_DENIED", `Cannot ${action} ${path}: permission denied (${code}).`, { cause: error });
    case "ENOTDIR":
      return new PithError("TOOL_FILE_NOT_FOUND", `Cannot ${action} ${path}: a parent of it is a file, not a directory.`, { cause: error });
    default: {
      const reason = error instanceof Error ? error.message : String(error);
      return new PithError("TOOL_FILE_ERROR", `Cannot ${action} ${path}: ${reason}`, { cause: error });
    }
  }
}
