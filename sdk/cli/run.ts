// Process wrapper for the CLI: exit code, and no stray rejection ever crashes with a stack trace.
import { main } from "./main.js";

export async function run(argv: readonly string[]): Promise<void> {
  process.on("unhandledRejection", (reason) => {
    process.stderr.write(`pith: unexpected error: ${reason instanceof Error ? reason.message : String(reason)}\n`);
    process.exitCode = 1;
  });
  const code = await main(argv);
  process.exitCode = code;
  // Open handles (an idle keep-alive socket, a child that ignored SIGTERM) must not keep a finished run alive.
  setTimeout(() => process.exit(code), 2000).unref();
}
