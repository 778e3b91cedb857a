// `pith mcp add|remove|list|get`, as pi 1.6.0's `pi mcp`: configure servers and check them from a shell, without
// a session. `list` and `get` connect to the servers and exit 1 when an entry is invalid or a server fails.
import { isHttpConfig, validateServerEntry, type McpServerConfig } from "../config/config.js";
import { loadMcpConfiguration, projectConfigFile, userConfigFile, type McpServerEntry } from "../config/config-files.js";
import { deleteServer, writeServer } from "../config/config-edit.js";
import { login, logout, type SignInCommandOptions } from "./cli-sign-in.js";
import { McpConnection } from "../servers/connection.js";
import { toolExposure } from "../tools/naming.js";
import { McpAuthStore, mcpAuthFile } from "../oauth/oauth-store.js";
import { loadMcpSdk } from "../servers/sdk-modules.js";
import { storedSignIns } from "../oauth/sign-in.js";

export interface McpCommandOptions extends SignInCommandOptions {
  stderr(text: string): void;
  version: string;
  /** the current token of a provider's login, for `auth.provider` servers (refreshed as a model request would) */
  providerToken?(provider: string): Promise<string | undefined>;
}

const HELP = `Usage:
  pith mcp add <server> [options] -- <command> [args...]
  pith mcp add <server> [options] --url <url>
  pith mcp remove <server> [-l]
  pith mcp list [--json]
  pith mcp get <server> [--json]
  pith mcp login <server>
  pith mcp logout <server>

Configure and check MCP servers without starting a session. Reads ~/.pi/agent/mcp.json and, in trusted
projects, .pi/mcp.json (see docs/mcp.md).

login signs in to an HTTP server that asks for OAuth: it prints the authorization URL (and opens it in the
browser, or the command in $BROWSER) and keeps the tokens in ~/.pi/agent/mcp-auth.json; logout deletes them.

Options for add and remove:
  -l, --local                 the project's .pi/mcp.json instead of the user file
Options for add:
  --url <url>                 a streamable HTTP server (instead of a command)
  --env KEY=VALUE             environment variable of a stdio server (repeatable; values may use \${VAR})
  --cwd <dir>                 working folder of a stdio server
  --header KEY=VALUE          HTTP header (repeatable)
  --bearer-token-env-var NAME send "Authorization: Bearer \${NAME}"
  --oauth-client-id <id>      pre-registered OAuth client id
  --oauth-client-secret <secret>
                              OAuth client secret (may be \${NAME} or !command)
  --oauth-callback-port <port>
                              fixed OAuth callback port
  --oauth-client-name <name>  client name sent when registering with the OAuth server
  --oauth-client-registration <mode>
                              auto (default), cimd or dcr
  --exposure <mode>           codemode (default), deferred, direct or hidden
  --description <text>        what the server offers, in a sentence
  --timeout <seconds>         per-request timeout (default 60)
Options for list and get:
  --json                      machine-readable output
`;

type OptionKind = "flag" | "value" | "list";

interface Parsed {
  positional: string[];
  values: Map<string, string | true>;
  lists: Map<string, string[]>;
}

/** `--name value` options; `--` (or the last allowed positional) ends them, so a command keeps its own flags. */
function parse(args: string[], known: Record<string, OptionKind>, maxPositionals = Infinity): Parsed {
  const parsed: Parsed = { positional: [], values: new Map(), lists: new Map() };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] === "-l" ? "--local" : args[index]!;
    if (arg === "--" || parsed.positional.length >= maxPositionals) {
      parsed.positional.push(...args.slice(arg === "--" ? index + 1 : index));
      break;
    }
    if (!arg.startsWith("--")) {
      parsed.positional.push(arg);
      continue;
    }
    const name = arg.slice(2);
    const kind = known[name];
    if (!kind) throw new Error(`unknown option ${arg} (pith mcp --help lists them)`);
    if (kind === "flag") {
      parsed.values.set(name, true);
      continue;
    }
    const value = args[++index];
    if (value === undefined) throw new Error(`${arg} needs a value`);
    if (kind === "list") parsed.lists.set(name, [...(parsed.lists.get(name) ?? []), value]);
    else parsed.values.set(name, value);
  }
  return parsed;
}

