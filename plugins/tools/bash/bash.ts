// bash: runs a shell command in the working folder, streams its output, and stops the whole process tree
// on timeout or abort.
import { existsSync } from "node:fs";
import * as z from "zod/mini";
import { PithError, type ToolDefinition, type ToolUpdate } from "../../../kernel/index.js";
import { throwIfAborted } from "../abort.js";
import { defineArguments, described } from "../arguments.js";
import { OutputCollector, type OutputSnapshot } from "./output-collector.js";
import { runInProcessGroup } from "./process-group.js";
import { resolveShell, shellEnvironment } from "./shell.js";
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES, formatSize, type TruncationResult } from "../truncate.js";

const bashSchema = z.object({
  command: described(z.string(), "Bash command to execute"),
  timeout: described(z.optional(z.number().check(z.minimum(0))), "Timeout in seconds (optional, no default timeout; 0 means none)"),
});

export type BashArgs = z.output<typeof bashSchema>;
export type BashDetails = { truncation?: TruncationResult; fullOutputPath?: string };
/** bash's machine-readable result (pi 1.6.0's): the whole output up to 1 MB, the exit code, the time taken. */
export interface BashStructuredContent {
  output: string;
  truncated: boolean;
  /** the log holding all of it, when `output` is cut */
  full_output_path?: string;
  exit_code: number;
  wall_time_seconds: number;
}

const bashArguments = defineArguments("bash", bashSchema);

export interface BashToolOptions {
  cwd: string;
  /** shell binary; default /bin/bash, else bash on PATH, else sh */
  shellPath?: string;
  /** prepended (on its own line) to every command, e.g. `shopt -s expand_aliases` */
  commandPrefix?: string;
  /** time between SIGTERM and SIGKILL when a command is stopped; default 2000 ms */
  killGraceMs?: number;
  /** told of each full-output log the tool writes, so its owner can remove it when the session ends */
  onOutputLog?: (path: string) => void;
}

const UPDATE_INTERVAL_MS = 100;
/** The most of a command's output its structured content carries (programs read it whole; the model gets the tail). */
const STRUCTURED_OUTPUT_MAX_BYTES = 1024 * 1024;
const DEFAULT_KILL_GRACE_MS = 2000;

function withNotice(snapshot: OutputSnapshot, lastLineBytes: number, emptyText: string): { text: string; details?: BashDetails } {
  const { truncation, fullOutputPath } = snapshot;
  let text = snapshot.text || emptyText;
  if (!truncation.truncated) return { text };
  const startLine = truncation.totalLines - truncation.outputLines + 1;
  const endLine = truncation.totalLines;
  if (truncation.lastLinePartial) {
    text += `\n\n[Showing last ${formatSize(truncation.outputBytes)} of line ${endLine} (line is ${formatSize(lastLineBytes)}). Full output: ${fullOutputPath}]`;
  } else if (truncation.truncatedBy === "lines") {
    text += `\n\n[Showing lines ${startLine}-${endLine} of ${truncation.totalLines}. Full output: ${fullOutputPath}]`;
  } else {
    text += `\n\n[Showing lines ${startLine}-${endLine} of ${truncation.totalLines} (${formatSize(DEFAULT_MAX_BYTES)} limit). Full output: ${fullOutputPath}]`;
  }
  return { text, details: { truncation, fullOutputPath } };
}

/**
 * Sends the rolling tail to `onUpdate` at most every UPDATE_INTERVAL_MS while the command runs, as pi 1.6.0 does:
 * an empty update first, and a last one for output not yet sent when the command ends (`finish`).
 */
function throttledUpdates(output: OutputCollector, onUpdate: ToolUpdate<BashDetails> | undefined) {
  let timer: NodeJS.Timeout | undefined;
  let lastSent = 0;
  let dirty = false;
  const send = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!dirty) return;
    dirty = false;
    lastSent = Date.now();
    const snapshot = output.snapshot();
    onUpdate?.({
      content: [{ type: "text", text: snapshot.text }],
      details: { truncation: snapshot.truncation.truncated ? snapshot.truncation : undefined, fullOutputPath: snapshot.fullOutputPath },
    });
  };
  onUpdate?.({ content: [], details: undefined });
  return {
    changed() {
      if (!onUpdate) return;
      dirty = true;
      const wait = UPDATE_INTERVAL_MS - (Date.now() - lastSent);
      if (wait <= 0) send();
      else timer ??= setTimeout(send, wait);
    },
    finish: send,
  };
}

