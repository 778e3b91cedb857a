// read: a text file with line-based paging, or a png/jpeg/gif/webp image as an attachment.
import { constants, type Stats } from "node:fs";
import { open, stat, type FileHandle } from "node:fs/promises";
import * as z from "zod/mini";
import { PithError, type ImageContent, type TextContent, type Model, type ToolDefinition } from "../../../kernel/index.js";
import { abortable, throwIfAborted } from "../abort.js";
import { acceptFilePathAlias } from "./argument-aliases.js";
import { defineArguments, described } from "../arguments.js";
import { readFileWindow } from "./file-window.js";
import { fileError } from "./fs-errors.js";
import { sniffImageType, type ImageMimeType } from "./image-type.js";
import { resolveReadPath } from "../paths.js";
import { shellQuote } from "./shell-quote.js";
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES, formatSize, truncateHead, type TruncationResult } from "../truncate.js";

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
  /** true while something scales images down before they are sent (the images plugin's `images.autoResize`) */
  imagesResized?: () => boolean;
}

/** Above this the file is not read even when images are scaled down: decoding it would take too much memory. */
export const MAX_RESIZABLE_IMAGE_BYTES = 64 * 1024 * 1024;

const readArguments = defineArguments("read", readSchema);

type ReadResult = { content: (TextContent | ImageContent)[]; details?: ReadDetails };

/** Bytes read first: enough to recognise an image and to decide whether a file is binary. */
const HEAD_BYTES = 8000;

function imageTooLargeNote(base64Bytes: number, resized: boolean): string {
  const why = resized
    ? `over the ${formatSize(MAX_RESIZABLE_IMAGE_BYTES)} that pith scales down`
    : `over the ${formatSize(MAX_INLINE_IMAGE_BASE64_BYTES)} inline image limit, and images.autoResize is off`;
  return `[Image omitted: it is ${formatSize(base64Bytes)} encoded, ${why}. Make a smaller copy with bash (for example ImageMagick: convert <file> -resize 2000x2000 small.png) and read that.]`;
}

async function imageResult(handle: FileHandle, size: number, mimeType: ImageMimeType, model: Model | undefined, resized: boolean): Promise<ReadResult> {
  const notes = [`Read image file [${mimeType}]`];
  const base64Bytes = Math.ceil(size / 3) * 4;
  // a larger image is scaled down on its way to the model (the images plugin), when that is on
  const tooLarge = resized ? size > MAX_RESIZABLE_IMAGE_BYTES : base64Bytes > MAX_INLINE_IMAGE_BASE64_BYTES;
  if (tooLarge) notes.push(imageTooLargeNote(base64Bytes, resized));
  if (model && !model.input.includes("image")) {
    notes.push("[Current model does not support images. The image will be omitted from this request.]");
  }
  const text: TextContent = { type: "text", text: notes.join("\n") };
  if (tooLarge) return { content: [text] };
  return { content: [text, { type: "image", data: (await readWhole(handle, size)).toString("base64"), mimeType }] };
}

