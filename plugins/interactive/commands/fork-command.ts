// /fork: a user message of this session to go back to; the conversation before it becomes a new session, and the
// message's text comes back into the editor to be changed and sent again.
import { SearchList } from "../components/search-list.js";
import type { CommandHost } from "./command-host.js";
import { sessionMove } from "./session-move.js";

export async function forkCommand(_args: string, host: CommandHost): Promise<void> {
  const { context, chat, editor, ui } = host;
  const points = context.use("sessionInfo").forkPoints();
  if (points.length === 0) return chat.notify("status", "No messages to fork from");
  const entryId = await ui.openComponent<string | undefined>(
    (finish) =>
      new SearchList(
        {
          title: "Fork from message",
          items: points.map((point) => ({ value: point.entryId, label: point.text.replace(/\s+/g, " ").slice(0, 100) })),
          selected: points.at(-1)!.entryId,
          onSelect: (item) => finish(item.value),
          onCancel: () => finish(undefined),
        },
        ui.theme,
      ),
    undefined,
  );
  if (!entryId) return;
  const result = await sessionMove(host, "Failed to fork session", () => context.use("sessionControl").fork(entryId));
  if (!result || result.cancelled) return;
  if (result.text !== undefined) editor.setText(result.text);
  chat.notify("status", "Forked to new session");
}
