// `<agentDir>/mcp.log`: servers' logging notifications and transport errors, one line each as pi 1.6.0 writes
// them (`<time> [<server>] <level> <message>`); the file moves to mcp.log.1 once it grows past 5 MB.
import { appendFile, rename, stat } from "node:fs/promises";

const MAX_BYTES = 5 * 1024 * 1024;

export function serverLog(path: string): (server: string, level: string, text: string) => void {
  let writing: Promise<void> = Promise.resolve();
  return (server, level, text) => {
    const line = `${new Date().toISOString()} [${server}] ${level} ${text.replace(/\n/g, " ")}\n`;
    writing = writing
      .then(async () => {
        const size = await stat(path).then((info) => info.size, () => 0);
        if (size > MAX_BYTES) await rename(path, `${path}.1`);
        await appendFile(path, line);
      })
      .catch(() => undefined); // a log that cannot be written must not disturb the session
  };
}
