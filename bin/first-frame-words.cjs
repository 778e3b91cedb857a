// Whether a command line is a plain interactive start that the first-frame bundle can draw for (bin/pith.cjs), and
// the words the frame depends on. Only the options listed here are read, without commander; any other word that
// looks like an option, a subcommand, `--`, or what must come before the frame (docs/interactive.md: `-r`, trust and
// package options, `-e`, sessions named on the command line) sends the run the usual way, where the CLI decides.
"use strict";

const THINKING_LEVELS = new Set(["off", "minimal", "low", "medium", "high", "xhigh", "max"]);
const TUI_MODES = new Set(["fullscreen", "regular"]);
// the first word of these is a subcommand, not a message (sdk/cli/main.ts)
const SUBCOMMANDS = new Set(["install", "remove", "uninstall", "update", "list", "config", "mcp", "auth", "login", "logout"]);

/** options with a value the frame reads, each checked as commander would accept it */
const VALUE_OPTIONS = {
  "--model": (words, value) => (words.model = value),
  "--provider": (words, value) => (words.provider = value),
  "--thinking": (words, value) => THINKING_LEVELS.has(value) && (words.thinking = value),
  "--tui-mode": (words, value) => TUI_MODES.has(value) && (words.tuiMode = value),
  "--use-theme": (words, value) => (words.useTheme = value),
  // the session's alone: the frame does not depend on them
  // an extension's path, not a package to install first (npm:, git:, a URL: sdk/cli/main.ts withCliPackages)
  "-e": (words, value) => !value.includes(":"),
  "--extension": (words, value) => !value.includes(":"),
  "--name": () => true,
  "-n": () => true,
  "--session-dir": () => true,
};

/** options without a value; `true`: the session's alone */
const FLAGS = {
  "--no-session": true,
  "--no-themes": (words) => (words.noThemes = true),
  "-c": (words) => (words.continueRecent = true),
  "--continue": (words) => (words.continueRecent = true),
  "--no-extensions": true,
  "-ne": true,
  "--no-context-files": true,
  "-nc": true,
  "--no-skills": true,
  "-ns": true,
  "--no-prompt-templates": true,
  "-np": true,
  "--no-mcp": true,
  "--offline": true,
  "--verbose": true,
};

/**
 * The words of `args` the first frame depends on (sdk/cli/frame-entry.ts's FrameWords), or undefined when the run
 * must go the usual way.
 */
function firstFrameWords(args) {
  if (args.length > 0 && SUBCOMMANDS.has(args[0])) return undefined;
  const words = { continueRecent: false, noThemes: false };
  for (let index = 0; index < args.length; index++) {
    const word = args[index];
    if (!word.startsWith("-")) continue;
    const equals = word.indexOf("=");
    const name = word.startsWith("--") && equals !== -1 ? word.slice(0, equals) : word;
    const read = Object.hasOwn(VALUE_OPTIONS, name) ? VALUE_OPTIONS[name] : undefined;
    if (read) {
      const value = name === word ? args[++index] : word.slice(equals + 1);
      if (value === undefined || !read(words, value)) return undefined;
      continue;
    }
    const flag = name === word && Object.hasOwn(FLAGS, word) ? FLAGS[word] : undefined;
    if (flag === undefined) return undefined;
    if (flag !== true) flag(words);
  }
  return words;
}

module.exports = { firstFrameWords };
