// The built-in slash commands, one row each: name, description, and what it does. A command matches as the
// whole input or followed by a space; anything else starting with "/" goes to the session (extension commands,
// /skill:name, prompt templates).
import type { SlashCommand } from "@earendil-works/pi-tui";
import type { PluginContext } from "../../../kernel/index.js";
import type { BuiltinCommand, CommandHost } from "./command-host.js";
import { bugCommand } from "../bug-report/bug-command.js";
import { copyToClipboard } from "../clipboard/copy.js";
import { exportCommand } from "./export-command.js";
import { hotkeysText } from "./hotkeys.js";
import { resolveShortcuts } from "../extensions/extension-shortcuts.js";
import { forkCommand } from "./fork-command.js";
import { loginCommand, logoutCommand } from "../login/login-command.js";
import { mcpCommand } from "./mcp-command.js";
import { modelCommand } from "./model-command.js";
import { resumeCommand } from "../resume/resume-command.js";
import { sessionReport } from "./session-report.js";
import { settingsCommand } from "./settings-command.js";
import { thinkingCommand } from "./thinking-command.js";
import { trustCommand } from "./trust-command.js";
import { scopedModelsCommand } from "../scoped-models/scoped-models-command.js";
import { treeCommand } from "../tree/tree-command.js";

export const BUILTIN_COMMANDS: readonly BuiltinCommand[] = [
  { name: "settings", description: "Open settings", run: settingsCommand },
  { name: "model", description: "Choose the model (search; /model provider/id switches at once)", run: modelCommand },
  { name: "thinking", description: "Set the thinking level (ctrl+s in the list saves it as the default)", run: thinkingCommand },
  { name: "scoped-models", description: "Choose the models ctrl+p cycles through", run: scopedModelsCommand },
  { name: "resume", description: "Resume a stored session", run: resumeCommand },
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
    run: (_args, { context, chat }) => chat.notify("info", sessionReport(context.use("sessionInfo"), context.tryUse("cacheWarming"))),
  },
  {
    name: "copy",
    description: "Copy the last agent message to the clipboard",
    async run(_args, { context, chat, ui }) {
      const text = context.use("sessionInfo").lastAssistantText();
      if (!text) return chat.notify("error", "No agent messages to copy yet.");
      await copyToClipboard(text, (sequence) => ui.writeToTerminal(sequence));
      chat.notify("status", "Copied last agent message to clipboard");
    },
  },
  { name: "export", description: "Export the session to an HTML file (or a .jsonl session file)", run: exportCommand },
  { name: "bug", description: "Write a bug report (a zip to look over and send)", run: bugCommand },
  {
    name: "hotkeys",
    description: "Show all keyboard shortcuts",
    run: (_args, { chat, ui, context }) => chat.notify("info", hotkeysText(ui.keys, resolveShortcuts(context.tryUse("extensions")?.terminal, ui.keys).shortcuts)),
  },
  {
    name: "new",
    description: "Start a new session",
    async run(_args, { context, chat }) {
      const result = await context.use("sessionControl").newSession();
      if (!result.cancelled) chat.notify("status", "✓ New session started");
    },
  },
  { name: "tree", description: "Navigate the session tree (switch branches, optionally summarising the one left)", run: treeCommand },
  { name: "fork", description: "Go back to one of your messages in a new session", run: forkCommand },
  {
    name: "clone",
    description: "Copy the current branch into a new session",
    async run(_args, { context, session, chat }) {
      if (session.messages.length === 0) return chat.notify("status", "Nothing to clone yet");
      const result = await context.use("sessionControl").clone();
      if (!result.cancelled) chat.notify("status", "Cloned to new session");
    },
  },
  {
    name: "compact",
    description: "Compact the context now; optional instructions for the summary",
    async run(args, { context }) {
      await context.use("compaction").compact(args.trim() || undefined);
    },
  },
  { name: "trust", description: "Save a project trust decision for future pith runs", run: trustCommand },
  {
    name: "reload",
    description: "Reload settings, extensions, skills, prompts and context files",
    async run(_args, { context, chat }) {
      await context.use("sessionControl").reload();
      chat.notify("status", "Reloaded");
    },
  },
  { name: "login", description: "Configure provider authentication", run: loginCommand },
  { name: "logout", description: "Remove provider authentication", run: logoutCommand },
  { name: "mcp", description: "MCP servers: status and tools, reconnect, enable/disable, sign in", run: mcpCommand },
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
