// pi-coding-agent 1.6.0's `parseArgs`: pi's command line read word by word into pi's `Args`, with pi's diagnostics
// (errors and warnings are collected, never thrown), its multi-letter short forms (-nt, -xt, ...) and its reading
// of words it does not know (`--name value` and `--name=value` become extension flags, `-x` an error). pith's own
// CLI reads the same flags with commander (sdk/cli/args.ts); both refuse a tool list by the same rule.
import type { ThinkingLevel } from "../../../../kernel/index.js";
import { isThinkingLevel, THINKING_LEVELS } from "../../../../lib/provider-kit/thinking-levels.js";
import { toolListError } from "../../../../lib/tool-list/tool-list-entries.js";

export type Mode = "text" | "json" | "rpc";

export interface Args {
  provider?: string;
  model?: string;
  apiKey?: string;
  systemPrompt?: string;
  appendSystemPrompt?: string[];
  thinking?: ThinkingLevel;
  continue?: boolean;
  resume?: boolean;
  help?: boolean;
  version?: boolean;
  mode?: Mode;
  name?: string;
  noSession?: boolean;
  session?: string;
  sessionId?: string;
  fork?: string;
  sessionDir?: string;
  models?: string[];
  tools?: string[];
  excludeTools?: string[];
  noTools?: boolean;
  noBuiltinTools?: boolean;
  extensions?: string[];
  noExtensions?: boolean;
  noMcp?: boolean;
  print?: boolean;
  export?: string;
  noSkills?: boolean;
  skills?: string[];
  promptTemplates?: string[];
  noPromptTemplates?: boolean;
  themes?: string[];
  useTheme?: string;
  noThemes?: boolean;
  noContextFiles?: boolean;
  listModels?: string | true;
  offline?: boolean;
  tuiMode?: "regular" | "fullscreen";
  verbose?: boolean;
  projectTrustOverride?: boolean;
  messages: string[];
  fileArgs: string[];
  /** words pi does not know, for extension flags: `--name value`, `--name=value`, or `--name` (true) */
  unknownFlags: Map<string, boolean | string>;
  diagnostics: Array<{ type: "warning" | "error"; message: string }>;
}

type Switch = { [K in keyof Args]-?: Args[K] extends boolean | undefined ? K : never }[keyof Args];
type Text = "provider" | "model" | "apiKey" | "systemPrompt" | "session" | "sessionId" | "fork" | "sessionDir" | "export";
type Repeated = "appendSystemPrompt" | "extensions" | "skills" | "promptTemplates" | "themes";

/** flags without a value, and the field each sets (`--no-approve` sets projectTrustOverride false) */
const SWITCHES: Record<string, [Switch, boolean]> = {
  "--help": ["help", true],
  "-h": ["help", true],
  "--version": ["version", true],
  "-v": ["version", true],
  "--continue": ["continue", true],
  "-c": ["continue", true],
  "--resume": ["resume", true],
  "-r": ["resume", true],
  "--no-session": ["noSession", true],
  "--no-tools": ["noTools", true],
  "-nt": ["noTools", true],
  "--no-builtin-tools": ["noBuiltinTools", true],
  "-nbt": ["noBuiltinTools", true],
  "--no-extensions": ["noExtensions", true],
  "-ne": ["noExtensions", true],
  "--no-mcp": ["noMcp", true],
  "--no-skills": ["noSkills", true],
  "-ns": ["noSkills", true],
  "--no-prompt-templates": ["noPromptTemplates", true],
  "-np": ["noPromptTemplates", true],
  "--no-themes": ["noThemes", true],
  "--no-context-files": ["noContextFiles", true],
  "-nc": ["noContextFiles", true],
  "--verbose": ["verbose", true],
  "--approve": ["projectTrustOverride", true],
  "-a": ["projectTrustOverride", true],
  "--no-approve": ["projectTrustOverride", false],
  "-na": ["projectTrustOverride", false],
  "--offline": ["offline", true],
};

/** flags that take the next word as it is, when there is one */
const TEXTS: Record<string, Text> = {
  "--provider": "provider",
  "--model": "model",
  "--api-key": "apiKey",
  "--system-prompt": "systemPrompt",
  "--session": "session",
  "--session-id": "sessionId",
  "--fork": "fork",
  "--session-dir": "sessionDir",
  "--export": "export",
};