/** The file from its first byte, whatever was read before (readFile would start at the current position). */
async function readWhole(handle: FileHandle, size: number): Promise<Buffer> {
  const data = Buffer.alloc(size);
  let filled = 0;
  while (filled < size) {
    const { bytesRead } = await handle.read(data, filled, size - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return data.subarray(0, filled);
}

const UTF16LE_BOM = [0xff, 0xfe] as const;
const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;

function startsWithBytes(data: Buffer, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => data[index] === byte);
}

function kindOf(stats: Stats): string {
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  if (stats.isFIFO()) return "a named pipe (FIFO)";
  if (stats.isSocket()) return "a socket";
  return "not a regular file";
}

/** Devices, pipes and sockets never end or block on open: refused by type before anything is read. */
async function openRegularFile(absolutePath: string, displayPath: string): Promise<{ handle: FileHandle; size: number }> {
  const refuse = (stats: Stats) =>
    stats.isDirectory()
      ? new PithError("TOOL_IS_DIRECTORY", `Cannot read ${displayPath}: it is a directory. Use ls to list it.`)
      : new PithError(
          "TOOL_NOT_REGULAR_FILE",
          `Cannot read ${displayPath}: it is ${kindOf(stats)}, not a regular file. read only reads files; use bash for devices and pipes (for example head -c 100 ${shellQuote(displayPath)} | xxd).`,
        );
  const before = await stat(absolutePath);
  if (!before.isFile()) throw refuse(before);
  // O_NONBLOCK: should the path become a FIFO between stat and open, open must not wait for a writer.
  const handle = await open(absolutePath, constants.O_RDONLY | constants.O_NONBLOCK);
  const opened = await handle.stat();
  if (!opened.isFile()) {
    await handle.close();
    throw refuse(opened);
  }
  return { handle, size: opened.size };
}

function binaryFileError(path: string, size: number): PithError {
  return new PithError(
    "TOOL_BINARY_FILE",
    `Cannot show ${path} as text: it is a binary file (${formatSize(size)}). read shows text files and png, jpeg, gif and webp images; inspect other files with bash (file, xxd | head).`,
  );
}

async function textResult(
  handle: FileHandle,
  head: Buffer,
  args: ReadArgs,
  signal: AbortSignal | undefined,
): Promise<ReadResult> {
  const utf16 = startsWithBytes(head, UTF16LE_BOM);
  const bom = utf16 ? UTF16LE_BOM.length : startsWithBytes(head, UTF8_BOM) ? UTF8_BOM.length : 0;
  const startIndex = args.offset ? args.offset - 1 : 0;
  const startLine = startIndex + 1;
  const window = await readFileWindow(
    handle,
    utf16 ? "utf-16le" : "utf-8",
    head.subarray(bom),
    { startIndex, limit: args.limit, keepLines: DEFAULT_MAX_LINES, keepBytes: DEFAULT_MAX_BYTES },
    signal,
  );
  const { totalLines } = window;
  if (startIndex >= totalLines) {
    throw new PithError("TOOL_READ_OFFSET", `Offset ${args.offset} is beyond end of file (${totalLines} lines total)`);
  }
  const endIndex = args.limit === undefined ? totalLines : Math.min(startIndex + args.limit, totalLines);
  const truncation = {
    ...truncateHead(window.kept),
    totalLines: endIndex - startIndex,
    totalBytes: window.wantedBytes,
  };

  if (truncation.firstLineExceedsLimit) {
    const lineSize = formatSize(window.firstLineBytes);
    const hint = `[Line ${startLine} is ${lineSize}, exceeds ${formatSize(DEFAULT_MAX_BYTES)} limit. Use bash: sed -n '${startLine}p' ${shellQuote(args.path)} | head -c ${DEFAULT_MAX_BYTES}]`;
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
  let opened: { handle: FileHandle; size: number };
  try {
    opened = await openRegularFile(absolutePath, args.path);
  } catch (error) {
    throwIfAborted(signal);
    if (error instanceof PithError) throw error;
    throw fileError(error, "read", args.path);
  }
  const { handle, size } = opened;
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, null);
    const first = head.subarray(0, bytesRead);
    const mimeType = sniffImageType(first);
    if (mimeType) return await imageResult(handle, size, mimeType, options.getModel?.(), options.imagesResized?.() === true);
    if (first.includes(0) && !startsWithBytes(first, UTF16LE_BOM)) throw binaryFileError(args.path, size);
    return await textResult(handle, first, args, signal);
  } catch (error) {
    throwIfAborted(signal);
    if (error instanceof PithError) throw error;
    throw fileError(error, "read", args.path);
  } finally {
    await handle.close();
  }
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
    // as pi 1.6.0: a strict schema (validated calls) where the model supports one, Gemini 3 and later
    constrainedSampling: { type: "json_schema", strict: "prefer" },
    prepareArguments: acceptFilePathAlias,
    validate: readArguments.validate,
    async execute(rawArgs, context) {
      throwIfAborted(context.signal);
      const args = await readArguments.parse(rawArgs);
      const result = await abortable(context.signal, readAny(args, options, context.signal));
      return { ...result, structuredContent: readOutput(result.content) };
    },
  };
}

/** read's machine-readable result (pi 1.6.0's): the text, or the image with the text as its note. */
export type ReadStructuredContent = string | { type: "image"; data: string; mimeType: string; note: string };

function readOutput(content: readonly (TextContent | ImageContent)[]): ReadStructuredContent {
  const text = content.find((block): block is TextContent => block.type === "text")?.text ?? "";
  const image = content.find((block): block is ImageContent => block.type === "image");
  return image ? { type: "image", data: image.data, mimeType: image.mimeType, note: text } : text;
}
