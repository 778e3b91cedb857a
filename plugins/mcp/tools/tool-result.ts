// What the model reads of an MCP result: text and images as they are, resource links and embedded resources as
// text (binary ones saved to a temporary file), structured content as JSON when there is no content. Text over
// 20 KB keeps its start and end around a `…N chars truncated…` marker; the full text goes to a temporary file.
import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ImageContent, TextContent } from "../../../kernel/index.js";

export const READ_RESOURCE_TOOL = "read_mcp_resource";
const MAX_TEXT_CHARS = 20_000;

type ModelContent = TextContent | ImageContent;

/** An MCP content block, read by shape (tool results and resource contents share these fields). */
export interface McpBlock {
  type: string;
  text?: string;
  data?: string;
  mimeType?: string;
  uri?: string;
  name?: string;
  title?: string;
  description?: string;
  size?: number;
  resource?: { uri: string; mimeType?: string; text?: string; blob?: string };
}

export async function saveTempFile(data: string | Buffer, extension: string): Promise<string> {
  const path = join(tmpdir(), `pith-mcp-${randomBytes(6).toString("hex")}${extension}`);
  await writeFile(path, data);
  return path;
}

function isTextMime(mimeType: string | undefined): boolean {
  const type = (mimeType ?? "").split(";", 1)[0]!.trim().toLowerCase();
  return type.startsWith("text/") || type === "application/json" || type.endsWith("+json") || type.endsWith("+xml");
}

const extensionOf = (uri: string) => /\.[A-Za-z0-9]{1,8}$/.exec(URL.canParse(uri) ? new URL(uri).pathname : uri)?.[0] ?? ".bin";

/** A resource's contents (embedded in a result or read with read_mcp_resource) as model content. */
export async function resourceContent(resource: { uri: string; mimeType?: string; text?: string; blob?: string }): Promise<ModelContent[]> {
  if (resource.text !== undefined) return [{ type: "text", text: resource.text }];
  if (resource.blob === undefined) return [];
  if (resource.mimeType?.startsWith("image/")) return [{ type: "image", data: resource.blob, mimeType: resource.mimeType }];
  const data = Buffer.from(resource.blob, "base64");
  if (isTextMime(resource.mimeType)) return [{ type: "text", text: data.toString("utf8") }];
  const kind = `${resource.mimeType ?? "unknown type"}, ${data.length} bytes`;
  try {
    return [{ type: "text", text: `[Binary resource ${resource.uri} (${kind}) saved to ${await saveTempFile(data, extensionOf(resource.uri))}]` }];
  } catch (error) {
    return [{ type: "text", text: `[Binary resource ${resource.uri} (${kind}) could not be saved: ${(error as Error).message}]` }];
  }
}

async function blockContent(server: string, block: McpBlock, readable: boolean): Promise<ModelContent[]> {
  switch (block.type) {
    case "text":
      return [{ type: "text", text: block.text ?? "" }];
    case "image":
      return block.data && block.mimeType ? [{ type: "image", data: block.data, mimeType: block.mimeType }] : [];
    case "audio":
      return [{ type: "text", text: `[Audio (${block.mimeType ?? "unknown type"}) omitted]` }];
    case "resource_link": {
      const facts = [block.mimeType, block.size === undefined ? undefined : `${block.size} bytes`].filter(Boolean);
      const how = readable ? `. Read it with ${READ_RESOURCE_TOOL} (server "${server}")` : "";
      const description = block.description ? `: ${block.description}` : "";
      return [{ type: "text", text: `[Resource ${block.uri} "${block.title ?? block.name ?? ""}"${facts.length ? ` (${facts.join(", ")})` : ""}${description}${how}]` }];
    }
    case "resource":
      return block.resource ? resourceContent(block.resource) : [];
    default:
      return [{ type: "text", text: `[Unsupported MCP content of type "${block.type}"]` }];
  }
}

/** Long text keeps its start and end; the full text is saved. */
export async function limitText(content: ModelContent[]): Promise<{ content: ModelContent[]; fullOutputPath?: string }> {
  const text = content.filter((block): block is TextContent => block.type === "text").map((block) => block.text).join("\n");
  if (text.length <= MAX_TEXT_CHARS) return { content };
  const fullOutputPath = await saveTempFile(text, ".txt");
  const half = MAX_TEXT_CHARS / 2;
  const cut = text.length - MAX_TEXT_CHARS;
  const shortened = `${text.slice(0, half)}\n…${cut} chars truncated…\n${text.slice(-half)}\n\n[Full output: ${fullOutputPath}]`;
  const images = content.filter((block) => block.type === "image");
  return { content: [{ type: "text", text: shortened }, ...images], fullOutputPath };
}

export interface ConvertedResult {
  content: ModelContent[];
  isError: boolean;
  fullOutputPath?: string;
}

export async function convertToolResult(
  server: string,
  tool: string,
  result: { content?: McpBlock[]; structuredContent?: unknown; isError?: boolean },
  readableResources: boolean,
): Promise<ConvertedResult> {
  const blocks = result.content ?? [];
  let content: ModelContent[] =
    blocks.length > 0
      ? (await Promise.all(blocks.map((block) => blockContent(server, block, readableResources)))).flat()
      : result.structuredContent !== undefined
        ? [{ type: "text", text: JSON.stringify(result.structuredContent) }]
        : [];
  const isError = result.isError === true;
  if (isError && !content.some((block) => block.type === "text" && block.text.trim())) {
    content = [...content, { type: "text", text: `MCP tool ${server}/${tool} returned an error` }];
  }
  const limited = await limitText(content);
  return { ...limited, isError };
}
