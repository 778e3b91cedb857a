// What the paste key (app.clipboard.pasteImage, ctrl+v) takes from the clipboard, in pi 1.6.0's order: an image
// (saved to a temporary file whose path goes into the editor, for the model to read), else text. On Linux the image
// comes from `wl-paste` (Wayland or WSL), else `xclip`; text from `wl-paste` on Wayland, `xclip` or `xsel` on X11.
// pith does not load pi-tui's native clipboard helpers (macOS, Windows, X11 without xclip): there, only text pasted
// by the terminal itself arrives.
import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runClipboardProgram } from "./program.js";

export interface ClipboardImage {
  bytes: Buffer;
  mimeType: string;
}

export type Pasted = { kind: "image"; path: string; mimeType: string } | { kind: "text"; text: string } | { kind: "nothing" };

/** the formats the models take, preferred in this order */
const IMAGE_TYPES: Readonly<Record<string, string>> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp", "image/gif": "gif" };
const LIST_TIMEOUT_MS = 1000;

/** Reads the clipboard; an image is written to a new temporary file. */
export async function readClipboardForPaste(env: NodeJS.ProcessEnv = process.env): Promise<Pasted> {
  const image = await readClipboardImage(env);
  if (image) {
    const path = join(tmpdir(), `pi-clipboard-${randomUUID()}.${IMAGE_TYPES[image.mimeType] ?? "png"}`);
    writeFileSync(path, image.bytes);
    return { kind: "image", path, mimeType: image.mimeType };
  }
  const text = await readClipboardText(env);
  return text ? { kind: "text", text } : { kind: "nothing" };
}

/** null: the clipboard holds no image (or no program could read it) */
export async function readClipboardImage(env: NodeJS.ProcessEnv = process.env): Promise<ClipboardImage | null> {
  if (process.platform !== "linux" || env.TERMUX_VERSION) return null;
  // undefined: that program is missing or failed, so the next one may try; null: it answered "no image"
  let image: ClipboardImage | null | undefined;
  if (env.WAYLAND_DISPLAY || env.XDG_SESSION_TYPE === "wayland" || isWsl(env)) {
    image = await readImageWith("wl-paste", ["--list-types"], (type) => ["--type", type, "--no-newline"]);
  }
  if (image === undefined) image = await readImageWith("xclip", ["-selection", "clipboard", "-t", "TARGETS", "-o"], (type) => ["-selection", "clipboard", "-t", type, "-o"]);
  return image ?? null;
}

async function readImageWith(program: string, listArgs: string[], readArgs: (type: string) => string[]): Promise<ClipboardImage | null | undefined> {
  const listed = await runClipboardProgram(program, listArgs, { timeoutMs: LIST_TIMEOUT_MS });
  if (listed === undefined) return undefined;
  const type = preferredImageType(listed.toString("utf8").split(/\r?\n/));
  if (!type) return null;
  const bytes = await runClipboardProgram(program, readArgs(type));
  if (bytes === undefined) return undefined;
  return bytes.length === 0 ? null : { bytes, mimeType: baseType(type) };
}

function preferredImageType(offered: readonly string[]): string | undefined {
  const types = offered.map((type) => type.trim()).filter(Boolean);
  for (const wanted of Object.keys(IMAGE_TYPES)) {
    const found = types.find((type) => baseType(type) === wanted);
    if (found) return found;
  }
  return undefined;
}

function baseType(type: string): string {
  return (type.split(";")[0] ?? type).trim().toLowerCase();
}

async function readClipboardText(env: NodeJS.ProcessEnv): Promise<string | null> {
  const programs: [string, string[]][] = [];
  if (env.TERMUX_VERSION) programs.push(["termux-clipboard-get", []]);
  if (process.platform === "linux") {
    if (env.WAYLAND_DISPLAY) programs.push(["wl-paste", ["--no-newline", "--type", "text"]]);
    if (env.DISPLAY) programs.push(["xclip", ["-selection", "clipboard", "-out"]], ["xsel", ["--clipboard", "--output"]]);
  }
  for (const [program, args] of programs) {
    const bytes = await runClipboardProgram(program, args, { timeoutMs: 5000 });
    if (bytes !== undefined) return bytes.toString("utf8") || null;
  }
  return null;
}

export function isWsl(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.WSL_DISTRO_NAME || env.WSLENV) return true;
  try {
    return /microsoft|wsl/i.test(readFileSync("/proc/version", "utf8"));
  } catch {
    return false;
  }
}
