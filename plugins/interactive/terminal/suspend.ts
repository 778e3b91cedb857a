// ctrl+z: give the terminal back to the shell and stop (as any job does); `fg` continues, and the UI draws
// itself anew.
import type { TUI } from "@earendil-works/pi-tui";

export function suspend(tui: TUI): void {
  if (process.platform === "win32") return;
  tui.stop();
  // with the terminal released nothing else keeps the process alive until it is continued
  const keepAlive = setInterval(() => undefined, 60_000);
  process.once("SIGCONT", () => {
    clearInterval(keepAlive);
    tui.start();
    tui.requestRender(true);
  });
  // the whole process group, as the shell's job control expects
  process.kill(0, "SIGTSTP");
}
