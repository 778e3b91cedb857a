// `pi.exec(command, args, {signal, timeout, cwd, maxBuffer})`: runs a program without a shell and collects its
// output, as pi 1.6.0 does. A timeout (milliseconds), an abort, or output beyond `maxBuffer` bytes (stdout and
// stderr together) sends SIGTERM, then SIGKILL after 5 s; `killed` says pith stopped it, `truncated` that the
// output was cut at the limit (and `code` is then never 0). A program ended by a signal reports 128 + the
// signal's number, as a shell does; one that cannot start resolves with code 1 and the reason on stderr.
import { spawn } from "node:child_process";
import { constants as bufferLimits } from "node:buffer";
import { constants } from "node:os";
import { StringDecoder } from "node:string_decoder";
import { PithError } from "../../../kernel/index.js";
import type { ExecOptions, ExecResult } from "../contract/types.js";

const KILL_GRACE_MS = 5000;
/** pi's default: 256 MiB, or less where a string cannot be that long */
const DEFAULT_MAX_BUFFER = Math.min(256 * 1024 * 1024, bufferLimits.MAX_STRING_LENGTH);

export async function execProgram(command: string, args: readonly string[], cwd: string, options: ExecOptions = {}): Promise<ExecResult> {
  const maxBuffer = options.maxBuffer ?? DEFAULT_MAX_BUFFER;
  if (!Number.isInteger(maxBuffer) || maxBuffer < 0 || maxBuffer > bufferLimits.MAX_STRING_LENGTH) {
    throw new PithError("EXTENSION_EXEC_INVALID", `pi.exec's maxBuffer must be a whole number of bytes from 0 to ${bufferLimits.MAX_STRING_LENGTH}; got ${String(maxBuffer)}.`);
  }
  return new Promise((resolve) => {
    const output = { stdout: "", stderr: "" };
    const decoders = { stdout: new StringDecoder("utf8"), stderr: new StringDecoder("utf8") };
    let bytes = 0;
    let killed = false;
    let truncated = false;
    let settled = false;
    let graceTimer: NodeJS.Timeout | undefined;
    const child = spawn(command, [...args], { cwd: options.cwd ?? cwd, shell: false, stdio: ["ignore", "pipe", "pipe"] });

    const stop = () => {
      if (killed || child.exitCode !== null) return;
      killed = true;
      child.kill("SIGTERM");
      graceTimer = setTimeout(() => child.signalCode === null && child.exitCode === null && child.kill("SIGKILL"), KILL_GRACE_MS);
      graceTimer.unref();
    };
    // bytes past the limit are dropped and both pipes closed, so a chatty descendant cannot keep the call open
    const collect = (stream: "stdout" | "stderr") => (chunk: Buffer) => {
      if (truncated) return;
      const room = maxBuffer - bytes;
      if (chunk.length <= room) {
        bytes += chunk.length;
        output[stream] += decoders[stream].write(chunk);
        return;
      }
      truncated = true;
      if (room > 0) output[stream] += decoders[stream].write(chunk.subarray(0, room));
      child.stdout.destroy();
      child.stderr.destroy();
      stop();
    };
    child.stdout.on("data", collect("stdout"));
    child.stderr.on("data", collect("stderr"));

    const timer = options.timeout && options.timeout > 0 ? setTimeout(stop, options.timeout) : undefined;
    if (options.signal?.aborted) stop();
    else options.signal?.addEventListener("abort", stop, { once: true });

    const finish = (code: number) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(graceTimer);
      options.signal?.removeEventListener("abort", stop);
      // a half character left at the cut is dropped, not shown as a replacement character
      if (!truncated) for (const stream of ["stdout", "stderr"] as const) output[stream] += decoders[stream].end();
      resolve({ stdout: output.stdout, stderr: output.stderr, code: truncated && code === 0 ? 1 : code, killed, truncated });
    };
    child.on("error", (error) => {
      if (!output.stderr) output.stderr = error.message;
      finish(1);
    });
    child.on("close", (code, signal) => finish(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1)));
  });
}
