// Print (`text`) and JSON mode's run over a session: each prompt in turn, ctrl+c aborting the run, then the output
// plugin's outcome. The CLI's `-p`/`--mode json` and pi's served `runPrintMode` both end here.
import type { AgentSession, ImageContent, PithPlugin } from "../../kernel/index.js";

declare module "../../kernel/index.js" {
  interface InputSources {
    /** the command line's messages in print and JSON mode */
    print: true;
  }
}

export type PrintOutputMode = "text" | "json";

const EXIT_INTERRUPTED = 130;
const ABORTED_MESSAGE = "Request was aborted";

/** the plugin that writes the mode's output: the final answer (`text`), or every event as a JSON line */
export async function outputPlugin(mode: PrintOutputMode): Promise<PithPlugin> {
  if (mode === "json") {
    const { jsonOutputPlugin } = await import("../../plugins/output-json/index.js");
    return jsonOutputPlugin({ stream: process.stdout });
  }
  const { textOutputPlugin } = await import("../../plugins/output-text/index.js");
  return textOutputPlugin({ stdout: process.stdout, stderr: process.stderr });
}

/**
 * Sends the prompts (the first with `images`), waits for the session to settle, writes the outcome and ends the
 * session with `dispose`: the exit code (1 after a failed final answer, 130 once ctrl+c stopped the run).
 */
export async function printPrompts(
  session: AgentSession,
  options: { mode: PrintOutputMode; prompts: readonly string[]; images?: ImageContent[]; dispose: () => Promise<void> },
): Promise<number> {
  const { mode, prompts, images } = options;
  let interrupted = false;
  const onSigint = () => {
    if (interrupted) process.exit(EXIT_INTERRUPTED);
    interrupted = true;
    void session.abort();
  };
  process.on("SIGINT", onSigint);
  try {
    for (const [index, text] of prompts.entries()) {
      await session.prompt(text, { images: index === 0 && images && images.length > 0 ? images : undefined, source: "print" });
      if (interrupted) break;
    }
    await session.waitForIdle();
    const code = await finishOutput(session, mode);
    await options.dispose();
    if (!interrupted) return code;
    // stopped between replies (a tool was running): the text output had no failed reply to report
    if (mode === "text" && code === 0) process.stderr.write(`pith: ${ABORTED_MESSAGE}\n`);
    return EXIT_INTERRUPTED;
  } catch (error) {
    await options.dispose().catch(() => undefined);
    await finishOutput(session, mode).catch(() => undefined);
    if (interrupted) return EXIT_INTERRUPTED;
    throw error;
  } finally {
    process.off("SIGINT", onSigint);
  }
}

async function finishOutput(session: AgentSession, mode: PrintOutputMode): Promise<number> {
  const services = session.registry.services;
  if (mode === "json") {
    await (services.get("jsonOutput") as { flush(): Promise<void> } | undefined)?.flush();
    return lastRunFailed(session) ? 1 : 0;
  }
  return (services.get("textOutput") as { finish(): number }).finish();
}

function lastRunFailed(session: AgentSession): boolean {
  const last = session.messages.at(-1) as { role?: string; stopReason?: string } | undefined;
  return last?.role === "assistant" && (last.stopReason === "error" || last.stopReason === "aborted");
}
