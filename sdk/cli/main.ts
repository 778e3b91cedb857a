// The `pith` command: a thin distribution over createAgentSession with print and JSON output.
import { CommanderError } from "commander";
import { PithError, errorMessage } from "../../kernel/errors.js";
import { formatTimings, stderrLogger } from "../../kernel/boot.js";
import type { PithPlugin } from "../../kernel/plugin.js";
import { createAgentSession, type CreatedSession } from "../create-agent-session.js";
import { parseArgs, type CliArgs } from "./args.js";
import { buildInitialPrompts, readPipedStdin } from "./initial-message.js";
import { listModels } from "./list-models.js";
import { PITH_VERSION } from "../version.js";

const EXIT_INTERRUPTED = 130;

export async function main(argv: readonly string[]): Promise<number> {
  let args: CliArgs;
  try {
    args = parseArgs(argv, PITH_VERSION);
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    return fail(error);
  }
  for (const warning of args.warnings) process.stderr.write(`pith: warning: ${warning}\n`);

  try {
    if (args.listModels !== undefined) return await listModels(args.listModels === true ? undefined : args.listModels);
    const stdin = await readPipedStdin();
    const interactive = !args.print && args.mode === undefined && stdin === undefined;
    if (interactive) {
      throw new PithError(
        "NO_INTERACTIVE_UI",
        'pith has no interactive terminal UI yet. Run a task in print mode: pith -p "your request" (or --mode json for an event stream).',
      );
    }
    const initial = await buildInitialPrompts({ stdin, files: args.files, messages: args.messages, cwd: process.cwd() });
    if (initial.prompts.length === 0) {
      throw new PithError("NO_PROMPT", 'Nothing to do: give a request, e.g. pith -p "explain src/index.ts", or pipe text into pith.');
    }
    return await runPrint(args, initial.prompts, initial.images);
  } catch (error) {
    return fail(error);
  }
}

async function runPrint(args: CliArgs, prompts: string[], images: import("../../kernel/messages.js").ImageContent[]): Promise<number> {
  const mode = args.mode ?? "text";
  const output = await outputPlugin(mode);
  const log = stderrLogger();
  const created = await createAgentSession({
    model: args.model,
    provider: args.provider,
    apiKey: args.apiKey,
    thinkingLevel: args.thinking,
    tools: args.tools,
    noTools: args.noTools,
    noBuiltinTools: args.noBuiltinTools,
    systemPrompt: args.systemPrompt,
    appendSystemPrompt: args.appendSystemPrompt,
    noContextFiles: args.noContextFiles,
    skillPaths: args.skills,
    noSkills: args.noSkills,
    promptTemplatePaths: args.promptTemplates,
    noPromptTemplates: args.noPromptTemplates,
    plugins: [output],
    log,
  });
  const { session } = created;
  if (process.env.PITH_TIMING === "1") process.stderr.write(formatTimings(created.timings));
  for (const warning of created.warnings) log.warn(warning);

  let interrupted = false;
  const onSigint = () => {
    if (interrupted) process.exit(EXIT_INTERRUPTED);
    interrupted = true;
    void session.abort();
  };
  process.on("SIGINT", onSigint);
  try {
    for (const [index, text] of prompts.entries()) {
      await session.prompt(text, { images: index === 0 && images.length > 0 ? images : undefined, source: "print" });
      if (interrupted) break;
    }
    await session.waitForIdle();
    const code = await finishOutput(created, mode);
    await session.dispose("quit");
    return interrupted ? EXIT_INTERRUPTED : code;
  } catch (error) {
    await session.dispose("quit").catch(() => undefined);
    await finishOutput(created, mode).catch(() => undefined);
    if (interrupted) return EXIT_INTERRUPTED;
    throw error;
  } finally {
    process.off("SIGINT", onSigint);
  }
}

async function outputPlugin(mode: "text" | "json"): Promise<PithPlugin> {
  if (mode === "json") {
    const { jsonOutputPlugin } = await import("../../plugins/output-json/index.js");
    return jsonOutputPlugin({ stream: process.stdout });
  }
  const { textOutputPlugin } = await import("../../plugins/output-text/index.js");
  return textOutputPlugin({ stdout: process.stdout, stderr: process.stderr });
}

async function finishOutput(created: CreatedSession, mode: "text" | "json"): Promise<number> {
  const services = created.session.registry.services;
  if (mode === "json") {
    await (services.get("jsonOutput")?.value as { flush(): Promise<void> } | undefined)?.flush();
    return lastRunFailed(created) ? 1 : 0;
  }
  return (services.get("textOutput")?.value as { finish(): number }).finish();
}

function lastRunFailed(created: CreatedSession): boolean {
  const last = created.session.messages.at(-1) as { role?: string; stopReason?: string } | undefined;
  return last?.role === "assistant" && (last.stopReason === "error" || last.stopReason === "aborted");
}

function fail(error: unknown): number {
  const message = error instanceof PithError ? error.message : `unexpected error: ${errorMessage(error)}`;
  process.stderr.write(`pith: ${message}\n`);
  if (process.env.PITH_DEBUG && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  return 1;
}