function withStatus(text: string, status: string): string {
  return text ? `${text}\n\n${status}` : status;
}

export function createBashTool(options: BashToolOptions): ToolDefinition<BashArgs, BashDetails> {
  return {
    name: "bash",
    label: "bash",
    description: `Run a bash command in the current working directory and return its stdout and stderr, interleaved. Output is cut to the last ${DEFAULT_MAX_LINES} lines or ${DEFAULT_MAX_BYTES / 1024}KB, whichever comes first; the full output of a cut result is saved to a temp file named in the result. Optionally give a timeout in seconds.`,
    promptSnippet: "Execute bash commands (ls, grep, find, etc.)",
    get parameters() {
      return bashArguments.parameters;
    },
    // as pi 1.6.0: a strict schema (validated calls) where the model supports one, Gemini 3 and later
    constrainedSampling: { type: "json_schema", strict: "prefer" },
    validate: bashArguments.validate,
    async execute(rawArgs, context, onUpdate) {
      throwIfAborted(context.signal);
      const { command, timeout } = await bashArguments.parse(rawArgs);
      const shell = resolveShell(options.shellPath);
      if (!existsSync(options.cwd)) {
        throw new PithError(
          "TOOL_CWD_MISSING",
          `Working directory does not exist: ${options.cwd}\nCannot execute bash commands.`,
        );
      }
      const script = options.commandPrefix ? `${options.commandPrefix}\n${command}` : command;
      const output = new OutputCollector({ tempFilePrefix: "pith-bash" });
      const startedAt = performance.now();
      const updates = throttledUpdates(output, onUpdate);
      const outcome = await runInProcessGroup({
        file: shell,
        args: ["-c", script],
        cwd: options.cwd,
        env: shellEnvironment(),
        signal: context.signal,
        timeoutMs: timeout ? timeout * 1000 : undefined,
        killGraceMs: options.killGraceMs ?? DEFAULT_KILL_GRACE_MS,
        onData(chunk) {
          output.append(chunk);
          updates.changed();
        },
      }).finally(() => {
        output.finish();
        updates.finish();
      });
      const snapshot = output.snapshot();
      await output.close();
      if (snapshot.fullOutputPath) options.onOutputLog?.(snapshot.fullOutputPath);

      if (outcome.stoppedBy) {
        const { text } = withNotice(snapshot, output.lastLineBytes, "");
        if (outcome.stoppedBy === "abort") throw new PithError("TOOL_ABORTED", withStatus(text, "Command aborted"));
        throw new PithError("TOOL_BASH_TIMEOUT", withStatus(text, `Command timed out after ${timeout} seconds`));
      }
      const { text, details } = withNotice(snapshot, output.lastLineBytes, "(no output)");
      if (outcome.exitSignal) {
        throw new PithError("TOOL_BASH_SIGNAL", withStatus(text, `Command was killed by signal ${outcome.exitSignal}`));
      }
      const exitCode = outcome.exitCode ?? 0;
      const full = await output.fullOutput(STRUCTURED_OUTPUT_MAX_BYTES);
      const structuredContent: BashStructuredContent = {
        output: full.content,
        truncated: full.truncated,
        ...(full.truncated && snapshot.fullOutputPath ? { full_output_path: snapshot.fullOutputPath } : {}),
        exit_code: exitCode,
        wall_time_seconds: Math.round((performance.now() - startedAt) / 100) / 10,
      };
      // A failing command is a failed result that keeps its details and structured content (pi 1.6.0), not a throw.
      if (exitCode !== 0) {
        return { content: [{ type: "text", text: withStatus(text, `Command exited with code ${exitCode}`) }], details, structuredContent, isError: true };
      }
      return { content: [{ type: "text", text }], details, structuredContent };
    },
  };
}
