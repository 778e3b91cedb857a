// pi's PowerShell tool (`powershell`, Windows only): the bash tool's shape and results, run by PowerShell 7
// (`pwsh`) or else Windows PowerShell. Elsewhere, and where neither is installed, running a command fails with
// pi's message; building the tool always works, as in pi.
import { accessSync } from "node:fs";
import { basename, win32 } from "node:path";
import { findExecutable } from "../../../tools/executables.js";
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES } from "../../../tools/truncate.js";
import type { BashOperations } from "../../contract/types.js";
import { createLocalShellOperations, type ShellConfig } from "./bash-operations.js";
import { createBashTool, type BashSpawnContext, type PiTool } from "./tool-factories.js";

const POWERSHELL_ARGS = ["-NoProfile", "-NonInteractive", "-ExecutionPolicy", "Bypass", "-Command"];
// Windows PowerShell writes through the console's code page unless told otherwise
const UTF8_OUTPUT = "try { [Console]::OutputEncoding = [System.Text.Encoding]::UTF8 } catch {}\n";
// Windows PowerShell 5.1 counts a native command's redirected stderr as a failed statement, so `-Command` exits 1
// after a command that exited 0; this tail exits 0 then. The `;` on its own line keeps an unfinished last
// statement a parse error instead of joining it to the tail.
const WINDOWS_POWERSHELL_EXIT =
  '\n;\nif ($?) { exit 0 }\nif ($LASTEXITCODE -eq 0 -and "$($Error[0].FullyQualifiedErrorId)" -like "NativeCommandError*") { exit 0 }\nexit 1';

function existing(path: string): string | undefined {
  try {
    accessSync(path);
    return path;
  } catch {
    return undefined;
  }
}

/** PowerShell 7 when installed (on PATH or in Program Files), else Windows PowerShell. */
export function getPowerShellConfig(): ShellConfig {
  if (process.platform !== "win32") throw new Error("The powershell tool is only available on Windows.");
  const { ProgramFiles: programFiles, SystemRoot: systemRoot } = process.env;
  const shell =
    findExecutable(["pwsh"]) ??
    (programFiles ? existing(win32.join(programFiles, "PowerShell", "7", "pwsh.exe")) : undefined) ??
    findExecutable(["powershell"]) ??
    (systemRoot ? existing(win32.join(systemRoot, "System32", "WindowsPowerShell", "v1.0", "powershell.exe")) : undefined);
  if (!shell) throw new Error("No PowerShell executable found. Install PowerShell or add powershell.exe/pwsh.exe to PATH.");
  return { shell, args: [...POWERSHELL_ARGS] };
}

export function createLocalPowerShellOperations(): BashOperations {
  return {
    async exec(command, cwd, options) {
      const config = getPowerShellConfig();
      // a final backtick would carry the command's last line into the tail
      const windowsPowerShell = basename(config.shell).toLowerCase() === "powershell.exe" && !command.endsWith("`");
      const script = `${UTF8_OUTPUT}${command}${windowsPowerShell ? WINDOWS_POWERSHELL_EXIT : ""}`;
      return createLocalShellOperations(() => config).exec(script, cwd, options);
    },
  };
}

export interface PowerShellToolOptions {
  operations?: BashOperations;
  spawnHook?: (context: BashSpawnContext) => BashSpawnContext;
  /** pith sets no PI_* session variables for commands, so this changes nothing */
  exposeSessionEnvironment?: boolean;
}

export function createPowerShellToolDefinition(cwd: string, options: PowerShellToolOptions = {}): PiTool {
  const tool = createBashTool(cwd, { operations: options.operations ?? createLocalPowerShellOperations(), spawnHook: options.spawnHook });
  return {
    ...tool,
    name: "powershell",
    label: "powershell",
    description: `Run a PowerShell command in the current working directory and return its stdout and stderr, interleaved. Output is cut to the last ${DEFAULT_MAX_LINES} lines or ${DEFAULT_MAX_BYTES / 1024}KB, whichever comes first. Optionally give a timeout in seconds.`,
    promptSnippet: "Execute PowerShell commands",
    promptGuidelines: undefined,
  };
}

export const createPowerShellTool = createPowerShellToolDefinition;
