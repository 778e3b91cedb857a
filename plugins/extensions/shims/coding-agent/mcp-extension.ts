// pi's `createMcpExtension()`: an extension factory that gives the session pi's MCP extension, here over pith's MCP
// plugin (one client: the plugin's connections, tools, resource tools, prompt section and startup wait). What the
// factory adds is what pi's extension decides on top of the connections: an extension's `codemode` or
// `tool_search` (one that declares `reachesTools`) reaches the undeclared MCP tools instead of the plugin's own
// `tool_search`, is activated when the configured exposures ask for it, and waits for the servers before it runs.
import { PithError } from "../../../../kernel/index.js";
import type { ExtensionAPI, ExtensionContext } from "../../contract/types.js";
import { mcpServiceOf } from "../../instance/api-services.js";
import { mcpCommand } from "./mcp-extension-command.js";

export interface McpExtensionOptions {
  /** how long the first prompt waits for servers with `direct` tools, in milliseconds (default 10000) */
  startupWaitMs?: number;
  // pi's other options take pi's own MCP client objects or replace its config files; pith's plugin has its own
  loadConfig?: unknown;
  createTransport?: unknown;
  credentials?: unknown;
  logPath?: unknown;
  openUrl?: unknown;
  updateConfig?: unknown;
}

const UNSUPPORTED_OPTIONS = ["loadConfig", "createTransport", "credentials", "logPath", "openUrl", "updateConfig"] as const;
const CODEMODE = "codemode";
const TOOL_SEARCH = "tool_search";

type McpOfExtension = Pick<ExtensionAPI, "on" | "getAllTools" | "getActiveTools" | "setActiveTools" | "registerCommand">;

export function createMcpExtension(options: McpExtensionOptions = {}): (pi: McpOfExtension) => void {
  const given = UNSUPPORTED_OPTIONS.filter((name) => options[name] !== undefined);
  if (given.length > 0) {
    throw new PithError(
      "EXTENSION_API_UNSUPPORTED",
      `createMcpExtension's ${given.join(", ")} option${given.length === 1 ? " is" : "s are"} not supported in pith: its MCP plugin reads mcp.json, mcp-auth.json and writes mcp.log itself (docs/mcp.md); register servers in code with pi.registerMcpServer().`,
    );
  }
  return (pi) => {
    const serve = () => {
      const mcp = mcpServiceOf(pi);
      mcp?.serveExtension({ ...(options.startupWaitMs !== undefined ? { startupWaitMs: options.startupWaitMs } : {}) });
      return mcp;
    };
    // at once, so the plugin never registers a `tool_search` of its own beside the extension's
    serve();
    let warned = false;
    let unsubscribe: (() => void) | undefined;

    /** activates the tool the configured exposures ask for; warns once when MCP tools stay unreachable */
    const activateDiscovery = (ctx: ExtensionContext) => {
      const mcp = mcpServiceOf(pi);
      const exposures = mcp?.configuredExposures() ?? new Set();
      const autoEnable = mcp?.autoEnableCodemode() ?? true;
      const needsCodemode = exposures.has("codemode");
      const needsToolSearch = exposures.has("deferred");
      if (!needsCodemode && !needsToolSearch) return;
      // only a tool of these names that declares what it reaches can reach MCP tools
      const tools = pi.getAllTools();
      const reaching = (name: string) => tools.some((tool) => tool.name === name && tool.reachesTools);
      const active = pi.getActiveTools();
      const activate = [...(needsCodemode && reaching(CODEMODE) && autoEnable ? [CODEMODE] : []), ...(needsToolSearch && reaching(TOOL_SEARCH) ? [TOOL_SEARCH] : [])].filter(
        (name) => !active.includes(name),
      );
      if (activate.length > 0) pi.setActiveTools([...active, ...activate]);
      const reachable = [...active, ...activate];
      if ([CODEMODE, TOOL_SEARCH].some((name) => reaching(name) && reachable.includes(name)) || warned) return;
      warned = true;
      const reason = needsCodemode && reaching(CODEMODE) && !autoEnable ? " (autoEnableCodemode is false)" : "";
      ctx.ui.notify(`MCP tools are only reachable from the codemode or tool_search tool, but neither is active${reason}; they cannot be called.`, "warning");
    };

    pi.on("session_start", (_event, ctx) => {
      warned = false;
      const mcp = serve();
      if (!mcp) {
        ctx.ui.notify("MCP failed to load: the session has no MCP (--no-mcp, or the mcp plugin is not loaded).", "error");
        return;
      }
      activateDiscovery(ctx);
      // servers extensions register later may ask for another tool
      unsubscribe?.();
      const listener = mcp.onChange(() => {
        try {
          activateDiscovery(ctx);
        } catch (error) {
          // an instance a reload retired throws on use: it stops listening, the new instance listens in its place
          if (!(error instanceof PithError && error.code === "EXTENSION_STALE")) throw error;
          listener();
        }
      });
      unsubscribe = listener;
    });

    // a tool that reaches other tools runs once the servers' connection attempts ended, so their tools exist
    pi.on("tool_call", async (event, ctx) => {
      const tool = pi.getAllTools().find((candidate) => candidate.name === event.toolName);
      if (tool?.reachesTools?.(event.input) === undefined) return;
      await mcpServiceOf(pi)?.ready(ctx.signal);
    });

    pi.registerCommand(
      "mcp",
      mcpCommand(
        () => mcpServiceOf(pi),
        (ctx) => activateDiscovery(ctx),
      ),
    );

    pi.on("session_shutdown", () => {
      unsubscribe?.();
      unsubscribe = undefined;
    });
  };
}
