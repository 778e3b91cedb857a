// Copies text to the clipboard: through the first clipboard program found (wl-copy, xclip, xsel, pbcopy), and
// always also as OSC 52, which terminals (also over SSH) put on the local clipboard.
import { spawn } from "node:child_process";

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
    if (await pipeTo(program, args, text)) return;
  }
}

function pipeTo(program: string, args: string[], text: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(program, args, { stdio: ["pipe", "ignore", "ignore"] });
    child.on("error", () => resolve(false));
    child.on("close", (code) => resolve(code === 0));
    child.stdin.end(text);
  });
}
