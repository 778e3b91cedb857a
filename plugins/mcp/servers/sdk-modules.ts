// The parts of @modelcontextprotocol/sdk pith uses, imported on first use: a run without MCP servers never loads
// the SDK. In the CLI each specifier is a vendor bundle export (build/vendor-modules.mjs, dist/vendor/mcp.cjs),
// so only named exports are taken.
import type { StdioCodec } from "./stdio-transport.js";

export interface McpSdk {
  Client: typeof import("@modelcontextprotocol/sdk/client/index.js").Client;
  StreamableHTTPClientTransport: typeof import("@modelcontextprotocol/sdk/client/streamableHttp.js").StreamableHTTPClientTransport;
  codec: StdioCodec;
  auth: typeof import("@modelcontextprotocol/sdk/client/auth.js").auth;
  LoggingMessageNotificationSchema: typeof import("@modelcontextprotocol/sdk/types.js").LoggingMessageNotificationSchema;
  ToolListChangedNotificationSchema: typeof import("@modelcontextprotocol/sdk/types.js").ToolListChangedNotificationSchema;
}

let loading: Promise<McpSdk> | undefined;

export function loadMcpSdk(): Promise<McpSdk> {
  return (loading ??= (async () => {
    const [client, http, stdio, types, auth] = await Promise.all([
      import("@modelcontextprotocol/sdk/client/index.js"),
      import("@modelcontextprotocol/sdk/client/streamableHttp.js"),
      import("@modelcontextprotocol/sdk/shared/stdio.js"),
      import("@modelcontextprotocol/sdk/types.js"),
      import("@modelcontextprotocol/sdk/client/auth.js"),
    ]);
    return {
      Client: client.Client,
      StreamableHTTPClientTransport: http.StreamableHTTPClientTransport,
      codec: { ReadBuffer: stdio.ReadBuffer, serializeMessage: stdio.serializeMessage },
      auth: auth.auth,
      LoggingMessageNotificationSchema: types.LoggingMessageNotificationSchema,
      ToolListChangedNotificationSchema: types.ToolListChangedNotificationSchema,
    };
  })());
}
