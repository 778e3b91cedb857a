// /mcp: the session's MCP servers. Without arguments a list (servers that need attention first) whose entries
// open their actions: details and tools, reconnect, enable or disable (saved to the mcp.json that defines the
// server), sign in or out. `/mcp list|reconnect|enable|disable|login|logout <server>` act at once.
import type { McpServerStatus, McpService } from "../../mcp/index.js";
import { openUrl } from "../../../lib/process/open-url.js";
import { SearchList } from "../components/search-list.js";
import type { CommandHost } from "./command-host.js";

const USAGE = "Usage: /mcp [list | reconnect <server> | enable <server> | disable <server> | login <server> | logout <server>]";
const ATTENTION: readonly string[] = ["failed", "needs-sign-in", "disconnected", "connecting"];

export async function mcpCommand(args: string, host: CommandHost): Promise<void> {
  const mcp = host.context.tryUse("mcp");
  if (!mcp) return host.chat.notify("warning", "MCP is off in this run (--no-mcp, or the mcp plugin is not loaded).");
  const [action, name, ...extra] = args.trim().split(/\s+/).filter(Boolean);
  if (action === undefined) return pickServer(host, mcp);
  if (action === "list") return host.chat.notify("info", statusText(mcp));
  if (!name || extra.length > 0 || !["reconnect", "enable", "disable", "login", "logout"].includes(action)) return host.chat.notify("warning", USAGE);
  await act(host, mcp, action, name);
}

function summary(server: McpServerStatus): string {
  const tools = server.state === "connected" ? `, ${server.tools.length} tool${server.tools.length === 1 ? "" : "s"}` : "";
  return `${server.state}${tools} · ${server.exposure} · ${server.scope}`;
}

function statusText(mcp: McpService): string {
  const servers = mcp.servers();
  const lines = servers.length === 0 ? ["No MCP servers. Add one with pith mcp add, then /reload."] : servers.map((server) => `${server.name}: ${summary(server)}${server.error ? `\n  ${server.error}` : ""}`);
  return [...lines, ...mcp.problems()].join("\n");
}

function details(server: McpServerStatus): string {
  const lines = [`${server.name}: ${summary(server)} (${server.transport})`, `  defined in ${server.source}${server.override ? `, adjusted by ${server.override}` : ""}`];
  if (server.description) lines.push(`  ${server.description}`);
  if (server.error) lines.push(`  error: ${server.error}`);
  if (server.stderr?.trim()) lines.push(`  stderr: ${server.stderr.trim().split("\n").slice(-5).join("\n          ")}`);
  for (const tool of server.tools) lines.push(`  - ${tool.name}${tool.exposure === server.exposure ? "" : ` (${tool.exposure})`}${tool.description ? `: ${tool.description.split("\n", 1)[0]}` : ""}`);
  return lines.join("\n");
}

async function pickServer(host: CommandHost, mcp: McpService): Promise<void> {
  const servers = [...mcp.servers()].sort((a, b) => Number(ATTENTION.includes(b.state)) - Number(ATTENTION.includes(a.state)) || a.name.localeCompare(b.name));
  if (servers.length === 0) return host.chat.notify("info", statusText(mcp));
  const chosen = await host.ui.openComponent<McpServerStatus | undefined>(
    (finish) =>
      new SearchList(
        {
          title: "MCP servers",
          items: servers.map((server) => ({ value: server.name, label: server.name, description: summary(server) })),
          searchText: (item) => item.value,
          onSelect: (item) => finish(servers.find((server) => server.name === item.value)),
          onCancel: () => finish(undefined),
        },
        host.ui.theme,
      ),
    undefined,
  );
  if (!chosen) return;
  const actions: [string, string][] = [
    ["Details and tools", "details"],
    ["Reconnect", "reconnect"],
    chosen.state === "disabled" ? ["Enable", "enable"] : ["Disable", "disable"],
    ...(chosen.transport === "http" ? ([["Sign in", "login"], ["Sign out", "logout"]] as [string, string][]) : []),
  ];
  const picked = await host.ui.select(`${chosen.name}: ${summary(chosen)}`, actions.map(([label]) => label));
  const action = actions.find(([label]) => label === picked)?.[1];
  if (action === "details") host.chat.notify("info", details(chosen));
  else if (action) await act(host, mcp, action, chosen.name);
}

async function act(host: CommandHost, mcp: McpService, action: string, name: string): Promise<void> {
  const { chat } = host;
  try {
    if (action === "reconnect") {
      chat.notify("status", `Reconnecting ${name}...`);
      await mcp.reconnect(name);
      const server = mcp.servers().find((candidate) => candidate.name === name);
      chat.notify(server?.state === "connected" ? "status" : "warning", `${name}: ${server ? summary(server) : "gone"}${server?.error ? ` (${server.error})` : ""}`);
    } else if (action === "enable" || action === "disable") {
      const { savedTo } = await mcp.setEnabled(name, action === "enable", { persist: true });
      chat.notify("status", `${action === "enable" ? "Enabled" : "Disabled"} ${name}${savedTo ? ` (saved to ${savedTo})` : " for this session"}`);
    } else if (action === "logout") {
      chat.notify("status", (await mcp.signOut(name)) ? `Signed out of ${name}; its credentials are deleted` : `${name} had no stored sign-in`);
    } else {
      await signIn(host, mcp, name);
    }
  } catch (error) {
    chat.notify("error", (error as Error).message);
  }
}

/** The browser flow: the URL is shown and opened; a dialog takes a pasted redirect URL, and escape cancels. */
async function signIn(host: CommandHost, mcp: McpService, name: string): Promise<void> {
  const cancel = new AbortController();
  const finished = new AbortController();
  const result = mcp.signIn(name, {
    signal: cancel.signal,
    onAuthorizationUrl(url) {
      host.chat.notify("info", `To sign in to ${name}, open: ${url.href}`);
      openUrl(url.href);
    },
    onPasteAccepted: (accept) => void askForRedirect(host, name, accept, finished.signal, () => cancel.abort()),
  });
  try {
    const outcome = await result;
    const server = mcp.servers().find((candidate) => candidate.name === name);
    host.chat.notify("status", `${outcome === "refreshed" ? "Refreshed the sign-in to" : "Signed in to"} ${name}${server ? `: ${summary(server)}` : ""}`);
  } finally {
    finished.abort();
  }
}

async function askForRedirect(host: CommandHost, name: string, accept: (url: string) => boolean, finished: AbortSignal, cancel: () => void): Promise<void> {
  for (;;) {
    const text = await host.ui.input(`Signing in to ${name}: approve in the browser, or paste the URL it ended on (escape cancels)`, undefined, { signal: finished });
    if (finished.aborted) return;
    if (text === undefined) return cancel();
    if (accept(text)) return;
    host.chat.notify("warning", "That is not the URL of an authorization response (it has no code); paste the whole address.");
  }
}
