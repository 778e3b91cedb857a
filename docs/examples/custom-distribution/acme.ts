// "acme": a read-only code assistant built from pith's kernel and a chosen set of plugins, with its own name,
// its own configuration folder and its own command line. The plugin set: models and the two providers,
// the built-in tools (only the read-only ones are active), the system prompt, and the word-count plugin
// from docs/examples. No sessions are stored, no skills or templates are read, nothing edits files.
import { homedir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createPithSession, PithError, PITH_VERSION, type BuiltinPluginName } from "pith";
import wordCount from "../word-count-plugin.js";

export const NAME = "acme";
export const VERSION = "1.0.0";

const PLUGINS: BuiltinPluginName[] = ["models", "provider-anthropic", "provider-openai", "tools", "system-prompt"];
const TOOLS = ["read", "grep", "find", "ls", "word_count"];
const SYSTEM_PROMPT = "You are Acme's code reader. You answer questions about the code in the working folder. You never change files.";

const USAGE = `Usage: ${NAME} [options] <question...>

Answers questions about the code in this folder, reading it with read-only tools.

Options:
  -m, --model <pattern>  model to use, e.g. sonnet or openai/gpt-5.4 (default: from ${NAME}'s settings)
  -v, --version          print the version and exit
  -h, --help             print this help and exit

Configuration (models.json, auth.json, settings.json) lives in $ACME_HOME, default ~/.acme.`;

/** Runs the command line; resolves with the exit code. */
export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { model: { type: "string", short: "m" }, version: { type: "boolean", short: "v" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    process.stderr.write(`${NAME}: ${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) return print(USAGE);
  if (values.version) return print(`${NAME} ${VERSION} (pith ${PITH_VERSION})`);
  if (positionals.length === 0) {
    process.stderr.write(`${NAME}: ask a question, e.g. ${NAME} "where is the config loaded?"\n`);
    return 2;
  }

  try {
    const session = await createPithSession({
      agentDir: process.env.ACME_HOME ?? join(homedir(), ".acme"),
      builtins: PLUGINS,
      plugins: [wordCount],
      tools: TOOLS,
      systemPrompt: SYSTEM_PROMPT,
      model: values.model,
      noSkills: true,
      noPromptTemplates: true,
    });
    session.subscribe((event) => {
      if (event.type === "message_update" && event.assistantMessageEvent.type === "text_delta") process.stdout.write(event.assistantMessageEvent.delta);
      if (event.type === "tool_execution_start") process.stderr.write(`${NAME}: ${event.toolName} ${JSON.stringify(event.args)}\n`);
    });
    try {
      await session.prompt(positionals.join(" "));
    } finally {
      await session.dispose();
    }
    process.stdout.write("\n");
    const last = session.getMessages().at(-1);
    if (last?.role === "assistant" && last.stopReason === "error") {
      process.stderr.write(`${NAME}: ${last.errorMessage ?? "the model failed"}\n`);
      return 1;
    }
    return 0;
  } catch (error) {
    // PithErrors say what to do; anything else is a bug worth its stack.
    process.stderr.write(`${NAME}: ${error instanceof PithError ? error.message : String((error as Error).stack ?? error)}\n`);
    return 1;
  }
}

function print(text: string): number {
  process.stdout.write(`${text}\n`);
  return 0;
}
