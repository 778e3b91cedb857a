// Runs the mock LLM server in its own process, for benchmarks and manual runs; prints its URL on stdout.
// Usage: npx jiti test/support/mock-llm/serve.ts [--port N] [--script replies.json] [--fallback reply.json]
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { PithError, errorMessage } from "../../../kernel/errors.js";
import { parseScriptedReply } from "./script-schema.js";
import { startMockLlm } from "./server.js";
import type { ScriptedReply } from "./types.js";

const USAGE = "usage: serve.ts [--port N] [--script replies.json] [--fallback reply.json]";

async function readJson(file: string, option: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new PithError("MOCK_LLM_BAD_ARGUMENT", `--${option} ${file} cannot be read: ${errorMessage(error)}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new PithError("MOCK_LLM_BAD_SCRIPT", `--${option} ${file} is not valid JSON: ${errorMessage(error)}`);
  }
}

async function readReplies(file: string): Promise<ScriptedReply[]> {
  const value = await readJson(file, "script");
  if (!Array.isArray(value)) throw new PithError("MOCK_LLM_BAD_SCRIPT", `--script ${file} must hold a JSON array of replies`);
  return value.map((reply, index) => parseScriptedReply(reply, `reply ${index + 1} of ${file}`));
}

function parsePort(text: string | undefined): number {
  if (text === undefined) return 0;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new PithError("MOCK_LLM_BAD_ARGUMENT", `--port must be a whole number from 0 to 65535, got "${text}"`);
  }
  return port;
}

async function main(args: string[]): Promise<void> {
  let values: { port?: string; script?: string; fallback?: string };
  try {
    ({ values } = parseArgs({ args, options: { port: { type: "string" }, script: { type: "string" }, fallback: { type: "string" } } }));
  } catch (error) {
    throw new PithError("MOCK_LLM_BAD_ARGUMENT", `${errorMessage(error)}\n${USAGE}`);
  }
  const port = parsePort(values.port);
  const replies = values.script === undefined ? [] : await readReplies(values.script);
  const fallback =
    values.fallback === undefined ? undefined : parseScriptedReply(await readJson(values.fallback, "fallback"), `--fallback ${values.fallback}`);
  const mock = await startMockLlm({ port, replies, fallback });
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
