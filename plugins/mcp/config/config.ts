// One `mcpServers` entry, as pi 1.6.0 and other MCP clients write it, checked field by field. Configuration files
// are a trust boundary: every error names the field, and the caller adds the file and the server.

export const MCP_EXPOSURES = ["codemode", "deferred", "direct", "hidden"] as const;
export type McpExposure = (typeof MCP_EXPOSURES)[number];

export interface McpOAuthConfig {
  clientId?: string;
  clientSecret?: string;
  callbackPort?: number;
  callbackUrl?: string;
  scope?: string;
  clientName?: string;
  clientRegistration?: "auto" | "dcr" | "cimd";
  authServerMetadataUrl?: string;
}

interface McpServerCommon {
  description?: string;
  enabled?: boolean;
  /** per-request timeout in seconds (default 60); progress notifications reset it */
  timeout?: number;
  exposure?: McpExposure;
  /** per-tool exposure: exact tool names or `*` patterns */
  toolExposure?: Record<string, McpExposure>;
}

export interface McpStdioServerConfig extends McpServerCommon {
  type?: "stdio";
  command: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
}

export interface McpHttpServerConfig extends McpServerCommon {
  type?: "http" | "streamable-http";
  url: string;
  headers?: Record<string, string>;
  oauth?: McpOAuthConfig;
  /** send the token of this provider's login (auth.json, refreshed as a model request would) instead of OAuth */
  auth?: { provider: string };
}

export type McpServerConfig = McpStdioServerConfig | McpHttpServerConfig;

export function isHttpConfig(config: McpServerConfig): config is McpHttpServerConfig {
  return "url" in config;
}

/** Fields a project entry without `command`, `url` or `type` may set on a user-level server of the same name. */
export const OVERRIDE_FIELDS = ["enabled", "exposure", "toolExposure"] as const;

export const SERVER_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A project entry that adjusts a server defined elsewhere instead of defining one. */
export function isOverrideEntry(entry: Record<string, unknown>): boolean {
  return entry.command === undefined && entry.url === undefined && entry.type === undefined;
}

class FieldError extends Error {}

function fail(field: string, expectation: string): never {
  throw new FieldError(`"${field}" ${expectation}`);
}

function optionalString(entry: Record<string, unknown>, field: string): string | undefined {
  const value = entry[field];
  if (value !== undefined && typeof value !== "string") fail(field, "must be a string");
  return value;
}

function stringRecord(entry: Record<string, unknown>, field: string): Record<string, string> | undefined {
  const value = entry[field];
  if (value === undefined) return undefined;
  if (!isRecord(value)) fail(field, "must be an object of strings");
  for (const [key, item] of Object.entries(value)) if (typeof item !== "string") fail(`${field}.${key}`, "must be a string");
  return value as Record<string, string>;
}

function exposure(value: unknown, field: string): McpExposure {
  const name = value === "codemode-deferred" ? "codemode" : value;
  if (!MCP_EXPOSURES.includes(name as McpExposure)) fail(field, `must be one of ${MCP_EXPOSURES.join(", ")}`);
  return name as McpExposure;
}

function common(entry: Record<string, unknown>): McpServerCommon {
  const result: McpServerCommon = {};
  const description = optionalString(entry, "description");
  if (description !== undefined) result.description = description;
  if (entry.enabled !== undefined) {
    if (typeof entry.enabled !== "boolean") fail("enabled", "must be true or false");
    result.enabled = entry.enabled;
  }
  if (entry.timeout !== undefined) {
    if (typeof entry.timeout !== "number" || !(entry.timeout > 0)) fail("timeout", "must be a positive number of seconds");
    result.timeout = entry.timeout;
  }
  if (entry.exposure !== undefined) result.exposure = exposure(entry.exposure, "exposure");
  if (entry.toolExposure !== undefined) {
    if (!isRecord(entry.toolExposure)) fail("toolExposure", "must be an object of tool names or patterns to exposures");
    result.toolExposure = Object.fromEntries(Object.entries(entry.toolExposure).map(([key, value]) => [key, exposure(value, `toolExposure.${key}`)]));
  }
  return result;
}

function isLoopbackHost(host: string): boolean {
  return host === "localhost" || host === "127.0.0.1" || host === "[::1]";
}

