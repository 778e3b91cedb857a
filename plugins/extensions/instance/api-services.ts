// What pith's own served factories (pi's createMcpExtension) reach behind a `pi` object beyond pi's API: the
// session's MCP service. Kept beside the object rather than on it, so an extension sees pi's API and nothing more.
import type { McpService } from "../../mcp/index.js";

const mcpOfApi = new WeakMap<object, () => McpService | undefined>();

export function attachMcpService(api: object, mcp: () => McpService | undefined): void {
  mcpOfApi.set(api, mcp);
}

/** the JSON Schema of a tool's `structuredContent` (pi's `outputSchema`), which pi's `getAllTools()` does not list */
const outputSchemasOfApi = new WeakMap<object, (toolName: string) => Record<string, unknown> | undefined>();

export function attachOutputSchemas(api: object, lookup: (toolName: string) => Record<string, unknown> | undefined): void {
  outputSchemasOfApi.set(api, lookup);
}

export function outputSchemaOf(pi: object, toolName: string): Record<string, unknown> | undefined {
  return outputSchemasOfApi.get(pi)?.(toolName);
}

/** the MCP service of the session `pi` belongs to; undefined without MCP, or for a `pi` pith did not make */
export function mcpServiceOf(pi: object): McpService | undefined {
  return mcpOfApi.get(pi)?.();
}
