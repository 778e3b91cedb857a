// The MCP plugin: reads `mcp.json` as pi 1.6.0 does and, only when some server is configured or registered,
// loads the connection manager and the MCP SDK. Other plugins and front ends (RPC, the TUI's `/mcp`, extensions)
// reach it through the `mcp` service. Remove the plugin and pith has no MCP at all.
import { join } from "node:path";
import { PithError, definePlugin, isTapped, type PithPlugin, type PluginContext } from "../../kernel/index.js";
import type { RegisteredMcpServer } from "./servers-change-hook.js";
import { validateServerEntry, type McpExposure, type McpServerConfig } from "./config/config.js";
import type { ServerSettingsPatch } from "./config/config-edit.js";
import { untilAborted } from "../../lib/abort/until-aborted.js";
import { loadMcpConfiguration, projectConfigFile, type McpConfiguration, type McpServerEntry } from "./config/config-files.js";
import type { McpManager, McpServerStatus, SignInRequest } from "./servers/manager.js";
import { configuredExposures } from "./tools/naming.js";
import type { SignInResult } from "./oauth/sign-in.js";

export type { McpServerStatus, McpToolStatus, SignInRequest as McpSignInRequest } from "./servers/manager.js";
export type { SignInResult as McpSignInResult } from "./oauth/sign-in.js";
export type { McpServerConfig } from "./config/config.js";
export type { RegisteredMcpServer, McpServersChangeEvent } from "./servers-change-hook.js";

const DEFAULT_STARTUP_WAIT_MS = 10_000;

export interface McpPluginOptions {
  agentDir: string;
  /** whether the project's `.pi/mcp.json` may be read (project trust) */
  projectTrusted(): boolean | Promise<boolean>;
  /** `--tools` entries; those starting with `mcp__` limit the MCP tools offered */
  tools?: readonly string[];
  /** how long the first prompt waits for servers with `direct` tools (default 10 s, as pi) */
  startupWaitMs?: number;
  env?: NodeJS.ProcessEnv;
  version?: string;
}

export interface McpSaveOptions {
  /** also save it to the file that defines the server (the project override that adjusts it, if any) */
  persist?: boolean;
  /** save it as an override in the trusted project's `.pi/mcp.json`, which later changes then go to (pi's "in this project") */
  inProject?: boolean;
}

export interface McpService {
  /** every configured or registered server with its state, tools and errors */
  servers(): McpServerStatus[];
  /** problems of the configuration files, each naming file, server and field */
  problems(): readonly string[];
  /** resolves when every connection attempt in progress has ended */
  ready(signal?: AbortSignal): Promise<void>;
  reconnect(name: string): Promise<void>;
  /**
   * Enables or disables a server; with `persist`, also in the file that defines it (the project override that
   * adjusts it, if any). An extension's server changes for this session only. Resolves to the file written.
   */
  setEnabled(name: string, enabled: boolean, options?: McpSaveOptions): Promise<{ savedTo?: string }>;
  /** Changes a server's exposure without reconnecting; `persist` saves it as `setEnabled` does. */
  setExposure(name: string, exposure: McpExposure, options?: McpSaveOptions): Promise<{ savedTo?: string }>;
  /** whether a user-level server can be adjusted for the project alone (`inProject`): the project is trusted and has no override of it yet */
  canAdjustInProject(name: string): Promise<boolean>;
  /**
   * OAuth sign-in to an HTTP server: a stored refresh token when it works, else the browser flow, whose URL goes
   * to `onAuthorizationUrl`; the tokens are saved to mcp-auth.json and the server reconnects with them
   */
  signIn(name: string, request: SignInRequest): Promise<SignInResult>;
  /** deletes the server's stored sign-in; resolves to whether there was one */
  signOut(name: string): Promise<boolean>;
  /**
   * a server for this session (pi's `registerMcpServer`): throws for an invalid entry or a name another extension
   * registered; a server of that name from mcp.json wins
   */
  registerServer(name: string, config: Record<string, unknown>, extensionPath: string): void;
  /** removes a server this extension registered and closes its connection */
  unregisterServer(name: string, extensionPath: string): void;
  /** the servers extensions registered (pi's `getMcpServers`) */
  registeredServers(): RegisteredMcpServer[];
  /** called after every change of a server's state or tools */
  onChange(listener: () => void): () => void;
  /**
   * An extension takes over what pi's MCP extension (`createMcpExtension`) decides: its own `codemode` or
   * `tool_search` reaches the undeclared tools (the plugin registers no `tool_search` of its own, and the prompt
   * section says which servers codemode reaches), and `startupWaitMs` bounds the first prompt's wait.
   */
  serveExtension(options: { startupWaitMs?: number }): void;
  /** every exposure the enabled servers' configurations give their tools, known before they connect */
  configuredExposures(): Set<McpExposure>;
  /** mcp.json's `autoEnableCodemode` (default true): whether pi's MCP extension activates codemode for `codemode` servers */
  autoEnableCodemode(): boolean;
}

