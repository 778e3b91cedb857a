// The mock LLM server's command line (serve.ts): its options read and checked, the script files parsed.
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { PithError, errorMessage } from "../../../kernel/errors.js";
import { parseScriptedReply } from "./script-schema.js";
import type { ScriptedReply } from "./types.js";

export interface ServeOptions {
  port: number;
  replies: ScriptedReply[];
  fallback: ScriptedReply | undefined;
}

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

export async function readServeOptions(args: string[]): Promise<ServeOptions> {
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
  return { port, replies, fallback };
}
