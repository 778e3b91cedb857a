// One MCP server: its connection through the official SDK client, its state, tools and instructions. A server
// that fails, crashes or hangs changes only its own state; a dropped connection reconnects on the next call.
import { homedir } from "node:os";
import { resolve } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { CallToolResult, ReadResourceResult, Resource, ResourceTemplate, Tool } from "@modelcontextprotocol/sdk/types.js";
import { isHttpConfig, type McpHttpServerConfig, type McpStdioServerConfig } from "../config/config.js";
import type { McpServerEntry } from "../config/config-files.js";
import { expandRecord } from "../config/expand.js";
import { providerFetch } from "../../../lib/http/http-fetch.js";
import { MCP_HTTP_RETRIES, retryingFetch } from "./http-retry.js";
import type { McpSdk } from "./sdk-modules.js";
import type { SignedInFetch } from "../oauth/sign-in.js";
import { ProcessGroupStdioTransport } from "./stdio-transport.js";

export type McpServerState = "disabled" | "connecting" | "connected" | "disconnected" | "failed" | "needs-sign-in";

export interface ConnectionDeps {
  sdk(): Promise<McpSdk>;
  cwd: string;
  env: NodeJS.ProcessEnv;
  clientVersion: string;
  /** a server's logging notifications and transport errors, for mcp.log */
  log(server: string, level: string, text: string): void;
  /** state, tools or instructions changed */
  onChange(connection: McpConnection): void;
  /** OAuth for an HTTP server without an Authorization header: `base` with its tokens, undefined when it has no sign-in stored */
  signedInFetch?: SignedInFetch;
  /** the current token of a provider's login (an `auth.provider` server), refreshed when due; undefined without one */
  providerToken?(provider: string): Promise<string | undefined>;
}

export interface CallOptions {
  signal?: AbortSignal;
  onProgress?(progress: { progress: number; total?: number; message?: string }): void;
}

const STDERR_TAIL = 2000;
const DEFAULT_TIMEOUT_SECONDS = 60;

const expandHome = (path: string) => (path.startsWith("~/") ? resolve(homedir(), path.slice(2)) : path);

function isUnauthorized(error: unknown): boolean {
  // checked by shape: the SDK lives in a bundle of its own in the CLI
  if (!(error instanceof Error)) return false;
  return error.name === "UnauthorizedError" || (error as { code?: unknown }).code === 401 || /\b401\b|unauthori[sz]ed/i.test(error.message);
}

/** The SDK's HTTP errors carry the status as a numeric `code` that their message may not mention. */
function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === "number" && code >= 400 && code < 600 && !message.includes(String(code)) ? `HTTP ${code}: ${message}` : message;
}

export class McpConnection {
  state: McpServerState;
  error: string | undefined;
  tools: Tool[] = [];
  instructions: string | undefined;
  hasResources = false;
  private client: Client | undefined;
  private transport: Transport | undefined;
  private opening: Promise<void> | undefined;
  private stderr = "";
  private closing = false;

  constructor(
    /** replaced when the session changes the server's exposure */
    public entry: McpServerEntry,
    private readonly deps: ConnectionDeps,
  ) {
    this.state = entry.config.enabled === false ? "disabled" : "disconnected";
  }

  get name(): string {
    return this.entry.name;
  }

  get timeoutMs(): number {
    return (this.entry.config.timeout ?? DEFAULT_TIMEOUT_SECONDS) * 1000;
  }

  /** the last lines a stdio server wrote to stderr */
  get stderrTail(): string {
    return this.stderr;
  }

  /** Connects unless connected or connecting; resolves when the attempt ended, whatever its outcome. */
  connect(): Promise<void> {
    if (this.state === "connected" || this.state === "disabled") return Promise.resolve();
    this.closing = false;
    return (this.opening ??= this.open().finally(() => (this.opening = undefined)));
  }

  /** The attempt in progress, if any. */
  get ready(): Promise<void> {
    return this.opening ?? Promise.resolve();
  }

  private setState(state: McpServerState, error?: string): void {
    this.state = state;
    this.error = error;
    this.deps.onChange(this);
  }

  private async open(): Promise<void> {
    this.setState("connecting");
    let transport: Transport | undefined;
    try {
      const sdk = await this.deps.sdk();
      transport = await this.createTransport(sdk);
      this.transport = transport;
      const client = new sdk.Client({ name: "pith", version: this.deps.clientVersion }, { capabilities: {} });
      client.onerror = (error) => this.deps.log(this.name, "error", error.message);
      client.onclose = () => this.dropped(client);
      client.setNotificationHandler(sdk.LoggingMessageNotificationSchema, (notification) => {
        const { level, logger, data } = notification.params;
        this.deps.log(this.name, level, `${logger ? `${logger}: ` : ""}${typeof data === "string" ? data : JSON.stringify(data)}`);
      });
      client.setNotificationHandler(sdk.ToolListChangedNotificationSchema, () => {
        void this.refreshTools(client).then(
          () => this.deps.onChange(this),
          (error: Error) => this.deps.log(this.name, "error", `cannot list the changed tools: ${error.message}`),
        );
      });
      await client.connect(transport, { timeout: this.timeoutMs });
      if (this.closing) throw new Error("closed while connecting");
      this.client = client;
      this.instructions = client.getInstructions();
      this.hasResources = client.getServerCapabilities()?.resources !== undefined;
      await this.refreshTools(client);
      this.setState("connected");
    } catch (error) {
      this.client = undefined;
      await transport?.close().catch(() => undefined);
      if (this.closing) return;
      const tail = this.stderr.trim() ? ` (stderr: ${this.stderr.trim().split("\n").slice(-3).join(" | ")})` : "";
      if (isUnauthorized(error)) this.setState("needs-sign-in", this.signInHint());
      else this.setState("failed", `${describeError(error)}${tail}`);
    }
  }

