// How MCP tools are named and exposed, as pi 1.6.0 names them: `mcp__<server>__<tool>` with every character
// other than letters, digits and `_` replaced by `_`, at most 64 characters (providers' limit), with a hash
// suffix when too long or when two tools of a server map to the same name.
import { createHash } from "node:crypto";
import type { McpExposure, McpServerConfig } from "../config/config.js";

const MAX_TOOL_NAME = 64;
const HASH_LENGTH = 8;

export function mcpToolName(server: string, tool: string, isTaken: (name: string) => boolean = () => false): string {
  const name = `mcp__${server}__${tool}`.replace(/[^A-Za-z0-9_]/g, "_");
  if (name.length <= MAX_TOOL_NAME && !isTaken(name)) return name;
  const hash = createHash("sha256").update(`${server}\0${tool}`).digest("hex").slice(0, HASH_LENGTH);
  return `${name.slice(0, MAX_TOOL_NAME - HASH_LENGTH - 1)}_${hash}`;
}

/** The prefix every tool of a server starts with (`-` and `_` name the same server). */
export const mcpNamespace = (server: string) => `mcp__${server.replace(/-/g, "_")}`;

function patternMatches(pattern: string, name: string): boolean {
  const source = pattern.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*");
  return new RegExp(`^${source}$`).test(name);
}

/** A tool's exposure: an exact `toolExposure` key wins, then the first matching pattern, then the server's. */
export function toolExposure(config: McpServerConfig, tool: string): McpExposure {
  const table = config.toolExposure ?? {};
  if (Object.hasOwn(table, tool)) return table[tool]!;
  for (const [pattern, exposure] of Object.entries(table)) if (pattern.includes("*") && patternMatches(pattern, tool)) return exposure;
  return config.exposure ?? "codemode";
}

/** Every exposure a server's tools may have, known before it connects. */
export function configuredExposures(config: McpServerConfig): Set<McpExposure> {
  return new Set([config.exposure ?? "codemode", ...Object.values(config.toolExposure ?? {})]);
}

/** One line for the system prompt: the configured description, else the server's instructions. */
export function serverSummary(description: string | undefined, instructions: string | undefined): string {
  const text = description?.trim() || instructions?.trim() || "";
  return (text.split("\n", 1)[0] ?? "").trim();
}
