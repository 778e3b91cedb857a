// pi's `createLocalBashOperations()`: pith's own shell runner (the user's shell, its own process group, the
// whole tree stopped on timeout or abort) behind pi's `BashOperations` interface.
import { runInProcessGroup } from "../../../tools/bash/process-group.js";
import { resolveShell, shellEnvironment } from "../../../tools/bash/shell.js";
import type { BashOperations } from "../../contract/types.js";

const KILL_GRACE_MS = 2000;

export function createLocalBashOperations(options: { shellPath?: string } = {}): BashOperations {
  return {
    async exec(command, cwd, { onData, signal, timeout, env }) {
      const outcome = await runInProcessGroup({
        file: resolveShell(options.shellPath),
        args: ["-c", command],
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
