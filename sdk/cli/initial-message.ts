// The first prompt of a print run: piped stdin, then `@file` contents, then the first positional message,
// joined into one message (pi 0.73); later positional messages stay separate prompts.
import { fstatSync, readFileSync, type Stats } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { isatty } from "node:tty";
import { type ImageContent, PithError } from "../../kernel/index.js";
import { sniffImageType } from "../../plugins/tools/files/image-type.js";
import { resolveReadPath } from "../../plugins/tools/paths.js";

export interface InitialPrompts {
  /** each entry is one prompt; the first carries the attachments */
  prompts: string[];
  images: ImageContent[];
}

export async function buildInitialPrompts(options: { stdin?: string; files: string[]; messages: string[]; cwd: string }): Promise<InitialPrompts> {
  const images: ImageContent[] = [];
  let attached = "";
  for (const file of options.files) {
    const path = resolveReadPath(file, options.cwd);
    let bytes: Buffer;
    try {
      if (!(await stat(path)).isFile()) throw new Error("not a file");
      bytes = await readFile(path);
    } catch {
      throw new PithError("FILE_NOT_FOUND", `Cannot attach @${file}: ${path} does not exist or is not a readable file.`);
    }
    if (bytes.length === 0) continue;
    const mimeType = sniffImageType(bytes.subarray(0, 12));
    if (mimeType) {
      images.push({ type: "image", data: bytes.toString("base64"), mimeType });
      attached += `<file name="${path}"></file>\n`;
    } else {
      attached += `<file name="${path}">\n${bytes.toString("utf8")}\n</file>\n`;
    }
  }
  const stdin = options.stdin?.trim() ?? "";
  const [first = "", ...rest] = options.messages;
  const head = stdin + attached + first;
  const prompts = head === "" ? rest : [head, ...rest];
  return { prompts, images };
}

/**
 * Reads piped stdin completely; resolves undefined for a terminal. A file or /dev/null (stdin of most scripted
 * runs) is read synchronously through fd 0: creating `process.stdin` costs a print run 3-5 ms.
 */
export async function readPipedStdin(): Promise<string | undefined> {
  let stats: Stats;
  try {
    stats = fstatSync(0);
  } catch {
    return ""; // no stdin at all (closed fd 0): nothing was piped
  }
  if (stats.isFile()) return readFileSync(0, "utf8");
  if (stats.isCharacterDevice()) return isatty(0) ? undefined : readFileSync(0, "utf8"); // /dev/null
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