declare module "../../kernel/index.js" {
  interface PithServices {
    mcp: McpService;
  }
}

export function mcpPlugin(options: McpPluginOptions): PithPlugin {
  return definePlugin({
    name: "mcp",
    async setup(context) {
      const configuration = await readConfiguration(context, options);
      const host = new McpHost(context, options, configuration);
      context.provide("mcp", host.service);
      // /reload reads mcp.json again
      context.on("session_start", async ({ reason }) => {
        if (reason === "reload") await host.reconfigure(await readConfiguration(context, options));
      });
      // The SDK loads and the servers connect while the rest of the session starts; the first prompt waits only
      // for what its request needs (before_prompt below).
      if (configuration.servers.length > 0) void host.start(configuration.servers).catch((error: unknown) => context.report(error));
    },
  });
}

async function readConfiguration(context: PluginContext, options: McpPluginOptions): Promise<McpConfiguration> {
  const configuration = await loadMcpConfiguration({ agentDir: options.agentDir, cwd: context.cwd, projectTrusted: options.projectTrusted, reportUntrusted: false });
  for (const problem of configuration.problems) context.report(new PithError("MCP_CONFIG_INVALID", problem));
  return configuration;
}

class McpHost {
  private manager: McpManager | undefined;
  private loading: Promise<McpManager> | undefined;
  /** the last start's servers added; undefined when loading failed */
  private started: Promise<McpManager | undefined> = Promise.resolve(undefined);
  private readonly listeners = new Set<() => void>();
  private waitedForStartup = false;
  private extensionDiscovery = false;
  /** the `mcp_servers` section of the running prompt */
  private section: string | undefined;
  private startupWaitMs: number;
  private readonly registered = new Map<string, RegisteredMcpServer>();
  private applying: Promise<void> = Promise.resolve();

  constructor(
    private readonly context: PluginContext,
    private readonly options: McpPluginOptions,
    private configuration: McpConfiguration,
  ) {
    this.startupWaitMs = options.startupWaitMs ?? DEFAULT_STARTUP_WAIT_MS;
  }

  async reconfigure(configuration: McpConfiguration): Promise<void> {
    this.configuration = configuration;
    if (this.manager) await this.manager.reconcile(configuration.servers);
    else if (configuration.servers.length > 0) await this.start(configuration.servers);
  }

  /** Loads the manager (and, through it, the SDK) and starts connecting; the session does not wait. */
  start(entries: McpServerEntry[]): Promise<McpManager> {
    if (!this.loading) {
      this.loading = this.load();
      this.tapHooks();
    }
    const started = this.loading.then((manager) => {
      manager.add(entries);
      return manager;
    });
    this.started = started.catch(() => undefined);
    return started;
  }

