// /resume: the stored sessions of this project, newest first, searchable by name and first message; the chosen
// one replaces the current session (its messages are drawn again).
import { SearchList } from "../components/search-list.js";
import type { CommandHost } from "./command-host.js";

export async function resumeCommand(_args: string, host: CommandHost): Promise<void> {
  const { context, chat, session } = host;
  const sessions = context.use("sessions");
  const stored = (await sessions.store.list({ cwd: session.cwd })).filter((info) => info.path !== sessions.manager.getLocation());
  if (stored.length === 0) return chat.notify("status", "No other sessions in this folder");
  const chosen = await host.ui.openComponent<string | undefined>(
    (finish) =>
      new SearchList(
        {
          title: "Resume session",
          items: stored.map((info) => ({
            value: info.path,
            label: oneLine(info.name ?? info.firstMessage),
            description: `${age(info.modified)} · ${info.messageCount} messages`,
          })),
          onSelect: (item) => finish(item.value),
          onCancel: () => finish(undefined),
        },
        host.ui.theme,
      ),
    undefined,
  );
  if (!chosen) return;
  const result = await context.use("sessionControl").switchSession(chosen);
  if (!result.cancelled) chat.notify("status", "Resumed session");
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

function age(date: Date): string {
  const seconds = Math.max(0, (Date.now() - date.getTime()) / 1000);
  if (seconds < 60) return "just now";
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} h ago`;
  return `${Math.floor(seconds / 86400)} d ago`;
}