  private dropped(client: Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    if (this.closing) return;
    const tail = this.stderr.trim() ? ` (stderr: ${this.stderr.trim().split("\n").slice(-3).join(" | ")})` : "";
    this.setState("disconnected", `the connection closed${tail}`);
  }

  private signInHint(): string {
    const provider = isHttpConfig(this.entry.config) ? this.entry.config.auth?.provider : undefined;
    if (provider) return `the server needs the ${provider} login: run /login ${provider} in a session, or pith login ${provider}`;
    return `the server asks for OAuth sign-in: run /mcp login ${this.name} in a session, or pith mcp login ${this.name}`;
  }

  private async createTransport(sdk: McpSdk): Promise<Transport> {
    const { config } = this.entry;
    const where = `server "${this.name}"`;
    if (isHttpConfig(config)) return this.httpTransport(sdk, config, where);
    return this.stdioTransport(sdk, config, where);
  }

  private async httpTransport(sdk: McpSdk, config: McpHttpServerConfig, where: string): Promise<Transport> {
    const headers = await expandRecord(config.headers, this.deps.env, `${where}: headers`);
    const hasAuthorization = Object.keys(headers).some((key) => key.toLowerCase() === "authorization");
    // pith's client, as for provider requests: it honours HTTPS_PROXY, HTTP_PROXY and NO_PROXY (Node's fetch does not)
    const fetchWithRetries = retryingFetch(providerFetch(), {
      onRetry: (reason, delayMs, attempt) => this.deps.log(this.name, "warning", `${reason}; try ${attempt + 1} of ${MCP_HTTP_RETRIES + 1} in ${delayMs} ms`),
    });
    if (config.auth) return new sdk.StreamableHTTPClientTransport(new URL(config.url), { requestInit: { headers }, fetch: this.withLogin(config.auth.provider, fetchWithRetries) });
    const signedIn = hasAuthorization ? undefined : await this.deps.signedInFetch?.(this.entry, sdk, fetchWithRetries);
    return new sdk.StreamableHTTPClientTransport(new URL(config.url), { requestInit: { headers }, fetch: signedIn ?? fetchWithRetries });
  }

  /** `base` with the provider login's token, read for every request so that its refreshes apply (MCP keeps no copy). */
  private withLogin(provider: string, base: typeof fetch): typeof fetch {
    return async (input, init) => {
      const token = await this.deps.providerToken?.(provider).catch(() => undefined);
      const headers = new Headers(init?.headers);
      if (token) headers.set("Authorization", `Bearer ${token}`);
      return base(input, { ...init, headers });
    };
  }

  private async stdioTransport(sdk: McpSdk, config: McpStdioServerConfig, where: string): Promise<Transport> {
    const env = { ...this.deps.env, ...(await expandRecord(config.env, this.deps.env, `${where}: env`)) };
    this.stderr = "";
    return new ProcessGroupStdioTransport(
      {
        command: expandHome(config.command),
        args: (config.args ?? []).map(expandHome),
        env,
        cwd: config.cwd ? resolve(this.deps.cwd, expandHome(config.cwd)) : this.deps.cwd,
        onStderr: (text) => (this.stderr = (this.stderr + text).slice(-STDERR_TAIL)),
      },
      sdk.codec,
    );
  }

  private async refreshTools(client: Client): Promise<void> {
    if (!client.getServerCapabilities()?.tools) {
      this.tools = [];
      return;
    }
    const tools: Tool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : undefined, { timeout: this.timeoutMs });
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor);
    this.tools = tools;
  }

  /** The client, reconnecting a dropped connection; a server that cannot connect throws its error. */
  private async usableClient(): Promise<Client> {
    if (this.state === "disabled") throw new Error(`MCP server "${this.name}" is disabled`);
    if (!this.client) await this.connect();
    if (!this.client) throw new Error(`MCP server "${this.name}" is not connected: ${this.error ?? this.state}`);
    return this.client;
  }

  async callTool(name: string, args: Record<string, unknown>, options: CallOptions = {}): Promise<CallToolResult> {
    const client = await this.usableClient();
    const result = await client.callTool({ name, arguments: args }, undefined, {
      signal: options.signal,
      timeout: this.timeoutMs,
      resetTimeoutOnProgress: true,
      onprogress: options.onProgress,
    });
    return result as CallToolResult;
  }

  async listResources(cursor: string | undefined, signal?: AbortSignal): Promise<{ resources: Resource[]; nextCursor?: string }> {
    const client = await this.usableClient();
    return client.listResources(cursor ? { cursor } : undefined, { signal, timeout: this.timeoutMs });
  }

  async listResourceTemplates(cursor: string | undefined, signal?: AbortSignal): Promise<{ resourceTemplates: ResourceTemplate[]; nextCursor?: string }> {
    const client = await this.usableClient();
    return client.listResourceTemplates(cursor ? { cursor } : undefined, { signal, timeout: this.timeoutMs });
  }

  async readResource(uri: string, signal?: AbortSignal): Promise<ReadResourceResult> {
    const client = await this.usableClient();
    return client.readResource({ uri }, { signal, timeout: this.timeoutMs });
  }

  /** Closes the connection (a stdio server's whole process group) and marks the server disabled or idle. */
  async close(state: "disconnected" | "disabled" = "disconnected"): Promise<void> {
    this.closing = true;
    const client = this.client;
    this.client = undefined;
    // closing the transport also ends a connection attempt still waiting for the server
    await (client ? client.close() : this.transport?.close())?.catch(() => undefined);
    await this.opening?.catch(() => undefined);
    this.transport = undefined;
    this.tools = [];
    this.setState(state);
  }
}
