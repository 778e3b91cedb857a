// Command-line parsing on commander, with pi's flags and pi's multi-letter short forms (-nc, -nt, ...).
import { Command, Option, CommanderError } from "commander";
import { type ThinkingLevel, PithError } from "../../kernel/index.js";
import { isThinkingLevel, THINKING_LEVELS } from "../../lib/provider-kit/thinking-levels.js";
import { toolListError } from "../../lib/tool-list/tool-list-entries.js";
import { HELP_AFTER_OPTIONS } from "./help-text.js";

export type OutputMode = "text" | "json" | "rpc";

export interface CliArgs {
  print: boolean;
  mode: OutputMode | undefined;
  provider?: string;
  model?: string;
  apiKey?: string;
  thinking?: ThinkingLevel;
  /** `--tools`: names and `*` patterns (an allowlist), or only `+name`/`-name` entries (changes to the defaults) */
  tools?: string[];
  /** `--exclude-tools` / `-xt`: names and patterns taken away last */
  excludeTools?: string[];
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
  /** `--export <session.jsonl>`: write that session as an HTML page (to the first message, if given) and exit */
  export?: string;
  noSession: boolean;
  session?: string;
  /** `--session-id`: this folder's session with that id, created when there is none */
  sessionId?: string;
  /** `-n` / `--name`: the session's display name */
  name?: string;
  sessionDir?: string;
  continueRecent: boolean;
  /** `--models a,b`: the models ctrl+p cycles through in the interactive UI (pi's scope) */
  models?: string[];
  /** `-r`: the interactive UI opens its session picker first */
  resume: boolean;
  fork?: string;
  verbose: boolean;
  extensions: string[];
  noExtensions: boolean;
  /** `--approve` / `-a` (true), `--no-approve` / `-na` (false): project trust for this process only */
  approve?: boolean;
  /** `--trust`: approve, and save the decision in trust.json */
  trust: boolean;
  /** `--theme` paths (interactive mode) */
  themes: string[];
  /** `--no-themes` */
  noThemes: boolean;
  /** `--use-theme <name[/name]>`: the interactive theme for this run */
  useTheme?: string;
  /** `--tui-mode`: the interactive terminal mode for this run */
  tuiMode?: "fullscreen" | "regular";
  /** `--no-mcp`: no MCP servers, tools or /mcp for this run */
  noMcp: boolean;
  /** `--help` / `-h`: print the help (with the configured extensions' flags) and exit */
  help: boolean;
  /** `--offline` (or PI_OFFLINE=1): missing packages are reported, not installed */
  offline: boolean;
  /** every word before `--` commander did not consume, options it did not know included (extension flags, second pass) */
  leftover: string[];
  /** the words after `--`: messages and @files, never options */
  afterSeparator: string[];
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
  "-xt": "--exclude-tools",
  "-na": "--no-approve",
};

/** A flag an extension registered, as `--help` lists it. */
export interface HelpFlag {
  name: string;
  type: "boolean" | "string";
  description?: string;
  /** the file that registered it */
  extension: string;
}

