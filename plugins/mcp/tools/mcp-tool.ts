// An MCP server's tool as a pith tool: `mcp__<server>__<tool>`, its input schema as the parameters, a call that
// reports progress, stops when the run is aborted (the SDK sends the server `notifications/cancelled`) and turns
// an `isError` result into an error result the model reads. As in pi 1.6.0, the result's `structuredContent` is the
// server's whole answer (content blocks as sent, its `structuredContent`, `isError`; `_meta` left out), so a program
// reading the result sees what the server said, not the text the model was given.
import type { ToolDefinition } from "../../../kernel/index.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { McpConnection } from "../servers/connection.js";
import { convertToolResult, type McpBlock } from "./tool-result.js";
import { mcpNamespace } from "./naming.js";
import { mcpResultSchema } from "./result-schema.js";

export interface McpToolDetails {
  server: string;
  tool: string;
  fullOutputPath?: string;
}

export interface McpToolSource {
  connection: McpConnection;
  /** the tool as the server last listed it; undefined once the server withdrew it */
  current(): Tool | undefined;
  readableResources(): boolean;
}

/** MCP allows any object schema; providers need `type: "object"` with `properties`. */
function objectSchema(schema: Tool["inputSchema"] | undefined): Record<string, unknown> {
  const base = (schema ?? {}) as Record<string, unknown>;
  return { ...base, type: "object", properties: base.properties ?? {} };
}

export function mcpToolDefinition(name: string, tool: Tool, source: McpToolSource): ToolDefinition<Record<string, unknown>, McpToolDetails> {
  const server = source.connection.name;
  const description = source.connection.entry.config.description?.trim();
  const instructions = source.connection.instructions;
  return {
    name,
    // the server, as tool search ranks by it (`describeNamespace("fx")` finds `mcp__fx`)
    namespace: { name: mcpNamespace(server), aliases: [server], ...(description ? { description } : {}), ...(instructions ? { instructions } : {}) },
    label: `${server}/${tool.name}`,
    description: tool.description?.trim() || tool.title || tool.annotations?.title || `MCP tool ${tool.name} of server ${server}`,
    parameters: objectSchema(tool.inputSchema),
    outputSchema: mcpResultSchema(tool.outputSchema),
    // The server validates its own arguments (its schemas may use any JSON Schema draft) and answers with an
    // error result the model reads; pith only insists on an object.
    validate: (args) =>
      typeof args === "object" && args !== null && !Array.isArray(args)
        ? { ok: true, value: args as Record<string, unknown> }
        : { ok: false, error: "arguments must be a JSON object" },
    async execute(args, context, onUpdate) {
      if (!source.current()) throw new Error(`MCP server "${server}" no longer offers the tool ${tool.name}`);
      const result = await source.connection.callTool(tool.name, args, {
        signal: context.signal,
        onProgress: (progress) => {
          const total = progress.total === undefined ? "" : `/${progress.total}`;
          onUpdate({ content: [{ type: "text", text: progress.message ?? `Progress ${progress.progress}${total}` }], details: { server, tool: tool.name } });
        },
      });
      const converted = await convertToolResult(server, tool.name, { ...result, content: result.content as McpBlock[] }, source.readableResources());
      const details: McpToolDetails = { server, tool: tool.name };
      if (converted.fullOutputPath) details.fullOutputPath = converted.fullOutputPath;
      const { _meta: _unsent, ...answer } = result;
      return { content: converted.content, details, structuredContent: answer, ...(converted.isError ? { isError: true } : {}) };
    },
  };
}
