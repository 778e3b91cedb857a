// `mcp_servers_change`, the hook the mcp plugin fires (owner "mcp" in the kernel's hook table) after extensions
// registered or unregistered MCP servers: its payload, typed here by declaration merging. A handler that claims the
// servers connects them itself, and the plugin leaves them alone.
import type { HookSignature } from "../../kernel/index.js";

/** An MCP server a pi extension registered for the session (pi's `RegisteredMcpServer`). */
export interface RegisteredMcpServer {
  name: string;
  /** an `mcpServers` entry, as given */
  config: Record<string, unknown>;
  /** the extension that registered it */
  extensionPath: string;
}

/** `servers` is every registered server after the change. */
export interface McpServersChangeEvent {
  servers: RegisteredMcpServer[];
}

declare module "../../kernel/index.js" {
  interface HookSignatures {
    /** series bail · return `{claimed: true}` to connect the servers yourself */
    mcp_servers_change: HookSignature<McpServersChangeEvent, { claimed: true } | undefined>;
  }
}