export function buildProgram(version: string, extensionFlags: readonly HelpFlag[] = []): Command {
  const program = new Command("pith")
    .description("A coding agent for your terminal: it reads, edits and runs code in your project.")
    .usage("[options] [@files...] [messages...]")
    .version(version, "-v, --version", "print the version and exit")
    // help is printed by the caller, once the extensions told their flags (printHelp)
    .helpOption(false)
    .option("-h, --help", "show this help and exit")
    .argument("[inputs...]", "@file arguments are attached to the first message; other words are messages")
    .option("-p, --print", "run non-interactively: answer, print the result, exit")
    .addOption(new Option("--mode <mode>", "output mode (rpc: JSON commands on stdin, see docs/rpc.md)").choices(["text", "json", "rpc"]))
    .option("--provider <name>", "provider of the model (anthropic, openai, or one from models.json)")
    .option("--model <pattern>", "model id or pattern, e.g. sonnet, openai/gpt-5.4, provider/id:high")
    .option("--api-key <key>", "API key for the chosen model's provider (not saved)")
    .option("--thinking <level>", "thinking level: off, minimal, low, medium, high, xhigh, max")
    .option("-t, --tools <names>", "comma-separated allowlist of tools or patterns (*); or only +name/-name entries to change the default tools")
    .option("--exclude-tools <names>", "comma-separated tools or patterns (*) to disable, after everything else (-xt)")
    .option("--no-tools", "start with no tools at all (-nt)")
    .option("--no-builtin-tools", "start without the built-in tools (-nbt)")
    .option("--system-prompt <text|file>", "replace the default system prompt")
    .option("--append-system-prompt <text|file>", "append to the system prompt (repeatable)", collect, [] as string[])
    .option("--no-context-files", "do not load AGENTS.md / CLAUDE.md files (-nc)")
    .option("--skill <path>", "load a skill file or folder (repeatable; kept with --no-skills)", collect, [] as string[])
    .option("--no-skills", "do not discover skills (explicit --skill paths still load) (-ns)")
    .option("--prompt-template <path>", "load a prompt template file or folder (repeatable)", collect, [] as string[])
    .option("--no-prompt-templates", "do not discover prompt templates (explicit paths still load) (-np)")
    .option("--models <patterns>", "comma-separated model patterns ctrl+p cycles through (interactive mode; globs and :level allowed)")
    .option("--list-models [search]", "list models (optionally filtered) and exit")
    .option("--export <session.jsonl>", "write a session file as a self-contained HTML page and exit (pith --export s.jsonl [out.html])")
    .option("-c, --continue", "continue the most recent session of this folder")
    .option("-r, --resume", "choose a session of this folder to resume (interactive mode)")
    .option("--session <path|id>", "open a session: a .jsonl file or an id prefix")
    .option("--session-id <id>", "this folder's session with this id, created when there is none (letters, digits, . _ -)")
    .option("-n, --name <name>", "set the session's display name")
    .option("--fork <path|id>", "copy a session (from any project) into this folder and continue it")
    .option("--session-dir <dir>", "where session files are kept (default: per folder under the agent dir)")
    .option("--no-session", "keep the session in memory only")
    .option("--verbose", "print start-up details")
    .option("-e, --extension <path|source>", "load an extension file or folder, or a package for this run only (npm:<name>[@version], git:<host>/<path>[@ref], a git URL) (repeatable; kept with --no-extensions)", collect, [] as string[])
    .option("--no-extensions", "do not discover extensions (explicit -e paths still load) (-ne)")
    .option("-a, --approve", "trust this project's .pi settings and resources for this run")
    .option("--no-approve", "ignore this project's .pi settings and resources for this run (-na)")
    .option("--trust", "trust this project's .pi settings and resources, and remember it (trust.json)")
    .option("--theme <path>", "load a theme file or folder (repeatable; interactive mode)", collect, [] as string[])
    .option("--no-themes", "do not discover themes (explicit --theme paths still load)")
    .option("--use-theme <name>", "the interactive theme for this run (name, or dark/light pair name/name)")
    .addOption(new Option("--tui-mode <mode>", "interactive terminal mode").choices(["fullscreen", "regular"]))
    .option("--no-mcp", "no MCP servers, MCP tools or /mcp for this run")
    .option("--offline", "no network at start-up: configured packages that are missing are reported, not installed")
    .allowUnknownOption()
    .exitOverride()
    // help goes to stdout; commander's own error lines are not printed: the CLI reports the error once, as pith
    .configureOutput({ writeOut: (text) => process.stdout.write(text), writeErr: () => undefined, outputError: () => undefined });
  program.addHelpText("after", extensionFlagsSection(extensionFlags) + HELP_AFTER_OPTIONS);
  return program;
}

/** `pith --help`: the options, the flags the configured extensions registered, the subcommands and examples. */
export function printHelp(version: string, extensionFlags: readonly HelpFlag[]): void {
  buildProgram(version, extensionFlags).outputHelp();
}

