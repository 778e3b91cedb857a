// What quitting leaves on the normal screen below the conversation (or below fullscreen mode's transcript, or
// alone with `fullscreenExitOutput: "resume-hint"`): how to come back to this session, as pi prints it.
import { existsSync } from "node:fs";
import type { PluginContext } from "../../../kernel/index.js";

/** `pith --session <file>`: the file, so the hint works whatever session folder the next run would use */
export function resumeHint(context: PluginContext): string | undefined {
  const manager = context.tryUse("sessions")?.manager;
  const file = manager?.isPersisted() ? manager.getSessionFile() : undefined;
  if (!file || !existsSync(file)) return undefined;
  return `pith --session ${/^[\w@%+=:,./-]+$/.test(file) ? file : `'${file.replaceAll("'", "'\\''")}'`}`;
}

export function printExitOutput(context: PluginContext): void {
  if (!process.stdout.isTTY) return;
  const hint = resumeHint(context);
  // on a line of its own, so a triple click selects the command
  const label = process.env.NO_COLOR ? "To resume this session:" : "\x1b[2mTo resume this session:\x1b[22m";
  if (hint) process.stdout.write(`${label}\n${hint}\n`);
}
