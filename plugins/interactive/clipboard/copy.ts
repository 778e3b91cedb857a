// Copies text to the clipboard: through the first clipboard program found (wl-copy, xclip, xsel, pbcopy), and
// always also as OSC 52, which terminals (also over SSH) put on the local clipboard.
import { runClipboardProgram } from "./program.js";

const PROGRAMS: readonly [string, string[]][] = [
  ["pbcopy", []],
  ["wl-copy", []],
  ["xclip", ["-selection", "clipboard"]],
  ["xsel", ["--clipboard", "--input"]],
];
const OSC52_LIMIT = 100_000;

export async function copyToClipboard(text: string, writeToTerminal: (sequence: string) => void): Promise<void> {
  const encoded = Buffer.from(text, "utf8").toString("base64");
  if (encoded.length <= OSC52_LIMIT) writeToTerminal(`\x1b]52;c;${encoded}\x07`);
  for (const [program, args] of PROGRAMS) {
    if (program === "pbcopy" && process.platform !== "darwin") continue;
    if ((program === "xclip" || program === "xsel") && !process.env.DISPLAY) continue;
    if (program === "wl-copy" && !process.env.WAYLAND_DISPLAY) continue;
    if ((await runClipboardProgram(program, args, { input: text })) !== undefined) return;
  }
}