  /**
   * Saves a change of `enabled` or `exposure` where pi saves it: the file that defines the server, or the project
   * override that adjusts it (created with `inProject`); an extension's server changes for this session only.
   * The configuration then says what the session has, so a /reload keeps it. Resolves to the file written.
   */
  private async save(name: string, patch: ServerSettingsPatch, options: McpSaveOptions = {}): Promise<string | undefined> {
    const entry = (await this.loaded()).find(name)?.entry;
    if (!entry || entry.scope === "extension" || !(options.persist || options.inProject)) return undefined;
    if (options.inProject && !(await this.service.canAdjustInProject(name))) {
      throw new PithError("MCP_PROJECT_OVERRIDE_UNAVAILABLE", `MCP server "${name}" cannot be adjusted in this project: only a user-level server without a project override can, in a trusted project`);
    }
    const file = options.inProject ? projectConfigFile(this.context.cwd) : (entry.override ?? entry.source);
    const { writeServerSettings } = await import("./config/config-edit.js");
    await writeServerSettings(file, name, patch, { createOverride: options.inProject });
    const adjusted = (server: McpServerEntry): McpServerEntry => ({
      ...server,
      config: { ...server.config, ...patch },
      ...(options.inProject ? { override: file } : {}),
    });
    this.configuration = { ...this.configuration, servers: this.configuration.servers.map((server) => (server.name === name ? adjusted(server) : server)) };
    (await this.loaded()).adoptEntry(name, adjusted);
    return file;
  }

  /** The manager once loaded; MCP_NO_SERVERS when nothing was ever configured or registered. */
  private async loaded(): Promise<McpManager> {
    const manager = await this.loading;
    if (!manager) throw new PithError("MCP_NO_SERVERS", "No MCP servers are configured: add one with pith mcp add (see docs/mcp.md).");
    return manager;
  }

  private async load(): Promise<McpManager> {
    const [{ McpManager }, { loadMcpSdk }, { serverLog }, { McpAuthStore, mcpAuthFile }, { storedSignIns }] = await Promise.all([
      import("./servers/manager.js"),
      import("./servers/sdk-modules.js"),
      import("./servers/server-log.js"),
      import("./oauth/oauth-store.js"),
      import("./oauth/sign-in.js"),
    ]);
    const env = this.options.env ?? process.env;
    const signIns = new McpAuthStore(mcpAuthFile(this.options.agentDir));
    const manager = new McpManager({
      context: this.context,
      deps: {
        sdk: loadMcpSdk,
        cwd: this.context.cwd,
        env,
        clientVersion: this.options.version ?? "0.0.0",
        log: serverLog(join(this.options.agentDir, "mcp.log")),
        signedInFetch: storedSignIns(signIns, env),
        // an `auth.provider` server's token: the models plugin's, refreshed under the lock as a model request's
        providerToken: async (provider) => this.context.tryUse("models")?.resolveApiKey(provider),
      },
      signIns,
      extensionDiscovery: () => this.extensionDiscovery,
      toolPatterns: this.options.tools?.filter((name) => name.startsWith("mcp__")),
      onChange: () => {
        for (const listener of this.listeners) listener();
      },
    });
    this.manager = manager;
    return manager;
  }

  private tapHooks(): void {
    const { context } = this;
    // The first prompt waits (at most startupWaitMs) only for servers whose tools are declared to the model, so
    // they are in its first request; other servers are waited for when tool_search or a resource tool needs them.
    context.on("before_prompt", async ({ signal }) => {
      if (this.waitedForStartup) return;
      this.waitedForStartup = true;
      // an abort ends the wait, as it ends the wait for the servers below
      const manager = await untilAborted(this.started, signal, () => undefined).catch(() => undefined);
      if (!manager) return;
      const direct = manager.directServers();
      if (direct.length === 0) return;
      const timeout = AbortSignal.timeout(this.startupWaitMs);
      await manager.settled(direct, AbortSignal.any([signal, timeout]));
      const waiting = direct.filter((connection) => connection.state === "connecting").map((connection) => connection.name);
      if (waiting.length > 0) context.log.info(`MCP servers still connecting: ${waiting.join(", ")}; their tools become available once connected.`);
    });
    // as pi's MCP extension does, a prompt's requests list the servers as they were when it started (a server
    // connecting meanwhile shows from the next prompt on); the plugin's own tool_search lists them once it exists
    context.on("before_prompt", async ({ signal }) => {
      const manager = await untilAborted(this.started, signal, () => undefined).catch(() => undefined);
      const section = manager?.promptSection();
      if (section === this.section) return;
      this.section = section;
      if (this.extensionDiscovery) await context.session.refreshSystemPrompt();
    });
    context.on("system_prompt", (state) => {
      const section = this.extensionDiscovery ? this.section : this.manager?.promptSection();
      // a section of its own, XML-wrapped like every section but the preamble (pi 1.6.0)
      return section ? { ...state, sections: { ...state.sections, mcp_servers: `<mcp_servers>\n${section}\n</mcp_servers>` } } : undefined;
    });
    context.on("session_shutdown", async ({ reason }) => {
      if (reason === "quit") await (await this.started)?.dispose();
    });
  }