function pairs(option: string, values: string[] | undefined): Record<string, string> {
  const record: Record<string, string> = {};
  for (const pair of values ?? []) {
    const at = pair.indexOf("=");
    if (at <= 0) throw new Error(`--${option} takes KEY=VALUE, not "${pair}"`);
    record[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return record;
}

/** pi 1.6.0's `--oauth-*` options of `mcp add`, and the `oauth` field each sets */
const OAUTH_OPTIONS = {
  "oauth-client-id": "clientId",
  "oauth-client-secret": "clientSecret",
  "oauth-callback-port": "callbackPort",
  "oauth-client-name": "clientName",
  "oauth-client-registration": "clientRegistration",
} as const;
const HTTP_ONLY = ["header", "bearer-token-env-var", ...Object.keys(OAUTH_OPTIONS)];
const STDIO_ONLY = ["env", "cwd"];

async function add(args: string[], options: McpCommandOptions): Promise<number> {
  const known: Record<string, OptionKind> = { local: "flag", url: "value", env: "list", cwd: "value", header: "list", "bearer-token-env-var": "value", exposure: "value", description: "value", timeout: "value" };
  for (const option of Object.keys(OAUTH_OPTIONS)) known[option] = "value";
  const { positional, values, lists } = parse(args, known, 2);
  const [name, ...command] = positional;
  const url = values.get("url") as string | undefined;
  if (!name || (url === undefined) === (command.length === 0)) {
    throw new Error("usage: pith mcp add <server> [options] (--url <url> | -- <command> [args...])");
  }
  const misplaced = (url === undefined ? HTTP_ONLY : STDIO_ONLY).find((option) => values.has(option) || lists.has(option));
  if (misplaced) throw new Error(`--${misplaced} applies only to ${url === undefined ? "HTTP servers (--url)" : "stdio servers"}`);
  const text = (option: string) => values.get(option) as string | undefined;
  let config: Record<string, unknown>;
  if (url !== undefined) {
    const headers = pairs("header", lists.get("header"));
    const bearer = text("bearer-token-env-var");
    if (bearer !== undefined) headers.Authorization = `Bearer \${${bearer}}`;
    const oauth: Record<string, unknown> = {};
    for (const [option, field] of Object.entries(OAUTH_OPTIONS)) {
      const value = text(option);
      if (value !== undefined) oauth[field] = field === "callbackPort" && /^\d+$/.test(value) ? Number(value) : value;
    }
    config = { url, ...(Object.keys(headers).length > 0 ? { headers } : {}), ...(Object.keys(oauth).length > 0 ? { oauth } : {}) };
  } else {
    const env = pairs("env", lists.get("env"));
    const [executable, ...rest] = command;
    config = { command: executable, ...(rest.length > 0 ? { args: rest } : {}), ...(Object.keys(env).length > 0 ? { env } : {}), ...(text("cwd") ? { cwd: text("cwd") } : {}) };
  }
  if (text("exposure") !== undefined) config.exposure = text("exposure");
  if (text("description") !== undefined) config.description = text("description");
  if (text("timeout") !== undefined) config.timeout = Number(text("timeout"));
  const checked = validateServerEntry(name, config);
  if (!checked.ok) throw new Error(checked.error);
  const local = values.has("local");
  const path = local ? projectConfigFile(options.cwd) : userConfigFile(options.agentDir);
  const replaced = await writeServer(path, name, config);
  options.stdout(`${replaced ? "Replaced" : "Added"} ${local ? "project" : "user"} MCP server "${name}" in ${path}.\n`);
  if (local && !(await options.projectTrusted())) options.stdout(`This project is not trusted, so ${path} is not read until you run pith --trust in it.\n`);
  options.stdout("Check it with: pith mcp list\n");
  return 0;
}

async function remove(args: string[], options: McpCommandOptions): Promise<number> {
  const { positional, values } = parse(args, { local: "flag" });
  const [name, ...extra] = positional;
  if (!name || extra.length > 0) throw new Error("usage: pith mcp remove <server> [-l]");
  const local = values.has("local");
  const path = local ? projectConfigFile(options.cwd) : userConfigFile(options.agentDir);
  if (await deleteServer(path, name)) {
    options.stdout(`Removed ${local ? "project" : "user"} MCP server "${name}" from ${path}.\n`);
    return 0;
  }
  const other = local ? userConfigFile(options.agentDir) : projectConfigFile(options.cwd);
  throw new Error(`no MCP server "${name}" in ${path}${local ? "" : ` (a project server? use --local for ${other})`}`);
}

interface ServerReport {
  name: string;
  scope: string;
  source: string;
  override?: string;
  enabled: boolean;
  exposure: string;
  transport: string;
  state: string;
  tools: string[];
  toolExposure?: Record<string, string>;
  resources?: boolean;
  error?: string;
}

const describeTransport = (config: McpServerConfig) => (isHttpConfig(config) ? config.url : [config.command, ...(config.args ?? [])].join(" "));

async function check(entry: McpServerEntry, options: McpCommandOptions): Promise<ServerReport> {
  const exposure = entry.config.exposure ?? "codemode";
  const report: ServerReport = {
    name: entry.name,
    scope: entry.scope,
    source: entry.source,
    ...(entry.override ? { override: entry.override } : {}),
    enabled: entry.config.enabled !== false,
    exposure,
    transport: describeTransport(entry.config),
    state: "disabled",
    tools: [],
  };
  if (!report.enabled) return report;
  const connection = new McpConnection(entry, {
    sdk: loadMcpSdk,
    cwd: options.cwd,
    env: options.env,
    clientVersion: options.version,
    log: () => undefined,
    onChange: () => undefined,
    signedInFetch: storedSignIns(new McpAuthStore(mcpAuthFile(options.agentDir)), options.env),
    ...(options.providerToken ? { providerToken: options.providerToken } : {}),
  });
  await connection.connect();
  report.state = connection.state;
  report.tools = connection.tools.map((tool) => tool.name);
  const differing = connection.tools.flatMap((tool) => (toolExposure(entry.config, tool.name) === exposure ? [] : [[tool.name, toolExposure(entry.config, tool.name)]]));
  if (differing.length > 0) report.toolExposure = Object.fromEntries(differing);
  if (connection.hasResources) report.resources = true;
  if (connection.error) report.error = connection.error;
  await connection.close();
  return report;
}

function printReport(report: ServerReport, out: (text: string) => void): void {
  const state = report.state === "connected" ? `connected, ${report.tools.length} tool${report.tools.length === 1 ? "" : "s"}` : report.state;
  out(`${report.name}: ${state} (${report.exposure}, ${report.scope})\n  ${report.transport}\n`);
  if (report.override) out(`  project override: ${report.override}\n`);
  if (report.tools.length > 0) {
    out(`  tools: ${report.tools.map((tool) => (report.toolExposure?.[tool] ? `${tool} (${report.toolExposure[tool]})` : tool)).join(", ")}\n`);
  }
  if (report.resources) out("  resources: yes\n");
  if (report.error) out(`  error: ${report.error}\n`);
}

async function list(args: string[], options: McpCommandOptions, only?: string): Promise<number> {
  const { positional, values } = parse(args, { json: "flag" });
  const name = only === undefined ? undefined : positional[0];
  if (positional.length !== (only === undefined ? 0 : 1)) throw new Error(only === undefined ? "usage: pith mcp list [--json]" : "usage: pith mcp get <server> [--json]");
  const configuration = await loadMcpConfiguration({ agentDir: options.agentDir, cwd: options.cwd, projectTrusted: options.projectTrusted });
  const entries = name === undefined ? configuration.servers : configuration.servers.filter((entry) => entry.name === name);
  if (name !== undefined && entries.length === 0) {
    throw new Error(`no MCP server "${name}". Configured: ${configuration.servers.map((entry) => entry.name).join(", ") || "none"}`);
  }
  const reports = await Promise.all(entries.map((entry) => check(entry, options)));
  const problems = name === undefined ? configuration.problems : [];
  const failed = problems.length > 0 || reports.some((report) => report.enabled && report.state !== "connected");
  if (values.has("json")) {
    options.stdout(`${JSON.stringify(name === undefined ? { servers: reports, errors: problems } : reports[0], null, 2)}\n`);
    return failed ? 1 : 0;
  }
  if (reports.length === 0 && problems.length === 0) options.stdout(`No MCP servers configured. Add one with pith mcp add, or in ${configuration.userFile}.\n`);
  for (const report of reports) printReport(report, options.stdout);
  for (const problem of problems) options.stderr(`pith: ${problem}\n`);
  return failed ? 1 : 0;
}

export async function runMcpCommand(args: string[], options: McpCommandOptions): Promise<number> {
  const [command, ...rest] = args;
  const own = args.includes("--") ? args.slice(0, args.indexOf("--")) : args;
  if (command === undefined || command === "help" || own.includes("--help") || own.includes("-h")) {
    options.stdout(HELP);
    return 0;
  }
  try {
    switch (command) {
      case "add":
        return await add(rest, options);
      case "remove":
        return await remove(rest, options);
      case "list":
        return await list(rest, options);
      case "get":
        return await list(rest, options, "get");
      case "login":
        return await login(rest, options);
      case "logout":
        return await logout(rest, options);
      default:
        throw new Error(`unknown command "pith mcp ${command}" (add, remove, list, get, login, logout)`);
    }
  } catch (error) {
    options.stderr(`pith: ${(error as Error).message}\n`);
    return 1;
  }
}
