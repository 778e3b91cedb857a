// The built-in slash commands, one row each: name, description, and what it does. A command matches as the
// whole input or followed by a space; anything else starting with "/" goes to the session (extension commands,
// /skill:name, prompt templates).
import type { SlashCommand } from "@earendil-works/pi-tui";
import { PithError, type PluginContext } from "../../../kernel/index.js";
import type { BuiltinCommand, CommandHost } from "./command-host.js";
import { sessionMove } from "./session-move.js";

/**
 * A command whose module loads the first time it runs: the commands' code (selectors, sign-in flows, the tree
 * navigator, export) is not needed to draw the first frame, so it stays out of start-up.
 */
function loadedOnUse<K extends string>(load: () => Promise<Record<K, BuiltinCommand["run"]>>, name: K): BuiltinCommand["run"] {
  return async (args, host) => (await load())[name](args, host);
}

export const BUILTIN_COMMANDS: readonly BuiltinCommand[] = [
  { name: "settings", description: "Open settings", run: loadedOnUse(() => import("./settings-command.js"), "settingsCommand") },
  { name: "model", description: "Choose the model (search; /model provider/id switches at once)", run: loadedOnUse(() => import("./model-command.js"), "modelCommand") },
  { name: "thinking", description: "Set the thinking level (ctrl+s in the list saves it as the default)", run: loadedOnUse(() => import("./thinking-command.js"), "thinkingCommand") },
  { name: "scoped-models", description: "Choose the models ctrl+p cycles through", run: loadedOnUse(() => import("../scoped-models/scoped-models-command.js"), "scopedModelsCommand") },
  { name: "resume", description: "Resume a stored session", run: loadedOnUse(() => import("../resume/resume-command.js"), "resumeCommand") },
  {
    name: "name",
    description: "Set the session's display name",
    run(args, { context, chat }) {
      const info = context.use("sessionInfo");
      if (!args.trim()) {
        const current = info.state().sessionName;
        if (current) chat.notify("info", `Session name: ${current}`);
        else chat.notify("warning", "Usage: /name <name>");
        return;
      }
      info.setName(args);
      chat.notify("info", `Session name set: ${args.trim()}`);
    },
  },
  {
    name: "session",
    description: "Show session info and statistics",
    async run(_args, { context, chat, ui }) {
      const { sessionReport } = await import("./session-report.js");
      chat.addReport(sessionReport(context.use("sessionInfo"), ui.theme, context.tryUse("cacheWarming")));
    },
  },
  {
    name: "copy",
    description: "Copy the last agent message to the clipboard",
    async run(_args, { context, chat, ui }) {
      const text = context.use("sessionInfo").lastAssistantText();
      if (!text) return chat.notify("error", "No agent messages to copy yet.");
      const { copyToClipboard } = await import("../clipboard/copy.js");
      await copyToClipboard(text, (sequence) => ui.writeToTerminal(sequence));
      chat.notify("status", "Copied last agent message to clipboard");
    },
  },
  { name: "export", description: "Export the session to an HTML file (or a .jsonl session file)", run: loadedOnUse(() => import("./export-command.js"), "exportCommand") },
  { name: "bug", description: "Write a bug report (a zip to look over and send)", run: loadedOnUse(() => import("../bug-report/bug-command.js"), "bugCommand") },
  {
    name: "hotkeys",
    description: "Show all keyboard shortcuts",
    async run(_args, { chat, ui, context }) {
      const [{ hotkeysText }, { resolveShortcuts }] = await Promise.all([import("./hotkeys.js"), import("../extensions/extension-shortcuts.js")]);
      chat.notify("info", hotkeysText(ui.keys, resolveShortcuts(context.tryUse("extensions")?.terminal, ui.keys).shortcuts));
    },
  },
  {
    name: "new",
    description: "Start a new session",
    async run(_args, host) {
      const result = await sessionMove(host, "Failed to create session", () => host.context.use("sessionControl").newSession());
      if (result && !result.cancelled) host.chat.notify("status", "✓ New session started");
    },
  },
  { name: "tree", description: "Navigate the session tree (switch branches, optionally summarising the one left)", run: loadedOnUse(() => import("../tree/tree-command.js"), "treeCommand") },
  { name: "fork", description: "Go back to one of your messages in a new session", run: loadedOnUse(() => import("./fork-command.js"), "forkCommand") },
  {
    name: "clone",
    description: "Copy the current branch into a new session",
    async run(_args, host) {
      if (host.session.messages.length === 0) return host.chat.notify("status", "Nothing to clone yet");
      const result = await sessionMove(host, "Failed to create session", () => host.context.use("sessionControl").clone());
      if (result && !result.cancelled) host.chat.notify("status", "Cloned to new session");
    },
  },
  {
    name: "compact",
    description: "Compact the context now; optional instructions for the summary",
    async run(args, { context }) {
      try {
        await context.use("compaction").compact(args.trim() || undefined);
      } catch (error) {
        // as pi: a compaction that started tells how it ended in its end event, which the chat draws; only a
        // compaction already running answers without one
        if (error instanceof PithError && error.code === "COMPACTION_BUSY") throw error;
      }
    },
  },
  { name: "trust", description: "Save a project trust decision for future pith runs", run: loadedOnUse(() => import("./trust-command.js"), "trustCommand") },
  {
    name: "reload",
    description: "Reload keybindings, extensions, skills, prompts, themes, and context files",
    run: loadedOnUse(() => import("./reload-command.js"), "reloadCommand"),
  },
  { name: "login", description: "Configure provider authentication", run: loadedOnUse(() => import("../login/login-command.js"), "loginCommand") },
  { name: "logout", description: "Remove provider authentication", run: loadedOnUse(() => import("../login/login-command.js"), "logoutCommand") },
  { name: "mcp", description: "MCP servers: status and tools, reconnect, enable/disable, sign in", run: loadedOnUse(() => import("./mcp-command.js"), "mcpCommand") },
  {
    name: "quit",
    description: "Quit pith",
    run: (_args, { quit }) => quit(0),
  },
];

/** the built-in command `text` invokes, with its arguments; undefined for anything else */
export function findCommand(text: string): { run(args: string, host: CommandHost): Promise<void> | void; args: string } | undefined {
  const space = text.indexOf(" ");
  const name = text.slice(1, space === -1 ? undefined : space);
  const command = BUILTIN_COMMANDS.find((candidate) => candidate.name === name);
  if (!command) return undefined;
  const args = space === -1 ? "" : text.slice(space + 1);
  return { run: (value, host) => command.run(value, host), args };
}

/** what `/` completes: the built-ins, then the commands of plugins and extensions, prompt templates and skills */
export function slashCommands(context: PluginContext): SlashCommand[] {
  const builtins = BUILTIN_COMMANDS.map(({ name, description }) => ({ name, description }));
  const others = (context.tryUse("commandCatalog")?.list() ?? []).map(({ name, description }) => ({ name, description }));
  return [...builtins, ...others.filter((command) => !builtins.some((builtin) => builtin.name === command.name))];
}
