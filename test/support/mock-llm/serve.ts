// Runs the mock LLM server in its own process, for benchmarks and manual runs; prints its URL on stdout.
// Usage: npx jiti test/support/mock-llm/serve.ts [--port N] [--script replies.json] [--fallback reply.json]
import { PithError, errorMessage } from "../../../kernel/errors.js";
import { readServeOptions } from "./serve-options.js";
import { startMockLlm } from "./server.js";

async function main(args: string[]): Promise<void> {
  const mock = await startMockLlm(await readServeOptions(args));
  process.stdout.write(`${mock.url}\n`);
  const stop = (): void => {
    void mock.close();
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const code = error instanceof PithError ? `${error.code}: ` : "";
  process.stderr.write(`mock-llm: ${code}${errorMessage(error)}\n`);
  process.exitCode = 2;
});
