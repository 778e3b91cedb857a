// read: a text file with line-based paging, or a png/jpeg/gif/webp image as an attachment.
import { readFile, stat } from "node:fs/promises";
import * as z from "zod/mini";
import { PithError } from "../../kernel/errors.js";
import type { ImageContent, TextContent } from "../../kernel/messages.js";
import type { Model } from "../../kernel/model.js";
import type { ToolDefinition } from "../../kernel/tool.js";
import { abortable, throwIfAborted } from "./abort.js";
import { acceptFilePathAlias } from "./argument-aliases.js";
import { defineArguments, described } from "./arguments.js";
import { fileError } from "./fs-errors.js";
import { sniffImageType, type ImageMimeType } from "./image-type.js";
import { resolveReadPath } from "./paths.js";
import { shellQuote } from "./shell-quote.js";
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES, formatSize, truncateHead, type TruncationResult } from "./truncate.js";

/** Providers refuse larger inline images (Anthropic: 5 MB); pi keeps the same headroom. */
export const MAX_INLINE_IMAGE_BASE64_BYTES = 4.5 * 1024 * 1024;

const readSchema = z.object({
  path: described(z.string(), "Path to the file to read (relative or absolute)"),
  offset: described(z.optional(z.number().check(z.int(), z.minimum(0))), "Line number to start reading from (1-indexed)"),
  limit: described(z.optional(z.number().check(z.int(), z.minimum(1))), "Maximum number of lines to read"),
});

export type ReadArgs = z.output<typeof readSchema>;
export type ReadDetails = { truncation?: TruncationResult };

export interface ReadToolOptions {
  cwd: string;
  /** the session's current model; when it takes no images the result says the image will be dropped */
  getModel?: () => Model | undefined;
}

const readArguments = defineArguments("read", readSchema);

type ReadResult = { content: (TextContent | ImageContent)[]; details?: ReadDetails };

function imageResult(data: Buffer, mimeType: ImageMimeType, model: Model | undefined): ReadResult {
  const notes = [`Read image file [${mimeType}]`];
  const base64 = data.toString("base64");
  const tooLarge = base64.length > MAX_INLINE_IMAGE_BASE64_BYTES;
  if (tooLarge) {
    notes.push(
      `[Image omitted: it is ${formatSize(base64.length)} encoded, over the ${formatSize(MAX_INLINE_IMAGE_BASE64_BYTES)} inline image limit, and pith does not resize images. Make a smaller copy with bash (for example ImageMagick: convert <file> -resize 2000x2000 small.png) and read that.]`,
    );
  }
  if (model && !model.input.includes("image")) {
    notes.push("[Current model does not support images. The image will be omitted from this request.]");
  }
  const text: TextContent = { type: "text", text: notes.join("\n") };
  return { content: tooLarge ? [text] : [text, { type: "image", data: base64, mimeType }] };
}

function looksBinary(data: Buffer): boolean {
  return data.subarray(0, 8000).includes(0);
}

function decodeText(data: Buffer): string {
  if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder("utf-16le").decode(data.subarray(2));
  const text = data.toString("utf-8");
  // The BOM is invisible noise to the model; edit restores it on write.
  return text.startsWith("\uFEFF") ? text.slice(1) : text;
}

function textResult(text: string, path: string, offset: number | undefined, limit: number | undefined): ReadResult {
  const allLines = text.split("\n");
  const totalLines = allLines.length;
  const startIndex = offset ? offset - 1 : 0;
  const startLine = startIndex + 1;
  if (startIndex >= totalLines) {
    throw new PithError("TOOL_READ_OFFSET", `Offset ${offset} is beyond end of file (${totalLines} lines total)`);
  }
  const endIndex = limit === undefined ? totalLines : Math.min(startIndex + limit, totalLines);
  const truncation = truncateHead(allLines.slice(startIndex, endIndex).join("\n"));

  if (truncation.firstLineExceedsLimit) {
    const lineSize = formatSize(Buffer.byteLength(allLines[startIndex]!, "utf-8"));
    const hint = `[Line ${startLine} is ${lineSize}, exceeds ${formatSize(DEFAULT_MAX_BYTES)} limit. Use bash: sed -n '${startLine}p' ${shellQuote(path)} | head -c ${DEFAULT_MAX_BYTES}]`;
    return { content: [{ type: "text", text: hint }], details: { truncation } };
  }
  if (truncation.truncated) {
    const endLine = startLine + truncation.outputLines - 1;
    const limitNote = truncation.truncatedBy === "lines" ? "" : ` (${formatSize(DEFAULT_MAX_BYTES)} limit)`;
    const hint = `[Showing lines ${startLine}-${endLine} of ${totalLines}${limitNote}. Use offset=${endLine + 1} to continue.]`;
    return { content: [{ type: "text", text: `${truncation.content}\n\n${hint}` }], details: { truncation } };
  }
  if (endIndex < totalLines) {
    const hint = `[${totalLines - endIndex} more lines in file. Use offset=${endIndex + 1} to continue.]`;
    return { content: [{ type: "text", text: `${truncation.content}\n\n${hint}` }] };
  }
  return { content: [{ type: "text", text: truncation.content }] };
}

async function readAny(args: ReadArgs, options: ReadToolOptions, signal: AbortSignal | undefined): Promise<ReadResult> {
  const absolutePath = resolveReadPath(args.path, options.cwd);
  let data: Buffer;
  try {
    if ((await stat(absolutePath)).isDirectory()) {
      throw new PithError("TOOL_IS_DIRECTORY", `Cannot read ${args.path}: it is a directory. Use ls to list it.`);
    }
    data = await readFile(absolutePath, { signal });
  } catch (error) {
    throwIfAborted(signal);
    if (error instanceof PithError) throw error;
    throw fileError(error, "read", args.path);
  }
  const mimeType = sniffImageType(data);
  if (mimeType) return imageResult(data, mimeType, options.getModel?.());
  if (looksBinary(data) && !(data[0] === 0xff && data[1] === 0xfe)) {
    throw new PithError(
      "TOOL_BINARY_FILE",
      `Cannot show ${args.path} as text: it is a binary file (${formatSize(data.length)}). read shows text files and png, jpeg, gif and webp images; inspect other files with bash (file, xxd | head).`,
    );
  }
  return textResult(decodeText(data), args.path, args.offset, args.limit);
}

export function createReadTool(options: ReadToolOptions): ToolDefinition<ReadArgs, ReadDetails> {
  return {
    name: "read",
    label: "read",
    description: `Read a file. Text files come back as text, truncated to ${DEFAULT_MAX_LINES} lines or ${DEFAULT_MAX_BYTES / 1024}KB, whichever comes first; page through larger files with offset/limit until you have what you need. Images (png, jpeg, gif, webp) come back as attachments.`,
    promptSnippet: "Read file contents",
    promptGuidelines: ["Read files with read rather than cat, head or sed."],
    get parameters() {
      return readArguments.parameters;
    },
    prepareArguments: acceptFilePathAlias,
    validate: readArguments.validate,
    async execute(rawArgs, context) {
      throwIfAborted(context.signal);
      const args = readArguments.parse(rawArgs);
      return abortable(context.signal, readAny(args, options, context.signal));
    },
  };
}