function extensionFlagsSection(flags: readonly HelpFlag[]): string {
  if (flags.length === 0) return "";
  const lines = flags.map((flag) => `  ${`--${flag.name}${flag.type === "string" ? " <value>" : ""}`.padEnd(36)}${flag.description ?? `registered by ${flag.extension}`}`);
  return `\nExtension flags:\n${lines.join("\n")}\n`;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

export function normalizeArgv(argv: readonly string[]): string[] {
  return argv.map((arg) => MULTI_LETTER_SHORTS[arg] ?? arg);
}

/** The words before the first `--`, and those after it (which are never options). */
function splitAtSeparator(argv: readonly string[]): { options: readonly string[]; rest: string[] } {
  const index = argv.indexOf("--");
  return index === -1 ? { options: argv, rest: [] } : { options: argv.slice(0, index), rest: argv.slice(index + 1) };
}

const SESSION_ID = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;

/**
 * Parses argv (without node and script). Throws PithError("BAD_ARGUMENTS") for unknown options and bad values;
 * `--version` throws commander's own exit error, which the caller turns into exit 0; `--help` sets `help`.
 */
export function parseArgs(argv: readonly string[], version: string): CliArgs {
  const program = buildProgram(version);
  const { options: optionWords, rest: afterSeparator } = splitAtSeparator(argv);
  try {
    program.parse(normalizeArgv(optionWords), { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError && error.code === "commander.version") throw error;
    if (error instanceof CommanderError) throw new PithError("BAD_ARGUMENTS", `${error.message.replace(/^error: /, "")} (run pith --help for the options)`);
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
    excludeTools?: string;
    builtinTools: boolean;
    systemPrompt?: string;
    appendSystemPrompt: string[];
    contextFiles: boolean;
    skill: string[];
    skills: boolean;
    promptTemplate: string[];
    promptTemplates: boolean;
    listModels?: string | true;
    models?: string;
    export?: string;
    session: boolean | string;
    sessionId?: string;
    name?: string;
    sessionDir?: string;
    continue?: boolean;
    resume?: boolean;
    fork?: string;
    verbose?: boolean;
    extension: string[];
    extensions: boolean;
    approve?: boolean;
    trust?: boolean;
    theme: string[];
    themes: boolean;
    useTheme?: string;
    tuiMode?: "fullscreen" | "regular";
    mcp: boolean;
    offline?: boolean;
    help?: boolean;
  }>();
  const warnings: string[] = [];
  let thinking: ThinkingLevel | undefined;
  if (options.thinking !== undefined) {
    if (isThinkingLevel(options.thinking)) thinking = options.thinking;
    else warnings.push(`Ignoring --thinking "${options.thinking}": use one of ${THINKING_LEVELS.join(", ")}.`);
  }
  const tools = typeof options.tools === "string" ? splitList(options.tools) : undefined;
  const toolsProblem = tools && toolListError(tools);
  if (toolsProblem) throw new PithError("BAD_ARGUMENTS", `--tools: ${toolsProblem}`);
  if (options.sessionId !== undefined) checkSessionId(options.sessionId, options);
  const inputs = [...program.args, ...afterSeparator];
  return {
    print: options.print === true,
    mode: options.mode,
    provider: options.provider,
    model: options.model,
    apiKey: options.apiKey,
    thinking,
    tools,
    excludeTools: options.excludeTools === undefined ? undefined : splitList(options.excludeTools),
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
    models: options.models === undefined ? undefined : splitList(options.models),
    export: options.export,
    noSession: options.session === false,
    session: typeof options.session === "string" ? options.session : undefined,
    sessionId: options.sessionId,
    name: options.name,
    sessionDir: options.sessionDir,
    continueRecent: options.continue === true,
    resume: options.resume === true,
    fork: options.fork,
    verbose: options.verbose === true,
    extensions: options.extension,
    noExtensions: options.extensions === false,
    approve: options.approve,
    trust: options.trust === true,
    themes: options.theme,
    noThemes: options.themes === false,
    useTheme: options.useTheme,
    tuiMode: options.tuiMode,
    noMcp: options.mcp === false,
    offline: options.offline === true,
    help: options.help === true,
    leftover: [...program.args],
    afterSeparator,
    files: inputs.filter((input) => input.startsWith("@") && input.length > 1).map((input) => input.slice(1)),
    messages: inputs.filter((input) => !(input.startsWith("@") && input.length > 1)),
    warnings,
  };
}

function checkSessionId(id: string, options: { session: boolean | string; continue?: boolean }): void {
  if (!SESSION_ID.test(id)) {
    throw new PithError("BAD_ARGUMENTS", `--session-id "${id}": use letters, digits, ".", "_" and "-", starting and ending with a letter or digit.`);
  }
  const clash = [typeof options.session === "string" && "--session", options.continue && "--continue"].filter(Boolean);
  if (clash.length > 0) throw new PithError("BAD_ARGUMENTS", `--session-id cannot be combined with ${clash.join(" or ")}.`);
}

function splitList(value: string): string[] {
  return value
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
}
