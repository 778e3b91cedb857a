// Process wrapper for the CLI: exit code, and no stray rejection ever crashes with a stack trace.
import { main, type CliHooks } from "./main.js";

export async function run(argv: readonly string[], hooks: CliHooks = {}): Promise<void> {
  process.on("unhandledRejection", (reason) => {
    // through console.error: while the interactive UI draws, it shows this in the chat instead of across the screen
    console.error(`pith: unexpected error: ${reason instanceof Error ? reason.message : String(reason)}`);
    process.exitCode = 1;
  });
  const code = await main(argv, hooks);
  // Everything the run owed is done (events delivered, session persisted, output flushed). Idle keep-alive
  // sockets and the like must not hold a finished run open, so exit as soon as stdout and stderr are written.
  await Promise.all([drained(process.stdout), drained(process.stderr)]);
  process.exit(code);
}

function drained(stream: NodeJS.WriteStream): Promise<void> {
  if (stream.writableLength === 0) return Promise.resolve();
  return new Promise((resolve) => stream.once("drain", resolve));
}
