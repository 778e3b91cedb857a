// /resume (and `pith -r`): the session picker; the chosen session replaces the current one (its messages are
// drawn again). Renaming appends a session_info entry to the chosen file; deleting goes through delete-session-file.
import { homedir } from "node:os";
import type { CommandHost } from "../commands/command-host.js";
import { sessionMove } from "../commands/session-move.js";
import { deleteSessionFile } from "./delete-session-file.js";
import { SessionPicker } from "./session-picker.js";

export async function resumeCommand(_args: string, host: CommandHost): Promise<void> {
  const { context, chat, session } = host;
  const sessions = context.use("sessions");
  const current = sessions.manager.isStored() ? sessions.manager.getLocation() : undefined;
  const chosen = await host.ui.openComponent<string | undefined>(
    (finish) =>
      new SessionPicker(
        {
          load: (scope) => sessions.store.list(scope === "all" ? { all: true } : { cwd: session.cwd }),
          current,
          home: homedir(),
          rename: async (path, name) => {
            if (path === sessions.manager.getLocation()) return context.use("sessionInfo").setName(name);
            const other = sessions.open(path);
            try {
              other.setSessionName(name);
            } finally {
              other.close();
            }
          },
          delete: deleteSessionFile,
          onSelect: (path) => finish(path),
          onCancel: () => finish(undefined),
          requestRender: () => host.ui.requestRender(),
        },
        host.ui.theme,
      ),
    undefined,
  );
  if (!chosen) return;
  const result = await sessionMove(host, "Failed to resume session", () => context.use("sessionControl").switchSession(chosen));
  if (result && !result.cancelled) chat.notify("status", "Resumed session");
}
