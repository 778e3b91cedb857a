// Which shell the bash tool runs, and the environment it runs with.
import { existsSync } from "node:fs";
import { PithError } from "../../../kernel/index.js";
import { findExecutable } from "../executables.js";

export function resolveShell(shellPath: string | undefined): string {
  if (shellPath) {
    if (existsSync(shellPath)) return shellPath;
    throw new PithError(
      "TOOL_SHELL_NOT_FOUND",
      `Custom shell path not found: ${shellPath}. Fix or remove the shellPath setting.`,
    );
  }
  if (existsSync("/bin/bash")) return "/bin/bash";
  return findExecutable(["bash"]) ?? "sh";
}

/** The host environment plus the markers scripts use to notice they run under a coding agent. */
export function shellEnvironment(): NodeJS.ProcessEnv {
  return { ...process.env, PITH_CODING_AGENT: "true", PI_CODING_AGENT: "true" };
}
