// The `/mcp` command pi's MCP extension registers, as it answers outside its TUI manager (pith's TUI runs its own
// built-in `/mcp`): the servers' states, and `reconnect`/`logout` of one server, over pith's MCP service.
import { resolve } from "node:path";
import type { ExtensionCommandContext, PiCommandOptions } from "../../contract/types.js";
import type { McpServerStatus, McpService } from "../../../mcp/index.js";
import { getAgentDir } from "./agent-dir.js";

const USAGE = "Usage: /mcp, /mcp login [server], /mcp logout [server], /mcp reconnect [server]";

interface Pick {
  eligible(server: McpServerStatus): boolean;
  preferred(server: McpServerStatus): boolean;
  none: string;
}

/** `afterChange` runs once a server reconnected (its exposures may ask for another discovery tool) */
export function mcpCommand(service: () => McpService | undefined, afterChange: (ctx: ExtensionCommandContext) => void): PiCommandOptions {
  return {
    description: "Manage MCP servers: sign in, reconnect, enable or disable, and change exposure",
    async handler(args, ctx) {
      const mcp = service();
      if (!mcp) return ctx.ui.notify("MCP failed to load: the session has no MCP (--no-mcp, or the mcp plugin is not loaded).", "error");
      const [action, name, ...extra] = args.trim().split(/\s+/).filter(Boolean);
      if (extra.length > 0) return ctx.ui.notify(USAGE, "warning");
      // as pi, answers once the startup connections were tried
      await mcp.ready(ctx.signal);
      if (action === undefined) return ctx.ui.notify(statusText(mcp), "info");
      const usesOAuth = (server: McpServerStatus) => server.transport === "http" && server.state !== "disabled";
      const oauth: Pick = {
        eligible: usesOAuth,
        preferred: (server) => server.state === "needs-sign-in",
        none: "No enabled MCP server uses OAuth. Only HTTP servers without an Authorization header do.",
      };
      switch (action) {
        case "login": {
          const server = await pickServer(mcp, name, ctx, oauth);
          if (server) ctx.ui.notify(`Signing in to MCP server "${server.name}" from a command is not supported in pith: run pith mcp login ${server.name}.`, "error");
          return;
        }
        case "logout": {
          const server = await pickServer(mcp, name, ctx, oauth);
          if (!server) return;
          const removed = await mcp.signOut(server.name);
          return ctx.ui.notify(removed ? `Signed out of MCP server "${server.name}".` : `No stored credentials for MCP server "${server.name}".`, "info");
        }
        case "reconnect": {
          const server = await pickServer(mcp, name, ctx, {
            eligible: (candidate) => candidate.state !== "disabled",
            preferred: (candidate) => candidate.state === "failed" || candidate.state === "disconnected",
            none: "No enabled MCP server to reconnect.",
          });
          if (!server) return;
          try {
            await mcp.reconnect(server.name);
          } catch (error) {
            return ctx.ui.notify(error instanceof Error ? error.message : String(error), "error");
          }
          afterChange(ctx);
          const now = mcp.servers().find((candidate) => candidate.name === server.name);
          return ctx.ui.notify(`Reconnected to MCP server "${server.name}" (${now ? shortState(now) : "disabled"}).`, "info");
        }
        default:
          ctx.ui.notify(USAGE, "warning");
      }
    },
  };
}

async function pickServer(mcp: McpService, name: string | undefined, ctx: ExtensionCommandContext, pick: Pick): Promise<McpServerStatus | undefined> {
  const servers = mcp.servers();
  if (name) {
    const server = servers.find((candidate) => candidate.name === name);
    if (!server) ctx.ui.notify(`No MCP server named "${name}".`, "error");
    else if (!pick.eligible(server)) ctx.ui.notify(pick.none, "error");
    return server && pick.eligible(server) ? server : undefined;
  }
  const candidates = servers.filter(pick.eligible);
  if (candidates.length === 0) {
    ctx.ui.notify(pick.none, "info");
    return undefined;
  }
  const preferred = candidates.filter(pick.preferred);
  if (candidates.length === 1) return candidates[0];
  if (preferred.length === 1) return preferred[0];
  const choice = await ctx.ui.select("MCP server", candidates.map((server) => server.name));
  return candidates.find((server) => server.name === choice);
}

/** one line per server (pi's wording), then the configuration's problems */
function statusText(mcp: McpService): string {
  const servers = mcp.servers();
  const problems = mcp.problems();
  if (servers.length === 0 && problems.length === 0) return `No MCP servers configured. Add them to ${resolve(getAgentDir(), "mcp.json")} or .pi/mcp.json.`;
  const lines = servers.map((server) => {
    if (server.state === "needs-sign-in") return `${server.name}: needs sign-in, run /mcp login ${server.name} (${server.exposure})`;
    const tools = server.state === "connected" ? `, ${server.tools.length} tools` : "";
    const state = server.state === "disconnected" ? "disconnected, reconnects on next call" : server.state;
    const error = server.error && server.state !== "connected" ? `\n    ${server.error.split("\n").join("\n    ")}` : "";
    return `${server.name}: ${state}${tools} (${server.exposure})${error}`;
  });
  return [...lines, ...problems.map((problem) => `config error: ${problem}`)].join("\n");
}

function shortState(server: McpServerStatus): string {
  switch (server.state) {
    case "connected":
      return `connected · ${server.tools.length} tool${server.tools.length === 1 ? "" : "s"}${server.resources ? " · resources" : ""}`;
    case "needs-sign-in":
      return "needs sign-in";
    case "failed":
      return `failed: ${(server.error ?? "unknown error").split("\n", 1)[0]}`;
    case "connecting":
      return "connecting…";
    default:
      return server.state;
  }
}
