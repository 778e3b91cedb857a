// /fork: a user message of this session to go back to; the conversation before it becomes a new session, and the
// message's text comes back into the editor to be changed and sent again. The list is pi 1.6.0's (no search).
import { ForkSelector } from "../components/fork-selector.js";
import type { CommandHost } from "./command-host.js";
import { sessionMove } from "./session-move.js";

export async function forkCommand(_args: string, host: CommandHost): Promise<void> {
  const { context, chat, editor, ui } = host;
  const points = context.use("sessionInfo").forkPoints();
  if (points.length === 0) return chat.notify("status", "No messages to fork from");
  const entryId = await ui.openComponent<string | undefined>(
    (finish) => new ForkSelector(points.map((point) => ({ id: point.entryId, text: point.text })), ui.theme, finish, () => finish(undefined)),
    undefined,
  );
  if (!entryId) return;
  const result = await sessionMove(host, "Failed to fork session", () => context.use("sessionControl").fork(entryId));
  if (!result || result.cancelled) return;
  if (result.text !== undefined) editor.setText(result.text);
  chat.notify("status", "Forked to new session");
}
