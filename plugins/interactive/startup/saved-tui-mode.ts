// The screen mode a question asked before the session exists (project trust) is drawn in. The session reads the
// settings only after that answer, but the agent folder's settings.json is trusted whatever the answer: its
// `tuiMode` is read here, so a "regular" user is not shown the alternate screen first and then moved off it.
import { join } from "node:path";
import { readSettingsFile } from "../../settings/files/settings-file.js";
import type { TuiMode } from "../terminal/screens.js";

/** `tuiMode` of `<agentDir>/settings.json`; undefined when the file, or a valid value in it, is missing */
export async function savedTuiMode(agentDir: string): Promise<TuiMode | undefined> {
  const content = await readSettingsFile(join(agentDir, "settings.json")).catch(() => undefined);
  const mode = content?.state === "read" ? content.data.tuiMode : undefined;
  return mode === "regular" || mode === "fullscreen" ? mode : undefined;
}
