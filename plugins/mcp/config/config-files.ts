// Where MCP servers are configured, as pi 1.6.0 reads them: `<agentDir>/mcp.json`, then the project's
// `.pi/mcp.json` once the project is trusted. A project entry replaces a user entry of the same name; a project
// entry without `command`, `url` or `type` only adjusts `enabled`, `exposure` and `toolExposure` of one.
import { access, readFile } from "node:fs/promises";
import { join } from "node:path";
import { parseJsonText } from "../../../lib/json/json-text.js";
import { OVERRIDE_FIELDS, isHttpConfig, isOverrideEntry, isRecord, validateServerEntry, type McpServerConfig } from "./config.js";

export type McpScope = "user" | "project" | "extension";

export interface McpServerEntry {
  name: string;
  config: McpServerConfig;
  scope: McpScope;
  /** the file that defines it, or the extension that registered it */
  source: string;
  /** the project file whose override adjusted this user-level server */
  override?: string;
}

export interface McpConfiguration {
  servers: McpServerEntry[];
  /** invalid files and entries, each naming the file and the server; the other servers still load */
  problems: string[];
  userFile: string;
  /** set when the project has a `.pi/mcp.json` and is trusted */
  projectFile?: string;
  /**
   * the top-level `autoEnableCodemode` (a project's value over the user's): whether pi's MCP extension activates
   * codemode for `codemode` servers; unset means yes
   */
  autoEnableCodemode?: boolean;
}

export interface McpConfigLocation {
  agentDir: string;
  cwd: string;
  /** asked only when the project has a `.pi/mcp.json` */
  projectTrusted(): boolean | Promise<boolean>;
  /** false in a session: the trust plugin's one warning already names every project file it skipped */
  reportUntrusted?: boolean;
}

export const userConfigFile = (agentDir: string) => join(agentDir, "mcp.json");
export const projectConfigFile = (cwd: string) => join(cwd, ".pi", "mcp.json");

/** Servers whose names differ only in `-` and `_` share a tool namespace. */
export const namespaceKey = (name: string) => name.replace(/-/g, "_");

/** The parsed file, undefined when it does not exist. */
export async function readConfigObject(path: string): Promise<Record<string, unknown> | undefined> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new Error(`${path}: cannot be read: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = parseJsonText(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new Error(`${path}: not valid JSON: ${(error as Error).message}`);
  }
  if (!isRecord(parsed) || (parsed.mcpServers !== undefined && !isRecord(parsed.mcpServers))) {
    throw new Error(`${path}: expected an object with an "mcpServers" object`);
  }
  return parsed;
}

function applyOverride(path: string, name: string, entry: Record<string, unknown>, servers: Map<string, McpServerEntry>, problems: string[]): void {
  const base = servers.get(name);
  if (!base) {
    problems.push(`${path}: server "${name}": needs "command" or "url" (or a server of that name in the user mcp.json to adjust)`);
    return;
  }
  const extra = Object.keys(entry).filter((key) => !(OVERRIDE_FIELDS as readonly string[]).includes(key));
  if (extra.length > 0) {
    problems.push(`${path}: server "${name}": "${extra[0]}" cannot be set by an override, which may set only ${OVERRIDE_FIELDS.join(", ")}`);
    return;
  }
  const checked = validateServerEntry(name, { ...base.config, ...entry });
  if (!checked.ok) problems.push(`${path}: ${checked.error}`);
  else servers.set(name, { ...base, config: checked.config, override: path });
}

/** Reads one file's servers into `servers`; resolves to its `autoEnableCodemode`, if it sets one. */
async function readServers(path: string, scope: "user" | "project", servers: Map<string, McpServerEntry>, problems: string[]): Promise<boolean | undefined> {
  let file: Record<string, unknown> | undefined;
  try {
    file = await readConfigObject(path);
  } catch (error) {
    problems.push((error as Error).message);
    return undefined;
  }
  if (!file) return undefined;
  const autoEnable = file.autoEnableCodemode;
  if (autoEnable !== undefined && typeof autoEnable !== "boolean") problems.push(`${path}: autoEnableCodemode must be a boolean`);
  for (const [name, raw] of Object.entries((file.mcpServers ?? {}) as Record<string, unknown>)) {
    if (scope === "project" && isRecord(raw) && isOverrideEntry(raw)) {
      applyOverride(path, name, raw, servers, problems);
      continue;
    }
    const checked = validateServerEntry(name, raw);
    if (!checked.ok) {
      problems.push(`${path}: ${checked.error}`);
      continue;
    }
    if (scope === "project" && isHttpConfig(checked.config) && checked.config.auth) {
      // a repository must not choose where one of the user's logins is sent
      problems.push(`${path}: server "${name}": auth is only allowed in the user's mcp.json`);
      continue;
    }
    const clash = [...servers.keys()].find((other) => other !== name && namespaceKey(other) === namespaceKey(name));
    if (clash) {
      problems.push(`${path}: server "${name}": conflicts with "${clash}" (names that differ only in "-" and "_" are the same server)`);
      continue;
    }
    servers.set(name, { name, config: checked.config, scope, source: path });
  }
  return typeof autoEnable === "boolean" ? autoEnable : undefined;
}

export async function loadMcpConfiguration(location: McpConfigLocation): Promise<McpConfiguration> {
  const servers = new Map<string, McpServerEntry>();
  const problems: string[] = [];
  const userFile = userConfigFile(location.agentDir);
  let autoEnableCodemode = await readServers(userFile, "user", servers, problems);
  const candidate = projectConfigFile(location.cwd);
  const exists = await access(candidate).then(() => true, () => false);
  const projectFile = exists && (await location.projectTrusted()) ? candidate : undefined;
  if (projectFile) autoEnableCodemode = (await readServers(projectFile, "project", servers, problems)) ?? autoEnableCodemode;
  else if (exists && location.reportUntrusted !== false) {
    problems.push(
      `${candidate} is not read: this project is not trusted, and its MCP servers would run commands with your permissions. If you trust it, run pith --trust in it.`,
    );
  }
  return { servers: [...servers.values()], problems, userFile, projectFile, ...(autoEnableCodemode === undefined ? {} : { autoEnableCodemode }) };
}