/** flags that may be given again, each adding the next word */
const REPEATED: Record<string, Repeated> = {
  "--append-system-prompt": "appendSystemPrompt",
  "--extension": "extensions",
  "-e": "extensions",
  "--skill": "skills",
  "--prompt-template": "promptTemplates",
  "--theme": "themes",
};

const splitList = (value: string): string[] =>
  value
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);

/** the table's entry for a word (`constructor` is a message, not a flag) */
const entry = <T>(table: Record<string, T>, word: string): T | undefined => (Object.hasOwn(table, word) ? table[word] : undefined);

/** a word that can be a flag's value: not an option, not an `@file` */
const isPlainWord = (word: string | undefined): word is string => word !== undefined && !word.startsWith("-") && !word.startsWith("@");

export function parseArgs(argv: string[]): Args {
  const result: Args = { messages: [], fileArgs: [], unknownFlags: new Map(), diagnostics: [] };
  const error = (message: string) => result.diagnostics.push({ type: "error", message });
  const positional = (word: string) => (word.startsWith("@") ? result.fileArgs.push(word.slice(1)) : result.messages.push(word));
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const next = argv[i + 1];
    const hasNext = i + 1 < argv.length;
    if (arg === "--") {
      argv.slice(i + 1).forEach(positional);
      break;
    }
    const flag = entry(SWITCHES, arg);
    const text = entry(TEXTS, arg);
    const repeated = entry(REPEATED, arg);
    if (flag) {
      result[flag[0]] = flag[1];
    } else if (arg === "--mode") {
      if (next === undefined || next.startsWith("-")) error("--mode requires text, json, or rpc");
      else {
        i++;
        if (next === "text" || next === "json" || next === "rpc") result.mode = next;
        else error(`Invalid mode "${next}". Valid values: text, json, rpc`);
      }
    } else if (text && hasNext) {
      result[text] = argv[++i];
    } else if (repeated && hasNext) {
      (result[repeated] ??= []).push(argv[++i]!);
    } else if (arg === "--name" || arg === "-n") {
      if (hasNext) result.name = argv[++i];
      else error("--name requires a value");
    } else if (arg === "--models" && hasNext) {
      result.models = splitList(argv[++i]!);
    } else if ((arg === "--tools" || arg === "-t") && hasNext) {
      const tools = splitList(argv[++i]!);
      const problem = toolListError(tools);
      if (problem) error(`${arg}: ${problem}`);
      else result.tools = tools;
    } else if ((arg === "--exclude-tools" || arg === "-xt") && hasNext) {
      result.excludeTools = splitList(argv[++i]!);
    } else if (arg === "--thinking" && hasNext) {
      const level = argv[++i]!;
      if (isThinkingLevel(level)) result.thinking = level;
      else result.diagnostics.push({ type: "warning", message: `Invalid thinking level "${level}". Valid values: ${THINKING_LEVELS.join(", ")}` });
    } else if (arg === "--print" || arg === "-p") {
      result.print = true;
      // the prompt may follow -p, even one that starts with "---" (front matter)
      if (next !== undefined && !next.startsWith("@") && (!next.startsWith("-") || next.startsWith("---"))) {
        result.messages.push(next);
        i++;
      }
    } else if (arg === "--use-theme") {
      if (next === undefined || next.startsWith("-")) error("--use-theme requires a theme name");
      else result.useTheme = argv[++i];
    } else if (arg === "--list-models") {
      result.listModels = isPlainWord(next) ? argv[++i]! : true;
    } else if (arg === "--tui-mode") {
      if (next === "regular" || next === "fullscreen") {
        result.tuiMode = next;
        i++;
      } else if (next === undefined || next.startsWith("-")) error("--tui-mode requires regular or fullscreen");
      else {
        i++;
        error(`Invalid TUI mode "${next}". Valid values: regular, fullscreen`);
      }
    } else if (arg.startsWith("@")) {
      result.fileArgs.push(arg.slice(1));
    } else if (arg.startsWith("--")) {
      const equals = arg.indexOf("=");
      if (equals !== -1) result.unknownFlags.set(arg.slice(2, equals), arg.slice(equals + 1));
      else if (isPlainWord(next)) result.unknownFlags.set(arg.slice(2), argv[++i]!);
      else result.unknownFlags.set(arg.slice(2), true);
    } else if (arg.startsWith("-")) {
      error(`Unknown option: ${arg}`);
    } else {
      result.messages.push(arg);
    }
  }
  return result;
}
