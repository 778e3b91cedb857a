// pi's `createLocalBashOperations()`: pith's own shell runner (the user's shell, its own process group, the
// whole tree stopped on timeout or abort) behind pi's `BashOperations` interface. The PowerShell operations
// (./powershell.ts) run on the same runner with their own shell.
import { runInProcessGroup } from "../../../tools/bash/process-group.js";
import { resolveShell, shellEnvironment } from "../../../tools/bash/shell.js";
import type { BashOperations } from "../../contract/types.js";

const KILL_GRACE_MS = 2000;

export interface ShellConfig {
  shell: string;
  /** the arguments before the command */
  args: string[];
}

/** Runs each command with the shell `shellConfig` names when the command starts. */
export function createLocalShellOperations(shellConfig: () => ShellConfig): BashOperations {
  return {
    async exec(command, cwd, { onData, signal, timeout, env }) {
      const { shell, args } = shellConfig();
      const outcome = await runInProcessGroup({
        file: shell,
        args: [...args, command],
        cwd,
        env: env ?? shellEnvironment(),
        onData,
        signal,
        // pi's timeout is in seconds
        timeoutMs: timeout !== undefined && timeout > 0 ? timeout * 1000 : undefined,
        killGraceMs: KILL_GRACE_MS,
      });
      if (outcome.stoppedBy === "abort") throw new Error("aborted");
      if (outcome.stoppedBy === "timeout") throw new Error(`timeout:${timeout}`);
      return { exitCode: outcome.exitCode };
    },
  };
}

export function createLocalBashOperations(options: { shellPath?: string } = {}): BashOperations {
  return createLocalShellOperations(() => ({ shell: resolveShell(options.shellPath), args: ["-c"] }));
}
