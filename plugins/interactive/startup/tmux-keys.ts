// Inside tmux, modified keys (shift+enter, alt+enter) reach pith only with tmux's extended keys on, preferably in
// the csi-u format: at start-up pith asks tmux, as pi 1.6.0 does, and warns when they are off. A tmux that cannot be
// asked (not found, a sandbox, no answer within two seconds) gets no warning.
import { spawn } from "node:child_process";

const ANSWER_WAIT_MS = 2000;

function tmuxOption(name: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const child = spawn("tmux", ["show", "-gv", name], { stdio: ["ignore", "pipe", "ignore"] });
    let answer = "";
    const timer = setTimeout(() => {
      child.kill();
      resolve(undefined);
    }, ANSWER_WAIT_MS);
    child.stdout.on("data", (chunk: Buffer) => (answer += chunk.toString()));
    child.on("error", () => {
      clearTimeout(timer);
      resolve(undefined);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve(code === 0 ? answer.trim() : undefined);
    });
  });
}

/** the warning to show when the tmux pith runs in (`TMUX` is set) has extended keys off or in the xterm format */
export async function tmuxKeysWarning(): Promise<string | undefined> {
  const [extendedKeys, format] = await Promise.all([tmuxOption("extended-keys"), tmuxOption("extended-keys-format")]);
  if (extendedKeys === undefined) return undefined;
  if (extendedKeys !== "on" && extendedKeys !== "always") {
    return "tmux extended-keys is off. Modified Enter keys may not work. Add `set -g extended-keys on` to ~/.tmux.conf and restart tmux.";
  }
  if (format === "xterm") return "tmux extended-keys-format is xterm. pith works best with csi-u. Add `set -g extended-keys-format csi-u` to ~/.tmux.conf and restart tmux.";
  return undefined;
}
