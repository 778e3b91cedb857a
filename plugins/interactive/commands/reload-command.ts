// /reload as pi 1.6.0 has it: refused while a reply streams or a compaction runs; a box in the editor's place while
// settings, keybindings, extensions, skills, prompts, themes and context files load again; then the line saying so.
// A folder that was trusted only because it had nothing to trust at start-up, and that the session has given
// project resources since, has that trust saved (pi says "; saved project trust").
import { errorMessage } from "../../../kernel/index.js";
import { ReloadBox } from "../components/reload-box.js";
import type { CommandHost } from "./command-host.js";

const RELOADED = "Reloaded keybindings, extensions, skills, prompts, themes, and context files";

export async function reloadCommand(_args: string, { context, session, chat, ui }: CommandHost): Promise<void> {
  if (session.isStreaming) return chat.notify("warning", "Wait for the current response to finish before reloading.");
  if (context.tryUse("compaction")?.isCompacting) return chat.notify("warning", "Wait for compaction to finish before reloading.");
  const dismiss = ui.replaceEditor(new ReloadBox(ui.theme));
  try {
    await context.use("sessionControl").reload();
  } catch (error) {
    dismiss();
    return chat.notify("error", `Reload failed: ${errorMessage(error)}`);
  }
  const savedTrust = await saveImplicitTrust(context, (message) => chat.notify("warning", message));
  chat.notify("status", savedTrust ? `${RELOADED}; saved project trust` : RELOADED);
  dismiss();
}

async function saveImplicitTrust(context: CommandHost["context"], warn: (message: string) => void): Promise<boolean> {
  try {
    return (await context.tryUse("projectTrust")?.saveImplicitTrust()) ?? false;
  } catch (error) {
    warn(`Could not save project trust after reload: ${errorMessage(error)}`);
    return false;
  }
}
