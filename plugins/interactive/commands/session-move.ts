// A move to another session (/new, /resume, /fork, /clone) that fails leaves no session the UI can trust to go on
// with. As pi 1.6.0 does, the error is shown, recorded in crashes.json as `fatal_error` (for /bug), and pith quits
// with exit code 1, leaving the transcript on the normal screen.
import { PaddedText } from "../extensions/output-pad.js";
import { recordFailure } from "../bug-report/bug-notices.js";
import type { CommandHost } from "./command-host.js";

/** what `move` returns; undefined once it failed, and pith is quitting */
export async function sessionMove<T>(host: CommandHost, failure: string, move: () => Promise<T>): Promise<T | undefined> {
  try {
    return await move();
  } catch (error) {
    const { chat, context, ui, app, session } = host;
    chat.notify("error", `${failure}: ${error instanceof Error ? error.message : String(error)}`);
    const scene = { agentDir: app.agentDir, version: app.version, sessionFile: context.tryUse("sessions")?.manager.getSessionFile(), cwd: session.cwd, extensions: context.tryUse("extensions")?.loaded ?? [] };
    const { hint, report } = recordFailure("fatal_error", error, scene);
    if (hint) chat.addItem(new PaddedText(ui.theme.fg("warning", hint)));
    if (report) chat.addItem(new PaddedText(ui.theme.fg("muted", report)));
    host.quit(1, "transcript");
    return undefined;
  }
}
