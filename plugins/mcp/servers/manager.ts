// All MCP servers of a session: connects them in the background, registers their tools as they arrive (declared
// to the model for `direct` exposure, found through `tool_search` otherwise), the resource tools, and the status
// and controls the `mcp` service offers.
import { PithError, type PluginContext, type ToolDefinition } from "../../../kernel/index.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { isHttpConfig, isRecord, type McpExposure, type McpServerConfig } from "../config/config.js";
import type { McpServerEntry } from "../config/config-files.js";
import { McpConnection, type ConnectionDeps, type McpServerState } from "./connection.js";
import { mcpToolDefinition } from "../tools/mcp-tool.js";
import { configuredExposures, mcpToolName, toolExposure } from "../tools/naming.js";
import type { McpAuthStore } from "../oauth/oauth-store.js";
import { RESOURCE_TOOL_NAMES, resourceTools } from "../tools/resource-tools.js";
import { signIn, type SignInOptions, type SignInResult } from "../oauth/sign-in.js";
import { TOOL_SEARCH_NAME, toolSearchTool, type SearchableTool } from "../tools/tool-search.js";
import { renderServersSection, type ServerReach } from "../tools/servers-section.js";

export interface McpToolStatus {
  /** the name the model calls it by */
  name: string;
  /** the server's name for it */
  serverTool: string;
  exposure: McpExposure;
  description: string;
}

export interface McpServerStatus {
  name: string;
  state: McpServerState;
  error?: string;
  scope: McpServerEntry["scope"];
  source: string;
  override?: string;
  transport: "stdio" | "http";
  exposure: McpExposure;
  description?: string;
  instructions?: string;
  tools: McpToolStatus[];
  /** the server offers resources (the resource tools reach them) */
  resources?: true;
  stderr?: string;
}

interface OwnedTool {
  server: string;
  tool: Tool;
  exposure: McpExposure;
}

/** JSON with sorted keys, so entries compare by content */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) => (isRecord(item) ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b))) : item));

const isSearchable = (exposure: McpExposure) => exposure === "codemode" || exposure === "deferred";

export interface McpManagerOptions {
  context: PluginContext;
  deps: Omit<ConnectionDeps, "onChange">;
  /** `--tools` entries starting with `mcp__` (patterns with `*`): only matching MCP tools are offered */
  toolPatterns?: string[];
  /** where OAuth sign-ins are kept (mcp-auth.json) */
  signIns: McpAuthStore;
  /**
   * whether an extension (pi's createMcpExtension) reaches the undeclared tools with its own `codemode` or
   * `tool_search`; otherwise the manager registers its own `tool_search`
   */
  extensionDiscovery(): boolean;
  onChange(): void;
}

export type SignInRequest = Pick<SignInOptions, "signal" | "onAuthorizationUrl" | "onPasteAccepted">;

export class McpManager {
  private readonly connections = new Map<string, McpConnection>();
  private readonly tools = new Map<string, OwnedTool>();
  private readonly registered = new Set<string>();
  /** removes the manager's own `tool_search` */
  private ownToolSearch: (() => void) | undefined;
  private readonly reported = new Set<string>();

  constructor(private readonly options: McpManagerOptions) {}

  get servers(): McpConnection[] {
    return [...this.connections.values()];
  }

  find(name: string): McpConnection | undefined {
    return this.connections.get(name);
  }

  /** Adds servers and starts connecting the enabled ones; returns at once. */
  add(entries: McpServerEntry[]): void {
    for (const entry of entries) {
      const connection = new McpConnection(entry, { ...this.options.deps, onChange: (changed) => this.changed(changed) });
      this.connections.set(entry.name, connection);
      void connection.connect();
    }
    this.options.onChange();
  }

  async remove(name: string): Promise<void> {
    const connection = this.connections.get(name);
    if (!connection) return;
    this.connections.delete(name);
    await connection.close();
    this.withdraw(name, new Set());
    this.options.onChange();
  }

