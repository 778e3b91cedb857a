// /export [file]: the active branch as an HTML page (default pi-session-<session file name>.html in the session's
// folder), or as a session file when the name ends in .jsonl. The name may be quoted when it holds spaces.
import { errorMessage } from "../../../kernel/index.js";
import type { CommandHost } from "./command-host.js";

export async function exportCommand(args: string, { context, chat }: CommandHost): Promise<void> {
  const outputPath = firstPathArgument(args);
  try {
    const exporter = context.use("sessionExport");
    const path = outputPath?.endsWith(".jsonl") ? await exporter.jsonl(outputPath) : await exporter.html(outputPath);
    chat.notify("status", `Session exported to: ${path}`);
  } catch (error) {
    chat.notify("error", `Failed to export session: ${errorMessage(error)}`);
  }
}

/** the first word of `args`, or the text between a leading pair of quotes; undefined when there is none */
export function firstPathArgument(args: string): string | undefined {
  const text = args.trim();
  if (!text) return undefined;
  const quote = text[0];
  if (quote === '"' || quote === "'") {
    const end = text.indexOf(quote, 1);
    return end === -1 ? text.slice(1) : text.slice(1, end);
  }
  return text.split(/\s+/)[0];
}
