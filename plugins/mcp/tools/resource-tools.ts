// The resource tools pi 1.6.0 (like Codex and OpenCode) gives the model when a server offers resources:
// `list_mcp_resources`, `list_mcp_resource_templates` and `read_mcp_resource`. MCP Apps' `ui://` resources are
// left out: pith does not render them.
import type { ToolDefinition } from "../../../kernel/index.js";
import type { McpConnection } from "../servers/connection.js";
import { READ_RESOURCE_TOOL, resourceContent } from "./tool-result.js";

export const LIST_RESOURCES_TOOL = "list_mcp_resources";
export const LIST_TEMPLATES_TOOL = "list_mcp_resource_templates";
export const RESOURCE_TOOL_NAMES = [LIST_RESOURCES_TOOL, LIST_TEMPLATES_TOOL, READ_RESOURCE_TOOL] as const;

export interface ResourceHost {
  /** connected servers that offer resources, after waiting for servers still connecting */
  servers(signal: AbortSignal): Promise<McpConnection[]>;
}

const isAppResource = (item: { uri?: string; uriTemplate?: string; mimeType?: string }) =>
  (item.uri ?? item.uriTemplate ?? "").startsWith("ui://") || (item.mimeType ?? "").includes("profile=mcp-app");

function withoutIcons<T extends object>(item: T): Omit<T, "icons" | "_meta"> {
  const { icons: _icons, _meta, ...rest } = item as T & { icons?: unknown; _meta?: unknown };
  return rest;
}

async function pick(host: ResourceHost, server: string | undefined, signal: AbortSignal): Promise<McpConnection[]> {
  const servers = await host.servers(signal);
  if (server === undefined) return servers;
  const found = servers.find((connection) => connection.name === server);
  if (!found) throw new Error(`No connected MCP server "${server}" offers resources. Servers with resources: ${servers.map((s) => s.name).join(", ") || "none"}`);
  return [found];
}

type Page<T> = { items: T[]; nextCursor?: string };
type ListArgs = { server?: string; cursor?: string };

function listTool<T extends { uri?: string; uriTemplate?: string; mimeType?: string }>(
  host: ResourceHost,
  name: string,
  description: string,
  key: "resources" | "resourceTemplates",
  page: (connection: McpConnection, cursor: string | undefined, signal: AbortSignal) => Promise<Page<T>>,
): ToolDefinition<ListArgs> {
  return {
    name,
    label: name,
    description,
    parameters: {
      type: "object",
      properties: {
        server: { type: "string", description: "Only this server (one page; continue with cursor)" },
        cursor: { type: "string", description: "The nextCursor of the previous page of this server" },
      },
    },
    async execute({ server, cursor }, context) {
      const connections = await pick(host, server, context.signal);
      const listed: Record<string, unknown>[] = [];
      let nextCursor: string | undefined;
      for (const connection of connections) {
        let next = server === undefined ? undefined : cursor;
        do {
          const result = await page(connection, next, context.signal);
          listed.push(...result.items.filter((item) => !isAppResource(item)).map((item) => ({ server: connection.name, ...withoutIcons(item) })));
          next = result.nextCursor;
        } while (server === undefined && next);
        if (server !== undefined) nextCursor = next;
      }
      const body = { ...(server === undefined ? {} : { server }), [key]: listed, ...(nextCursor ? { nextCursor } : {}) };
      return { content: [{ type: "text", text: JSON.stringify(body, null, 2) }] };
    },
  };
}

export function resourceTools(host: ResourceHost): [ToolDefinition<ListArgs>, ToolDefinition<ListArgs>, ToolDefinition<{ server: string; uri: string }>] {
  const list = listTool(host, LIST_RESOURCES_TOOL, "Lists the resources MCP servers offer (files, documents, records), as JSON.", "resources", async (c, cursor, signal) => {
    const result = await c.listResources(cursor, signal);
    return { items: result.resources, nextCursor: result.nextCursor };
  });
  const templates = listTool(
    host,
    LIST_TEMPLATES_TOOL,
    "Lists the URI templates of resources MCP servers can read but do not list, as JSON.",
    "resourceTemplates",
    async (c, cursor, signal) => {
      const result = await c.listResourceTemplates(cursor, signal);
      return { items: result.resourceTemplates, nextCursor: result.nextCursor };
    },
  );
  const read: ToolDefinition<{ server: string; uri: string }> = {
    name: READ_RESOURCE_TOOL,
    label: READ_RESOURCE_TOOL,
    description: "Reads a resource of an MCP server by its URI. Text comes back as text, images as images; other binary data is saved to a file whose path is returned.",
    parameters: {
      type: "object",
      properties: {
        server: { type: "string", description: "The MCP server that offers the resource" },
        uri: { type: "string", description: "The resource's URI" },
      },
      required: ["server", "uri"],
    },
    async execute({ server, uri }, context) {
      const [connection] = await pick(host, server, context.signal);
      const result = await connection!.readResource(uri, context.signal);
      const content = (await Promise.all(result.contents.map((item) => resourceContent(item as Parameters<typeof resourceContent>[0])))).flat();
      return { content: content.length > 0 ? content : [{ type: "text", text: `(resource ${uri} is empty)` }], details: { server, uri } };
    },
  };
  return [list, templates, read];
}
