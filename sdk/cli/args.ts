// Command-line parsing on commander, with pi's flags and pi's multi-letter short forms (-nc, -nt, ...).
import { Command, Option, CommanderError } from "commander";
import { isThinkingLevel, type ThinkingLevel } from "../../kernel/model.js";
import { PithError } from "../../kernel/errors.js";

export type OutputMode = "text" | "json" | "rpc";

export interface CliArgs {
  print: boolean;
  mode: OutputMode | undefined;
  provider?: string;
  model?: string;
  apiKey?: string;
  thinking?: ThinkingLevel;
  tools?: string[];
  noTools: boolean;
  noBuiltinTools: boolean;
  systemPrompt?: string;
  appendSystemPrompt: string[];
  noContextFiles: boolean;
  skills: string[];
  noSkills: boolean;
  promptTemplates: string[];
  noPromptTemplates: boolean;
  listModels: string | true | undefined;
  noSession: boolean;
  session?: string;
  sessionDir?: string;
  continueRecent: boolean;
  fork?: string;
  verbose: boolean;
  extensions: string[];
  noExtensions: boolean;
  trust: boolean;
  /** `--offline` (or PI_OFFLINE=1): missing packages are reported, not installed */
  offline: boolean;
  /** every word commander did not consume, options it did not know included (extension flags, second pass) */
  leftover: string[];
  /** `@path` arguments, in order */
  files: string[];
  /** positional messages, in order */
  messages: string[];
  warnings: string[];
}

/** pi's short forms that are longer than one letter, which commander cannot declare. */
const MULTI_LETTER_SHORTS: Readonly<Record<string, string>> = {
  "-nc": "--no-context-files",
  "-nt": "--no-tools",
  "-nbt": "--no-builtin-tools",
  "-t": "--tools",
  "-ns": "--no-skills",
  "-np": "--no-prompt-templates",
  "-ne": "--no-extensions",
};

export function buildProgram(version: string): Command {
  const program = new Command("pith")
    .description("A coding agent for your terminal: it reads, edits and runs code in your project.")
    .usage("[options] [@files...] [messages...]")
    .version(version, "-v, --version", "print the version and exit")
    .helpOption("-h, --help", "show this help and exit")
    .argument("[inputs...]", "@file arguments are attached to the first message; other words are messages")
    .option("-p, --print", "run non-interactively: answer, print the result, exit")
    .addOption(new Option("--mode <mode>", "output mode (rpc: JSON commands on stdin, see docs/rpc.md)").choices(["text", "json", "rpc"]))
    .option("--provider <name>", "provider of the model (anthropic, openai, or one from models.json)")
    .option("--model <pattern>", "model id or pattern, e.g. sonnet, openai/gpt-5.4, provider/id:high")
    .option("--api-key <key>", "API key for the chosen model's provider (not saved)")
    .option("--thinking <level>", "thinking level: off, minimal, low, medium, high, xhigh")
    .option("--tools <names>", "comma-separated allowlist of tools (built-in and plugin tools)")
    .option("--no-tools", "start with no tools at all")
    .option("--no-builtin-tools", "start without the built-in tools")
    .option("--system-prompt <text|file>", "replace the default system prompt")
    .option("--append-system-prompt <text|file>", "append to the system prompt (repeatable)", collect, [] as string[])
    .option("--no-context-files", "do not load AGENTS.md / CLAUDE.md files")
    .option("--skill <path>", "load a skill file or folder (repeatable; kept with --no-skills)", collect, [] as string[])
    .option("--no-skills", "do not discover skills (explicit --skill paths still load)")
    .option("--prompt-template <path>", "load a prompt template file or folder (repeatable)", collect, [] as string[])
    .option("--no-prompt-templates", "do not discover prompt templates (explicit paths still load)")
    .option("--list-models [search]", "list models (optionally filtered) and exit")
    .option("-c, --continue", "continue the most recent session of this folder")
    .option("--session <path|id>", "open a session: a .jsonl file or an id prefix")
    .option("--fork <path|id>", "copy a session (from any project) into this folder and continue it")
    .option("--session-dir <dir>", "where session files are kept (default: per folder under the agent dir)")
    .option("--no-session", "keep the session in memory only")
    .option("--verbose", "print start-up details")
    .option("-e, --extension <path|source>", "load an extension file or folder, or a package for this run only (npm:<name>[@version], git:<host>/<path>[@ref], a git URL) (repeatable; kept with --no-extensions)", collect, [] as string[])
    .option("--no-extensions", "do not discover extensions (explicit -e paths still load)")
    .option("--trust", "trust this project, so its own .pi extensions run (recorded in the global settings)")
    .option("--offline", "no network at start-up: configured packages that are missing are reported, not installed")
    .allowUnknownOption()
    .showHelpAfterError("(run pith --help for the list of options)")
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });
  program.addHelpText(
    "after",
    `
Packages:
  pith install <source> [-l]          npm:<name>[@version], git:<host>/<path>[@ref], a git URL or a path
  pith remove <source> [-l]           also: pith uninstall
  pith update [source]                unpinned npm and git packages, and pith itself
                                      (--self, --extensions, --extension <source>, --force)
  pith list                           global and project packages, with what each provides
  pith config                         package and discovered resources, enabled or disabled
  pith config enable|disable <source> [--kind <kind>] [<path|glob>] [-l]

Examples:
  pith -p "rename foo to bar in src/util.ts"
  git diff | pith -p "review this change"
  pith -p @src/app.ts "explain this file"
  pith --mode json -p "list the TODOs" > events.jsonl

Environment:
  ANTHROPIC_API_KEY, OPENAI_API_KEY   provider keys (also auth.json, --api-key)
  PI_CODING_AGENT_DIR                 agent directory (default ~/.pi/agent)
  PI_OFFLINE=1                        like --offline
  PITH_TIMING=1                       print how long each plugin took to load`,
  );
  return program;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

