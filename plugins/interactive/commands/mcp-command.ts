// /mcp: the session's MCP servers. Without arguments a list (servers that need attention first) whose entries
// open their actions: details and tools, reconnect, exposure and enable or disable (saved to the mcp.json that
// defines the server, or "in this project" to a trusted project's override of a user-level server), sign in or out. `/mcp list|reconnect|enable|disable|login|logout <server>` act at once.
import type { McpExposure } from "../../mcp/config/config.js";
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
  const inProject = await mcp.canAdjustInProject(chosen.name).catch(() => false);
  const disabled = chosen.state === "disabled";
  const actions: [string, string][] = [
    ...(disabled ? [] : ([["Details and tools", "details"], ["Reconnect", "reconnect"], ["Exposure", "exposure"]] as [string, string][])),
    disabled ? ["Enable", "enable"] : ["Disable", "disable"],
    ...(inProject ? ([disabled ? ["Enable in this project", "enable-project"] : ["Disable in this project", "disable-project"]] as [string, string][]) : []),
    ...(chosen.transport === "http" && !disabled ? ([["Sign in", "login"], ["Sign out", "logout"]] as [string, string][]) : []),
  ];
  const picked = await host.ui.select(`${chosen.name}: ${summary(chosen)}`, actions.map(([label]) => label));
  const action = actions.find(([label]) => label === picked)?.[1];
  if (action === "details") host.chat.notify("info", details(chosen));
  else if (action === "exposure") await chooseExposure(host, mcp, chosen);
  else if (action) await act(host, mcp, action, chosen.name);
}

/** pi's choices: how the model reaches the server's tools (hidden stays a configuration matter). */
const EXPOSURES: [McpExposure, string][] = [
  ["codemode", "found through tool_search (pith has no codemode)"],
  ["deferred", "not declared until tool_search loads them"],
  ["direct", "declared to the model like built-in tools"],
];

async function chooseExposure(host: CommandHost, mcp: McpService, server: McpServerStatus): Promise<void> {
  const labels = EXPOSURES.map(([exposure, meaning]) => `${exposure === server.exposure ? "✓" : " "} ${exposure}: ${meaning}`);
  const picked = await host.ui.select(`Exposure of ${server.name} (saved to ${server.scope === "extension" ? "this session only" : (server.override ?? server.source)})`, labels);
  const exposure = EXPOSURES[labels.indexOf(picked ?? "")]?.[0];
  if (!exposure || exposure === server.exposure) return;
  try {
    const { savedTo } = await mcp.setExposure(server.name, exposure, { persist: true });
    host.chat.notify("status", `${server.name} is ${exposure}${savedTo ? ` (saved to ${savedTo})` : " for this session"}`);
  } catch (error) {
    host.chat.notify("error", (error as Error).message);
  }
}

async function act(host: CommandHost, mcp: McpService, action: string, name: string): Promise<void> {
  const { chat } = host;
  try {
    if (action === "reconnect") {
      chat.notify("status", `Reconnecting ${name}...`);
      await mcp.reconnect(name);
      const server = mcp.servers().find((candidate) => candidate.name === name);
      chat.notify(server?.state === "connected" ? "status" : "warning", `${name}: ${server ? summary(server) : "gone"}${server?.error ? ` (${server.error})` : ""}`);
    } else if (/^(en|dis)able(-project)?$/.test(action)) {
      const enable = action.startsWith("enable");
      const { savedTo } = await mcp.setEnabled(name, enable, { persist: true, inProject: action.endsWith("-project") });
      chat.notify("status", `${enable ? "Enabled" : "Disabled"} ${name}${savedTo ? ` (saved to ${savedTo})` : " for this session"}`);
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