  private changed(connection: McpConnection): void {
    if (this.connections.get(connection.name) !== connection) return;
    this.reportFailure(connection);
    this.sync(connection);
    this.options.onChange();
  }

  /** A failed connection is reported once per distinct error; tool calls then carry the error to the model. */
  private reportFailure(connection: McpConnection): void {
    if (connection.state !== "failed" && connection.state !== "needs-sign-in") return;
    const key = `${connection.name}\0${connection.error}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    const code = connection.state === "failed" ? "MCP_SERVER_FAILED" : "MCP_SIGN_IN_REQUIRED";
    const what = connection.state === "failed" ? "failed to connect" : "needs sign-in";
    this.options.context.report(new PithError(code, `MCP server "${connection.name}" ${what}: ${connection.error}`));
  }

  private allowed(name: string): boolean {
    const patterns = this.options.toolPatterns;
    if (!patterns || patterns.length === 0) return true;
    return patterns.some((pattern) => new RegExp(`^${pattern.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`).test(name));
  }

  /** Registers the tools a server offers now; tools it withdrew become unreachable. */
  private sync(connection: McpConnection): void {
    const { context } = this.options;
    const server = connection.name;
    const offered = new Set<string>();
    const taken = (name: string) => offered.has(name) || (this.tools.has(name) && this.tools.get(name)!.server !== server);
    for (const tool of connection.tools) {
      const exposure = toolExposure(connection.entry.config, tool.name);
      if (exposure === "hidden") continue;
      const name = mcpToolName(server, tool.name, taken);
      if (!this.allowed(name)) continue;
      offered.add(name);
      this.tools.set(name, { server, tool, exposure });
      const active = exposure === "direct" || context.session.activeToolNames().includes(name);
      const definition = mcpToolDefinition(name, tool, {
        connection,
        current: () => (this.tools.get(name)?.server === server ? this.tools.get(name)!.tool : undefined),
        readableResources: () => connection.hasResources,
      });
      // as in pi, other tools reach a codemode or deferred MCP tool through `executeTool` whether declared or not;
      // like pi's, a `codemode` server's tools are `deferred` tools (both stay out of the model's declarations)
      context.registerTool({ ...definition, exposure: exposure === "codemode" ? "deferred" : exposure }, { active });
      this.registered.add(name);
    }
    this.withdraw(server, offered);
    this.ensureHelperTools();
  }

  private withdraw(server: string, kept: Set<string>): void {
    const gone = [...this.tools].filter(([name, owned]) => owned.server === server && !kept.has(name)).map(([name]) => name);
    if (gone.length === 0) return;
    for (const name of gone) this.tools.delete(name);
    const session = this.options.context.session;
    session.setActiveTools(session.activeToolNames().filter((name) => !gone.includes(name)));
  }

  /** `tool_search` once some tool is not declared; the resource tools once a server offers resources. */
  private ensureHelperTools(): void {
    const { context } = this.options;
    const enabled = this.servers.filter((connection) => connection.state !== "disabled");
    const searchable = enabled.some((connection) => [...configuredExposures(connection.entry.config)].some(isSearchable));
    if (searchable && !this.registered.has(TOOL_SEARCH_NAME) && !this.options.extensionDiscovery()) {
      this.ownToolSearch = context.registerTool(
        toolSearchTool({
          candidates: async (signal) => {
            await this.settled(this.servers, signal);
            return this.searchable();
          },
          load: (names) => context.session.setActiveTools([...new Set([...context.session.activeToolNames(), ...names])]),
        }),
      );
      this.registered.add(TOOL_SEARCH_NAME);
    }
    const withResources = enabled.filter((connection) => connection.hasResources);
    if (withResources.length > 0 && !this.registered.has(RESOURCE_TOOL_NAMES[0])) {
      const direct = withResources.some((connection) => (connection.entry.config.exposure ?? "codemode") === "direct");
      // as pi's, undeclared resource tools are `deferred` ones
      const host = {
        servers: async (signal: AbortSignal) => {
          await this.settled(this.servers, signal);
          return this.servers.filter((connection) => connection.state === "connected" && connection.hasResources);
        },
      };
      for (const tool of resourceTools(host)) context.registerTool(direct ? tool : { ...tool, exposure: "deferred" }, { active: direct });
      for (const name of RESOURCE_TOOL_NAMES) this.registered.add(name);
    }
  }

  /** Tools `tool_search` may load: MCP tools that are not declared, and the resource tools when not declared. */
  private searchable(): SearchableTool[] {
    const active = new Set(this.options.context.session.activeToolNames());
    const all = new Map(this.options.context.session.allTools().map((tool) => [tool.name, tool] as const));
    const names = [...[...this.tools].filter(([, owned]) => isSearchable(owned.exposure)).map(([name]) => name), ...RESOURCE_TOOL_NAMES];
    return names.filter((name) => !active.has(name) && all.has(name)).map((name) => all.get(name) as ToolDefinition);
  }

  /** Waits until these servers' connection attempts ended, or the signal fires. */
  async settled(connections: McpConnection[], signal?: AbortSignal): Promise<void> {
    const attempts = Promise.all(connections.map((connection) => connection.ready));
    if (!signal) return void (await attempts);
    await new Promise<void>((resolve) => {
      const done = () => {
        signal.removeEventListener("abort", done);
        resolve();
      };
      signal.addEventListener("abort", done, { once: true });
      void attempts.then(done);
    });
  }

  /** Servers whose tools are declared to the model, which the first prompt waits for. */
  directServers(): McpConnection[] {
    return this.servers.filter((connection) => connection.state !== "disabled" && configuredExposures(connection.entry.config).has("direct"));
  }

  status(): McpServerStatus[] {
    return this.servers.map((connection) => statusOf(connection, [...this.tools].filter(([, owned]) => owned.server === connection.name)));
  }

  async reconnect(name: string): Promise<void> {
    const connection = this.require(name);
    await connection.close();
    if (connection.entry.config.enabled === false) return;
    await connection.connect();
  }

  /** Enables or disables a server for this session (the caller saves it to a file when asked). */
  async setEnabled(name: string, enabled: boolean): Promise<void> {
    const connection = this.require(name);
    // enabled is the default, as the file then says it
    const { enabled: _previous, ...rest } = connection.entry.config;
    const config: McpServerConfig = enabled ? rest : { ...rest, enabled };
    const entry: McpServerEntry = { ...connection.entry, config };
    this.connections.delete(name);
    await connection.close(enabled ? "disconnected" : "disabled");
    this.withdraw(name, new Set());
    const next = new McpConnection(entry, { ...this.options.deps, onChange: (changed) => this.changed(changed) });
    this.connections.set(name, next);
    this.options.onChange();
    if (enabled) await next.connect();
  }

  /** Replaces a server's entry where its file changed (an override added); its connection stays as it is. */
  adoptEntry(name: string, change: (entry: McpServerEntry) => McpServerEntry): void {
    const connection = this.require(name);
    connection.entry = change(connection.entry);
  }

  /**
   * Changes a server's exposure for this session without reconnecting: its tools are offered again as the new
   * exposure says, and those no longer direct leave the declared set (as pi does, also ones tool_search loaded).
   */
  setExposure(name: string, exposure: McpExposure): void {
    const connection = this.require(name);
    connection.entry = { ...connection.entry, config: { ...connection.entry.config, exposure } };
    const session = this.options.context.session;
    const own = new Set([...this.tools].filter(([, owned]) => owned.server === name).map(([tool]) => tool));
    session.setActiveTools(session.activeToolNames().filter((tool) => !own.has(tool)));
    this.sync(connection);
    this.options.onChange();
  }

  /**
   * After the configuration files were read again: servers no longer configured are closed, changed ones
   * reconnect with their new entry, new ones connect; unchanged ones keep their connection. A file's server
   * replaces an extension's of the same name.
   */
  async reconcile(entries: McpServerEntry[]): Promise<void> {
    const next = new Map(entries.map((entry) => [entry.name, entry]));
    for (const connection of this.servers) {
      const entry = next.get(connection.name);
      if (connection.entry.scope === "extension" && !entry) continue;
      if (entry && canonical(entry) === canonical(connection.entry)) next.delete(connection.name);
      else await this.remove(connection.name);
    }
    this.add([...next.values()]);
  }

  /** Signs in to an HTTP server with OAuth, then connects it with the new tokens. */
  async signIn(name: string, request: SignInRequest): Promise<SignInResult> {
    const connection = this.require(name);
    const { config } = connection.entry;
    if (!isHttpConfig(config)) throw new PithError("MCP_SIGN_IN_NOT_APPLICABLE", `MCP server "${name}" is a stdio server; OAuth sign-in applies to HTTP servers`);
    const { deps, signIns } = this.options;
    const result = await signIn({ ...request, server: name, config, store: signIns, sdk: await deps.sdk(), env: deps.env });
    await this.reconnect(name);
    return result;
  }

  /** Deletes the server's stored sign-in and reconnects it without; resolves to whether one was stored. */
  async signOut(name: string): Promise<boolean> {
    const connection = this.require(name);
    const { config } = connection.entry;
    if (!isHttpConfig(config)) return false;
    const removed = await this.options.signIns.remove(name, config.url);
    await this.reconnect(name);
    return removed;
  }

  private require(name: string): McpConnection {
    const connection = this.connections.get(name);
    if (!connection) throw new PithError("MCP_UNKNOWN_SERVER", `No MCP server "${name}". Configured: ${[...this.connections.keys()].join(", ") || "none"}`);
    return connection;
  }

  /** An extension's discovery tools take over: the manager's own `tool_search`, if registered, leaves the session. */
  withdrawOwnToolSearch(): void {
    if (!this.ownToolSearch) return;
    this.ownToolSearch();
    this.ownToolSearch = undefined;
    this.registered.delete(TOOL_SEARCH_NAME);
    const session = this.options.context.session;
    session.setActiveTools(session.activeToolNames().filter((name) => name !== TOOL_SEARCH_NAME));
  }

  /**
   * The `mcp_servers` system prompt section: servers whose tools the model must search for. With its own
   * `tool_search` every such server is reached through it; an extension's discovery reaches `codemode` servers
   * through codemode, as pi's MCP extension says.
   */
  promptSection(): string | undefined {
    const extension = this.options.extensionDiscovery();
    if (!extension && !this.registered.has(TOOL_SEARCH_NAME)) return undefined;
    const reachOf = (config: McpServerConfig): ServerReach => (extension && configuredExposures(config).has("codemode") ? "codemode" : "tool_search");
    const servers = this.servers.filter((connection) => connection.state !== "disabled");
    return renderServersSection(
      servers.map((connection) => ({ name: connection.name, config: connection.entry.config, ...(connection.instructions ? { instructions: connection.instructions } : {}) })),
      reachOf,
    );
  }

  async dispose(): Promise<void> {
    await Promise.all(this.servers.map((connection) => connection.close()));
  }
}

function statusOf(connection: McpConnection, tools: [string, OwnedTool][]): McpServerStatus {
  const { entry } = connection;
  return {
    name: connection.name,
    state: connection.state,
    ...(connection.error ? { error: connection.error } : {}),
    scope: entry.scope,
    source: entry.source,
    ...(entry.override ? { override: entry.override } : {}),
    transport: "url" in entry.config ? "http" : "stdio",
    exposure: entry.config.exposure ?? "codemode",
    ...(entry.config.description ? { description: entry.config.description } : {}),
    ...(connection.instructions ? { instructions: connection.instructions } : {}),
    tools: tools.map(([name, owned]) => ({ name, serverTool: owned.tool.name, exposure: owned.exposure, description: owned.tool.description ?? "" })),
    ...(connection.hasResources ? { resources: true as const } : {}),
    ...(connection.stderrTail ? { stderr: connection.stderrTail } : {}),
  };
}
