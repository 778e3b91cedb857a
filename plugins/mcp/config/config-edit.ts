// Changes one server of an mcp.json file and leaves the rest of the file as it was (its other keys, its indent).
import { mkdir, readFile } from "node:fs/promises";
import { dirname } from "node:path";
import { replaceFile } from "../../../lib/fs/replace-file.js";
import { parseJsonText } from "../../../lib/json/json-text.js";
import { isOverrideEntry, isRecord, type McpExposure } from "./config.js";

async function edit(path: string, change: (servers: Record<string, unknown>) => boolean): Promise<boolean> {
  const text = await readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  let file: unknown = {};
  if (text !== undefined) {
    try {
      file = parseJsonText(text.replace(/^\uFEFF/, ""));
    } catch (error) {
      throw new Error(`${path} is not valid JSON (${(error as Error).message}); fix it first, nothing was changed`);
    }
  }
  if (!isRecord(file) || (file.mcpServers !== undefined && !isRecord(file.mcpServers))) {
    throw new Error(`${path}: expected an object with an "mcpServers" object; nothing was changed`);
  }
  const servers = (file.mcpServers ?? {}) as Record<string, unknown>;
  if (!change(servers)) return false;
  file.mcpServers = servers;
  const indent = (text && /^([ \t]+)\S/m.exec(text)?.[1]) || "  ";
  await mkdir(dirname(path), { recursive: true });
  await replaceFile(path, `${JSON.stringify(file, null, indent)}\n`);
  return true;
}

/** Adds or replaces a server; resolves to true when it replaced one. */
export async function writeServer(path: string, name: string, config: unknown): Promise<boolean> {
  let replaced = false;
  await edit(path, (servers) => {
    replaced = servers[name] !== undefined;
    servers[name] = config;
    return true;
  });
  return replaced;
}

/** Resolves to false when the file has no server of that name. */
export function deleteServer(path: string, name: string): Promise<boolean> {
  return edit(path, (servers) => {
    if (servers[name] === undefined) return false;
    delete servers[name];
    return true;
  });
}

export interface ServerSettingsPatch {
  enabled?: boolean;
  exposure?: McpExposure;
}

/**
 * Sets a server's `enabled` or `exposure`. A full entry drops a value that is the default (`enabled: true`,
 * `exposure: "codemode"`); an override entry keeps it, as it overrides the user-level value. With
 * `createOverride` a missing entry is created as an override (a trusted project adjusting a user-level server);
 * without it a missing entry is an error.
 */
export async function writeServerSettings(path: string, name: string, patch: ServerSettingsPatch, options: { createOverride?: boolean } = {}): Promise<void> {
  const found = await edit(path, (servers) => {
    if (servers[name] === undefined && options.createOverride) servers[name] = {};
    const entry = servers[name];
    if (!isRecord(entry)) return false;
    const keepDefaults = isOverrideEntry(entry);
    if (patch.enabled !== undefined) {
      if (patch.enabled && !keepDefaults) delete entry.enabled;
      else entry.enabled = patch.enabled;
    }
    if (patch.exposure !== undefined) {
      if (patch.exposure === "codemode" && !keepDefaults) delete entry.exposure;
      else entry.exposure = patch.exposure;
    }
    return true;
  });
  if (!found) throw new Error(`${path} has no MCP server "${name}" to change; nothing was changed`);
}