export function normalizeArgv(argv: readonly string[]): string[] {
  return argv.map((arg) => MULTI_LETTER_SHORTS[arg] ?? arg);
}

/**
 * Parses argv (without node and script). Throws PithError("BAD_ARGUMENTS") for unknown options and bad values;
 * `--help` and `--version` throw commander's own exit errors, which the caller turns into exit 0.
 */
export function parseArgs(argv: readonly string[], version: string): CliArgs {
  const program = buildProgram(version);
  try {
    program.parse(normalizeArgv(argv), { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError && (error.code === "commander.helpDisplayed" || error.code === "commander.version")) throw error;
    if (error instanceof CommanderError) throw new PithError("BAD_ARGUMENTS", error.message.replace(/^error: /, ""));
    throw error;
  }
  const options = program.opts<{
    print?: boolean;
    mode?: OutputMode;
    provider?: string;
    model?: string;
    apiKey?: string;
    thinking?: string;
    tools: string | boolean | undefined;
    builtinTools: boolean;
    systemPrompt?: string;
    appendSystemPrompt: string[];
    contextFiles: boolean;
    skill: string[];
    skills: boolean;
    promptTemplate: string[];
    promptTemplates: boolean;
    listModels?: string | true;
    session: boolean | string;
    sessionDir?: string;
    continue?: boolean;
    fork?: string;
    verbose?: boolean;
    extension: string[];
    extensions: boolean;
    trust?: boolean;
    offline?: boolean;
  }>();
  const warnings: string[] = [];
  let thinking: ThinkingLevel | undefined;
  if (options.thinking !== undefined) {
    if (isThinkingLevel(options.thinking)) thinking = options.thinking;
    else warnings.push(`Ignoring --thinking "${options.thinking}": use one of off, minimal, low, medium, high, xhigh.`);
  }
  const inputs = program.args;
  return {
    print: options.print === true,
    mode: options.mode,
    provider: options.provider,
    model: options.model,
    apiKey: options.apiKey,
    thinking,
    tools: typeof options.tools === "string" ? splitList(options.tools) : undefined,
    noTools: options.tools === false,
    noBuiltinTools: options.builtinTools === false,
    systemPrompt: options.systemPrompt,
    appendSystemPrompt: options.appendSystemPrompt,
    noContextFiles: options.contextFiles === false,
    skills: options.skill,
    noSkills: options.skills === false,
    promptTemplates: options.promptTemplate,
    noPromptTemplates: options.promptTemplates === false,
    listModels: options.listModels,
    noSession: options.session === false,
    session: typeof options.session === "string" ? options.session : undefined,
    sessionDir: options.sessionDir,
    continueRecent: options.continue === true,
    fork: options.fork,
    verbose: options.verbose === true,
    extensions: options.extension,
    noExtensions: options.extensions === false,
    trust: options.trust === true,
    offline: options.offline === true,
    leftover: [...inputs],
    files: inputs.filter((input) => input.startsWith("@") && input.length > 1).map((input) => input.slice(1)),
    messages: inputs.filter((input) => !(input.startsWith("@") && input.length > 1)),
    warnings,
  };
}

function splitList(value: string): string[] {
  return value
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
}
