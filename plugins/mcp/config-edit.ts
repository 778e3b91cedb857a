// Changes one server of an mcp.json file and leaves the rest of the file as it was (its other keys, its indent).
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { isRecord } from "./config.js";

async function edit(path: string, change: (servers: Record<string, unknown>) => boolean): Promise<boolean> {
  const text = await readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  let file: unknown = {};
  if (text !== undefined) {
    try {
      file = JSON.parse(text.replace(/^\uFEFF/, ""));
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
  await writeFile(path, `${JSON.stringify(file, null, indent)}\n`);
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

/** Sets or clears (`enabled: true` is the default) a server's `enabled`; throws when the file has no such server. */
export async function writeServerEnabled(path: string, name: string, enabled: boolean): Promise<void> {
  const found = await edit(path, (servers) => {
    const entry = servers[name];
    if (!isRecord(entry)) return false;
    if (enabled) delete entry.enabled;
    else entry.enabled = false;
    return true;
  });
  if (!found) throw new Error(`${path} has no MCP server "${name}" to ${enabled ? "enable" : "disable"}; nothing was changed`);
}
