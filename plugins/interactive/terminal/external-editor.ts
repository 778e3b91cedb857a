// ctrl+g: the editor's text in $VISUAL or $EDITOR. The UI gives the terminal to the editor while it runs and
// draws itself anew afterwards; a non-zero exit keeps the text as it was.
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TUI } from "@earendil-works/pi-tui";

export type ExternalEditResult = { text: string } | { error: string } | { unchanged: true };

export function editExternally(text: string, tui: TUI, env: NodeJS.ProcessEnv = process.env): ExternalEditResult {
  const command = (env.VISUAL || env.EDITOR || "").trim();
  if (!command) return { error: "No editor configured. Set $VISUAL or $EDITOR environment variable." };
  const [program, ...args] = command.split(/\s+/);
  const file = join(tmpdir(), `pith-editor-${Date.now()}.md`);
  writeFileSync(file, text);
  tui.stop();
  try {
    const result = spawnSync(program!, [...args, file], { stdio: "inherit" });
    if (result.error) return { error: `Could not start ${program}: ${result.error.message}` };
    if (result.status !== 0) return { unchanged: true };
    return { text: readFileSync(file, "utf8").replace(/\n$/, "") };
  } finally {
    rmSync(file, { force: true });
    tui.start();
    tui.requestRender(true);
  }
}