  readonly service: McpService = {
    servers: () => this.manager?.status() ?? [],
    problems: () => this.configuration.problems,
    ready: async (signal) => {
      const manager = await this.started;
      if (manager) await manager.settled(manager.servers, signal);
    },
    reconnect: async (name) => (await this.loaded()).reconnect(name),
    setEnabled: async (name, enabled, options) => {
      const manager = await this.loaded();
      const savedTo = await this.save(name, { enabled }, options);
      await manager.setEnabled(name, enabled);
      return { savedTo };
    },
    setExposure: async (name, exposure, options) => {
      const manager = await this.loaded();
      const savedTo = await this.save(name, { exposure }, options);
      manager.setExposure(name, exposure);
      return { savedTo };
    },
    canAdjustInProject: async (name) => {
      const entry = (await this.loaded()).find(name)?.entry;
      return entry?.scope === "user" && !entry.override && (await this.options.projectTrusted());
    },
    signIn: async (name, request) => (await this.loaded()).signIn(name, request),
    signOut: async (name) => (await this.loaded()).signOut(name),
    registerServer: (name, config, extensionPath) => this.register(name, config, extensionPath),
    unregisterServer: (name, extensionPath) => {
      if (this.registered.get(name)?.extensionPath !== extensionPath) return;
      this.registered.delete(name);
      this.apply(name);
    },
    registeredServers: () => [...this.registered.values()].map((server) => ({ ...server })),
    onChange: (listener) => {
      this.listeners.add(listener);
      return () => void this.listeners.delete(listener);
    },
    serveExtension: ({ startupWaitMs }) => {
      this.extensionDiscovery = true;
      this.manager?.withdrawOwnToolSearch();
      if (startupWaitMs !== undefined) this.startupWaitMs = startupWaitMs;
    },
    autoEnableCodemode: () => this.configuration.autoEnableCodemode ?? true,
    configuredExposures: () => {
      const configs = [
        ...this.configuration.servers.map((entry) => entry.config),
        ...[...this.registered.values()].flatMap((server) => {
          const checked = validateServerEntry(server.name, server.config);
          return checked.ok ? [checked.config as McpServerConfig] : [];
        }),
      ];
      return new Set(configs.filter((config) => config.enabled !== false).flatMap((config) => [...configuredExposures(config)]));
    },
  };

  private register(name: string, config: Record<string, unknown>, extensionPath: string): void {
    const checked = validateServerEntry(name, config);
    if (!checked.ok) throw new PithError("MCP_CONFIG_INVALID", checked.error);
    const owner = this.registered.get(name)?.extensionPath;
    if (owner !== undefined && owner !== extensionPath) throw new PithError("MCP_SERVER_TAKEN", `MCP server "${name}" is already registered by ${owner}.`);
    this.registered.set(name, { name, config, extensionPath });
    this.apply(name);
  }

  /**
   * After a registration changed: `mcp_servers_change` tells the other plugins; unless one claims the registered
   * servers (an extension that connects them itself), the server is (re)connected or closed here. Changes apply
   * one at a time, in order.
   */
  private apply(name: string): void {
    this.applying = this.applying
      .then(async () => {
        const hook = this.context.hooksOf("mcp").mcp_servers_change;
        const claimed = isTapped(hook) ? (await hook.promise({ servers: this.service.registeredServers() }))?.claimed === true : false;
        const fromFile = this.configuration.servers.some((entry) => entry.name.replace(/-/g, "_") === name.replace(/-/g, "_"));
        if (fromFile) return;
        if (this.manager?.find(name)) await this.manager.remove(name);
        const server = this.registered.get(name);
        if (claimed || !server) return;
        const config = validateServerEntry(name, server.config);
        if (config.ok) await this.start([{ name, config: config.config as McpServerConfig, scope: "extension", source: server.extensionPath }]);
      })
      .catch((error: unknown) => this.context.report(error));
  }
}
