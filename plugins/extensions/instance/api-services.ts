// What pith's own served factories (pi's createMcpExtension) reach behind a `pi` object beyond pi's API: the
// session's MCP service. Kept beside the object rather than on it, so an extension sees pi's API and nothing more.
import type { McpService } from "../../mcp/index.js";

const mcpOfApi = new WeakMap<object, () => McpService | undefined>();

export function attachMcpService(api: object, mcp: () => McpService | undefined): void {
  mcpOfApi.set(api, mcp);
}

/** the MCP service of the session `pi` belongs to; undefined without MCP, or for a `pi` pith did not make */
export function mcpServiceOf(pi: object): McpService | undefined {
  return mcpOfApi.get(pi)?.();
}
