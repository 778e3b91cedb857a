// pi's `copyToClipboard(text)` for extensions: the platform's clipboard program, WSL's Windows clipboard, and OSC 52
// (which the terminal puts on its clipboard) where no program can be checked to have worked: over SSH and without a
// display. It rejects with pi's messages when no route took the text. pith's own `/copy`
// (interactive/clipboard/copy.ts) always adds OSC 52 to its terminal instead.
import { randomUUID } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isWsl } from "../../../interactive/clipboard/paste.js";
import { runClipboardProgram } from "../../../interactive/clipboard/program.js";

const OSC52_LIMIT = 100_000;
const PROGRAM_TIMEOUT_MS = 5000;

function programsFor(env: NodeJS.ProcessEnv): [string, string[]][] {
  if (process.platform === "darwin") return [["pbcopy", []]];
  if (process.platform === "win32") return [["clip", []]];
  return [
    ...(env.TERMUX_VERSION ? [["termux-clipboard-set", []] as [string, string[]]] : []),
    ...(env.WAYLAND_DISPLAY ? [["wl-copy", []] as [string, string[]]] : []),
    ...(env.DISPLAY ? [["xclip", ["-selection", "clipboard"]], ["xsel", ["--clipboard", "--input"]]] as [string, string[]][] : []),
  ];
}

/** false when the text is too long for the sequence terminals accept */
function writeOsc52(text: string): boolean {
  const encoded = Buffer.from(text).toString("base64");
  if (encoded.length > OSC52_LIMIT) return false;
  process.stdout.write(`\x1b]52;c;${encoded}\x07`);
  return true;
}

const isRemote = (env: NodeJS.ProcessEnv) => Boolean(env.SSH_CONNECTION || env.SSH_CLIENT || env.MOSH_CONNECTION || env.PI_CLIPBOARD_OSC52 === "1");

export async function copyToClipboard(text: string): Promise<void> {
  const env = process.env;
  let copied = false;
  for (const [program, args] of programsFor(env)) {
    if ((await runClipboardProgram(program, args, { input: text, timeoutMs: PROGRAM_TIMEOUT_MS })) === undefined) continue;
    copied = true;
    break;
  }
  let osc52Written = false;
  if (!copied && process.platform === "linux" && isWsl(env)) {
    // Windows Terminal takes OSC 52, which is quicker than a round trip through PowerShell
    osc52Written = Boolean(env.WT_SESSION) && writeOsc52(text);
    copied = osc52Written || (await copyThroughWindows(text));
  }
  const headless = process.platform === "linux" && !env.DISPLAY && !env.WAYLAND_DISPLAY && !env.TERMUX_VERSION;
  let tooLong = false;
  if (!osc52Written && (isRemote(env) || (!copied && headless))) {
    if (writeOsc52(text)) copied = true;
    else tooLong = true;
  }
  if (copied) return;
  throw new Error(`Clipboard unavailable${unavailableHint(env, tooLong)}`);
}

function unavailableHint(env: NodeJS.ProcessEnv, tooLong: boolean): string {
  if (tooLong) return ": text exceeds the OSC 52 size limit";
  if (env.TERMUX_VERSION) return ": install the Termux:API app and `termux-api` package";
  if (process.platform !== "linux") return "";
  if (env.WAYLAND_DISPLAY) return ": install `wl-clipboard` (`wl-copy`) or check Wayland access";
  if (env.DISPLAY) return ": install `xclip` or `xsel`, or check X11 access";
  return "";
}

/** WSL without a Linux display: PowerShell reads the text from a file (piped text would pass the console's code page). */
async function copyThroughWindows(text: string): Promise<boolean> {
  const file = join(tmpdir(), `pith-wsl-clip-${randomUUID()}.txt`);
  try {
    await writeFile(file, text, { encoding: "utf8", mode: 0o600 });
    const windowsPath = (await runClipboardProgram("wslpath", ["-w", file], { timeoutMs: 1000 }))?.toString("utf8").trim();
    if (!windowsPath) return false;
    const script = `Set-Clipboard -Value ([System.IO.File]::ReadAllText('${windowsPath.replaceAll("'", "''")}', [System.Text.Encoding]::UTF8))`;
    return (await runClipboardProgram("powershell.exe", ["-NoProfile", "-Command", script], { timeoutMs: PROGRAM_TIMEOUT_MS })) !== undefined;
  } catch {
    return false;
  } finally {
    await rm(file, { force: true });
  }
}
