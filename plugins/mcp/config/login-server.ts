// The MCP server a provider's login comes with, as pi 1.6.0 sets it up: signing in to Radius points the Radius MCP
// server in the user's mcp.json at that login (`"auth": { "provider": "radius" }`), adding the server when missing.
import { userConfigFile, loadMcpConfiguration, namespaceKey } from "./config-files.js";
import { writeServer } from "./config-edit.js";
import { isHttpConfig, type McpHttpServerConfig } from "./config.js";

/** The MCP endpoint of each provider whose login serves one (pi's: the default gateway's, whatever PI_RADIUS_GATEWAY says). */
export const LOGIN_MCP_SERVERS: Readonly<Record<string, string>> = { radius: "https://radius.pi.dev/mcp" };

export interface LoginServerPlan {
  file: string;
  name: string;
  config: McpHttpServerConfig;
}

const normalized = (url: string) => url.replace(/\/+$/, "");

/**
 * The user mcp.json entry that makes `provider`'s MCP server use its login: the server already configured at that
 * URL (its name and settings kept, its own OAuth replaced), else a new one named after the provider (`radius`, or
 * `radius-mcp`, `radius-mcp-2`, ... when taken). Undefined when the provider has no server or one already uses the login.
 */
export async function planLoginServer(provider: string, agentDir: string): Promise<LoginServerPlan | undefined> {
  const url = LOGIN_MCP_SERVERS[provider];
  if (!url) return undefined;
  const { servers } = await loadMcpConfiguration({ agentDir, cwd: agentDir, projectTrusted: () => false, reportUntrusted: false });
  const existing = servers.find((server) => isHttpConfig(server.config) && normalized(server.config.url) === normalized(url));
  const existingConfig = existing && isHttpConfig(existing.config) ? existing.config : undefined;
  if (existingConfig?.auth?.provider === provider) return undefined;
  let name = existing?.name ?? provider;
  if (!existing) {
    const taken = new Set(servers.map((server) => namespaceKey(server.name)));
    for (let suffix = 1; taken.has(namespaceKey(name)); suffix++) name = suffix === 1 ? `${provider}-mcp` : `${provider}-mcp-${suffix}`;
  }
  const config: McpHttpServerConfig = existingConfig ? { ...existingConfig, auth: { provider } } : { url, auth: { provider } };
  delete config.oauth;
  return { file: userConfigFile(agentDir), name, config };
}

/** Writes the plan; the line to show ("Added MCP server "radius" in ... to use the Radius login."). */
export async function applyLoginServer(plan: LoginServerPlan, providerName: string): Promise<string> {
  const replaced = await writeServer(plan.file, plan.name, plan.config);
  return `${replaced ? "Updated" : "Added"} MCP server "${plan.name}" in ${plan.file} to use the ${providerName} login.`;
}
