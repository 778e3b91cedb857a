// pi 1.6.0's `runPrintMode`, `runRpcMode` and `main` (dist/modes/print-mode.d.ts, rpc/rpc-mode.d.ts, main.d.ts) as
// an extension calls them: pith's own print, JSON and RPC modes over the runtime's session, and pith's CLI, which
// the host serves (../host-modes.ts). What they write is what pith's modes write.
import { PithError, type AgentSession as KernelSession, type ImageContent } from "../../../../kernel/index.js";
import { hostModes } from "../host-modes.js";
import { innerSession } from "./agent-session.js";
import { AgentSessionRuntime } from "./session-runtime.js";

/** pi's `PrintModeOptions` */
export interface PrintModeOptions {
  mode: "text" | "json";
  /** prompts sent after `initialMessage` */
  messages?: string[];
  initialMessage?: string;
  /** attached to `initialMessage` */
  initialImages?: ImageContent[];
}

/** Sends the prompts and writes pith's print or JSON output; disposes the runtime; the exit code (not exiting). */
export async function runPrintMode(runtime: AgentSessionRuntime, options: PrintModeOptions): Promise<number> {
  const session = kernelOf(runtime, "runPrintMode");
  if (options?.mode !== "text" && options?.mode !== "json") throw new PithError("EXTENSION_SDK_OPTION_INVALID", 'runPrintMode needs { mode: "text" } or { mode: "json" }.');
  const prompts = [...(options.initialMessage ? [options.initialMessage] : []), ...(options.messages ?? [])];
  const images = options.initialMessage ? options.initialImages : undefined;
  try {
    const modes = await hostModes("runPrintMode").modes();
    return await modes.print(session, { mode: options.mode, prompts, ...(images ? { images } : {}) });
  } catch (error) {
    // as pi: a failure is reported on stderr and answered with exit code 1
    process.stderr.write(`pith: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await runtime.dispose();
  }
}

/** Serves pith's RPC protocol on stdin and stdout for the runtime's session; ends the process once the input ends. */
export async function runRpcMode(runtime: AgentSessionRuntime): Promise<never> {
  const session = kernelOf(runtime, "runRpcMode");
  const modes = await hostModes("runRpcMode").modes();
  // the mode disposes the session on its way out
  process.exit(await modes.rpc(session));
}

/** pith's CLI in this process with `args`; a failed run leaves its exit code in `process.exitCode`, as pi's does. */
export async function main(args: string[], options: { extensionFactories?: unknown[] } = {}): Promise<void> {
  if (options.extensionFactories?.length) {
    throw new PithError("EXTENSION_API_UNSUPPORTED", "main's extensionFactories (inline extensions) are not supported by pith: pass the extension's file with -e in args.");
  }
  if (!Array.isArray(args) || args.some((word) => typeof word !== "string")) throw new PithError("EXTENSION_SDK_OPTION_INVALID", "main needs the command line's words: main(['-p', 'hello']).");
  const code = await hostModes("main").main(args);
  if (code !== 0) process.exitCode = code;
}

export function kernelOf(runtime: AgentSessionRuntime, name: string): KernelSession {
  const session = runtime instanceof AgentSessionRuntime ? innerSession(runtime.session) : undefined;
  if (!session) throw new PithError("EXTENSION_SDK_OPTION_INVALID", `${name} needs the AgentSessionRuntime createAgentSessionRuntime() made.`);
  return session;
}