function oauth(entry: Record<string, unknown>): McpOAuthConfig | undefined {
  const value = entry.oauth;
  if (value === undefined) return undefined;
  if (!isRecord(value)) fail("oauth", "must be an object");
  const result: McpOAuthConfig = {};
  for (const field of ["clientId", "clientSecret", "scope", "clientName"] as const) {
    const text = optionalString(value, field);
    if (text !== undefined) result[field] = text;
  }
  if (result.clientName !== undefined && !result.clientName.trim()) fail("oauth.clientName", "must be a non-empty string");
  if (value.callbackPort !== undefined) {
    const port = value.callbackPort;
    if (typeof port !== "number" || !Number.isInteger(port) || port < 1 || port > 65535) fail("oauth.callbackPort", "must be a port number (1-65535)");
    result.callbackPort = port;
  }
  const callbackUrl = optionalString(value, "callbackUrl");
  if (callbackUrl !== undefined) {
    const url = URL.canParse(callbackUrl) ? new URL(callbackUrl) : undefined;
    if (!url || url.protocol !== "http:" || !isLoopbackHost(url.hostname) || url.search || url.hash) {
      fail("oauth.callbackUrl", "must be an http URL on localhost, 127.0.0.1 or [::1], without query or fragment");
    }
    if (url.port && result.callbackPort !== undefined && Number(url.port) !== result.callbackPort) fail("oauth.callbackUrl", "names another port than oauth.callbackPort");
    result.callbackUrl = callbackUrl;
  }
  if (value.clientRegistration !== undefined) {
    if (!["auto", "dcr", "cimd"].includes(value.clientRegistration as string)) fail("oauth.clientRegistration", "must be auto, dcr or cimd");
    result.clientRegistration = value.clientRegistration as McpOAuthConfig["clientRegistration"];
    if (result.clientRegistration === "cimd" && (result.clientId !== undefined || result.clientName !== undefined)) {
      fail("oauth.clientRegistration", '"cimd" cannot be combined with oauth.clientId or oauth.clientName');
    }
  }
  const metadata = optionalString(value, "authServerMetadataUrl");
  if (metadata !== undefined) {
    const url = URL.canParse(metadata) ? new URL(metadata) : undefined;
    if (!url || !(url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHost(url.hostname)))) {
      fail("oauth.authServerMetadataUrl", "must be an https URL (http only on localhost, 127.0.0.1 or [::1])");
    }
    result.authServerMetadataUrl = metadata;
  }
  return result;
}

function stdio(entry: Record<string, unknown>): McpStdioServerConfig {
  if (typeof entry.command !== "string" || entry.command.trim() === "") fail("command", "must be the executable to run (a non-empty string)");
  const config: McpStdioServerConfig = { ...common(entry), command: entry.command };
  if (entry.type !== undefined) config.type = "stdio";
  if (entry.args !== undefined) {
    if (!Array.isArray(entry.args) || entry.args.some((arg) => typeof arg !== "string")) fail("args", "must be an array of strings");
    config.args = entry.args as string[];
  }
  const env = stringRecord(entry, "env");
  if (env) config.env = env;
  const cwd = optionalString(entry, "cwd");
  if (cwd !== undefined) config.cwd = cwd;
  return config;
}

function http(entry: Record<string, unknown>): McpHttpServerConfig {
  if (typeof entry.url !== "string") fail("url", "must be the server's URL");
  const url = URL.canParse(entry.url) ? new URL(entry.url) : undefined;
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) fail("url", "must be an http or https URL");
  const config: McpHttpServerConfig = { ...common(entry), url: entry.url };
  if (entry.type !== undefined) config.type = entry.type as McpHttpServerConfig["type"];
  const headers = stringRecord(entry, "headers");
  if (headers) config.headers = headers;
  const signIn = oauth(entry);
  if (signIn) config.oauth = signIn;
  if (entry.auth !== undefined) {
    if (!isRecord(entry.auth) || typeof entry.auth.provider !== "string" || !entry.auth.provider) fail("auth.provider", "must be a provider name");
    // the login's token goes only where nobody can read it on the way
    if (url.protocol !== "https:" && !LOOPBACK_HOSTS.includes(url.hostname)) fail("auth", "requires an https URL, or http on localhost, 127.0.0.1 or [::1]");
    config.auth = { provider: entry.auth.provider };
    // the provider's login replaces the server's own OAuth sign-in
    delete config.oauth;
  }
  return config;
}

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

export type ValidatedEntry = { ok: true; config: McpServerConfig } | { ok: false; error: string };

/** Checks one entry; fields pith does not know are left out (other clients' entries carry their own). */
export function validateServerEntry(name: string, raw: unknown): ValidatedEntry {
  if (!SERVER_NAME_PATTERN.test(name)) return { ok: false, error: `server "${name}": names may contain only letters, digits, "_" and "-"` };
  try {
    if (!isRecord(raw)) fail("", "must be an object");
    const entry = raw;
    const type = entry.type;
    if (type === "sse") fail("type", 'is "sse", which pith does not support: use the server\'s streamable HTTP endpoint (often /mcp instead of /sse)');
    if (type !== undefined && !["stdio", "http", "streamable-http"].includes(type as string)) fail("type", "must be stdio, http or streamable-http");
    if (entry.command !== undefined && entry.url !== undefined) fail("command", 'and "url" cannot both be set: a server is either a command (stdio) or a URL (HTTP)');
    const isHttp = type === "http" || type === "streamable-http" || (type === undefined && entry.url !== undefined);
    return { ok: true, config: isHttp ? http(entry) : stdio(entry) };
  } catch (error) {
    if (!(error instanceof FieldError)) throw error;
    const message = error.message.startsWith('"" ') ? error.message.slice(3) : error.message;
    return { ok: false, error: `server "${name}": ${message}` };
  }
}
