// Opening a URL in the user's browser (a sign-in page): the command in `BROWSER` when set, else the platform's
// opener. Detached and silent: a missing opener must not disturb the program, which also shows the URL itself.
import { spawn } from "node:child_process";

export function openUrl(url: string, env: NodeJS.ProcessEnv = process.env): void {
  const browser = env.BROWSER?.split(":")[0]?.trim();
  const [command, args] = browser
    ? // the URL is an argument of its own, never part of the shell text
      ["/bin/sh", ["-c", browser.includes("%s") ? browser.replaceAll("%s", '"$1"') : `${browser} "$1"`, "sh", url]]
    : process.platform === "darwin"
      ? ["open", [url]]
      : process.platform === "win32"
        ? ["cmd", ["/c", "start", '""', url]]
        : ["xdg-open", [url]];
  try {
    const child = spawn(command, args as string[], { detached: true, stdio: "ignore", env });
    child.on("error", () => undefined);
    child.unref();
  } catch {
    // the URL is shown anyway
  }
}
