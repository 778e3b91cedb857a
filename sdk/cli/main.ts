// The `pith` command: a thin distribution over createAgentSession with print and JSON output.
// The session machinery is imported only once a run needs it, so --help and argument errors stay cheap.
import { fstatSync } from "node:fs";
import { CommanderError } from "commander";
import { PithError, errorMessage } from "../../kernel/index.js";
import { stderrLogger } from "../stderr-logger.js";
import { formatTimings } from "../../lib/timing/boot-timing-report.js";
import type { CreateAgentSessionOptions } from "../create-agent-session.js";
import type { InteractiveMode } from "../../plugins/interactive/index.js";
import { parseArgs, type CliArgs } from "./args.js";
import { buildInitialPrompts, readPipedStdin } from "./initial-message.js";
import { PITH_VERSION } from "../version.js";
import { isPackageCommand, isRemoteSource } from "../../plugins/packages/cli/command-names.js";
import { cacheDirectory } from "../cache-dir.js";
import { applyHttpProxySetting } from "./http-proxy-setting.js";
import { serveHostModules } from "../../plugins/extensions/shims/host-modules.js";
import { serveHostModes } from "../../plugins/extensions/shims/host-modes.js";

// pith plugins in extension folders import `pith` from the running CLI, as they would from the package.
serveHostModules({ pith: () => import("../api.js"), "pith/testing": () => import("../testing/index.js") });
// pi's runPrintMode, runRpcMode, InteractiveMode and main in extensions: pith's own modes, and this CLI
serveHostModes({ modes: async () => (await import("../modes/served-modes.js")).servedModes, main: (args) => main(args) });

/** What the process around the CLI wants to know of a run. */
export interface CliHooks {
  /** called once a run goes on to open a session (the code-cache loader then caches the code a prompt runs) */
  sessionStarting?(): void;
  /**
   * the interactive mode the first-frame bundle made for a plain interactive start (sdk/cli/frame-entry.ts), its first
   * frame drawn where nothing had to come first
   */
  frame?: InteractiveMode;
}

export async function main(argv: readonly string[], hooks: CliHooks = {}): Promise<number> {
  await applyHttpProxySetting();
  // `pith install|remove|update|list` have options of their own: they are told apart before flag parsing
  if (isPackageCommand(argv[0])) return runPackageSubcommand(argv);
  if (argv[0] === "mcp") return runMcpSubcommand(argv.slice(1));
  if (argv[0] === "auth") return runAuthSubcommand(argv.slice(1));
  if (argv[0] === "login" || argv[0] === "logout") return runAuthSubcommand(argv);
  let args: CliArgs;
  try {
    args = parseArgs(argv, PITH_VERSION);
  } catch (error) {
    // bin/first-frame-words.cjs passes only words commander accepts; should it ever pass others, the error is shown
    // on the terminal given back
    hooks.frame?.abandon();
    if (error instanceof CommanderError) return error.exitCode;
    return fail(error);
  }
  for (const warning of args.warnings) process.stderr.write(`pith: warning: ${warning}\n`);

  try {
    if (args.help) {
      const { runHelp } = await import("./help.js");
      return await runHelp(sessionOptions(await withCliPackages(args), "print"));
    }
    if (args.export !== undefined) return await runExport(args.export, args.messages[0]);
    if (args.listModels !== undefined) {
      const { listModels } = await import("./list-models.js");
      return await listModels(args.listModels === true ? undefined : args.listModels, sessionOptions(await withCliPackages(args), "print"));
    }
    // Before stdin is read: in RPC mode it carries commands, not a prompt.
    if (args.mode === "rpc") {
      hooks.sessionStarting?.();
      return await runRpc(args);
    }
    const stdin = await readPipedStdin();
    const interactive = !args.print && args.mode === undefined && stdin === undefined;
    if (interactive) {
      if (!process.stdin.isTTY || !process.stdout.isTTY) {
        throw new PithError("NOT_A_TERMINAL", 'The interactive UI needs a terminal on stdin and stdout. Run a task in print mode instead: pith -p "your request" (or --mode json).');
      }
      hooks.sessionStarting?.();
      const { runInteractive } = await import("./interactive.js");
      return await runInteractive(sessionOptions(await withCliPackages(args), "tui"), args, hooks.frame);
    }
    if (args.resume) process.stderr.write("pith: warning: -r (--resume) opens the session picker of the interactive UI; ignored here (use -c or --session).\n");
    if (args.models) process.stderr.write("pith: warning: --models sets the models ctrl+p cycles through in the interactive UI; ignored here (use --model).\n");
    hooks.sessionStarting?.();
    return await runPrint(args, stdin);
  } catch (error) {
    return fail(error);
  }
}

/** `mode`: how this run talks to the user, as extensions and `project_trust` handlers read it (pi's `ctx.mode`). */
function sessionOptions(args: CliArgs, mode: "tui" | "rpc" | "json" | "print"): CreateAgentSessionOptions {
  return {
    model: args.model,
    provider: args.provider,
    apiKey: args.apiKey,
    thinkingLevel: args.thinking,
    tools: args.tools,
    excludeTools: args.excludeTools,
    noTools: args.noTools,
    noBuiltinTools: args.noBuiltinTools,
    systemPrompt: args.systemPrompt,
    appendSystemPrompt: args.appendSystemPrompt,
    noContextFiles: args.noContextFiles,
    skillPaths: args.skills,
    noSkills: args.noSkills,
    promptTemplatePaths: args.promptTemplates,
    noPromptTemplates: args.noPromptTemplates,
    noSession: args.noSession,
    noMcp: args.noMcp,
    session: args.session,
    sessionId: args.sessionId,
    sessionName: args.name,
    sessionDir: args.sessionDir,
    continueRecent: args.continueRecent,
    fork: args.fork,
    packages: { offline: args.offline },
    projectTrust: { approve: args.approve, remember: args.trust, mode },
    extensions: {
      paths: args.extensions,
      noExtensions: args.noExtensions,
      mode,
      flagArgv: args.leftover.some((word) => word.startsWith("-") && word !== "-") ? args.leftover : undefined,
    },
  };
}

/** `pith --export <session.jsonl> [out.html]`, as pi: the page's path on stdout, problems with the file on stderr. */
async function runExport(sessionFile: string, outputPath: string | undefined): Promise<number> {
  const { exportSessionFile } = await import("../../plugins/export/index.js");
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once("SIGINT", onSigint);
  try {
    const exported = await exportSessionFile(sessionFile, outputPath, { signal: controller.signal });
    for (const warning of exported.warnings) process.stderr.write(`pith: warning: ${warning}\n`);
    process.stdout.write(`Exported to: ${exported.path}\n`);
    return 0;
  } finally {
    process.off("SIGINT", onSigint);
  }
}

async function runRpc(args: CliArgs): Promise<number> {
  args = await withCliPackages(args);
  if (args.files.length > 0) {
    throw new PithError("RPC_FILE_ARGUMENTS", "@file arguments are not supported in RPC mode: send the file's contents in a prompt command.");
  }
  if (args.messages.length > 0) process.stderr.write("pith: warning: messages on the command line are ignored in RPC mode; send them as prompt commands.\n");
  const { rpcMode } = await import("../../plugins/rpc/index.js");
  const rpc = rpcMode({ input: process.stdin, output: process.stdout, errors: process.stderr, divertStdout: true, handleSignals: true });
  const log = stderrLogger();
  const { createAgentSession } = await import("../create-agent-session.js");
  const created = await createAgentSession({ ...sessionOptions(args, "rpc"), plugins: [rpc.plugin], log, onProblem: (error) => rpc.reportProblem(error) });
  for (const warning of created.warnings) log.warn(warning);
  return rpc.serve(created.session);
}

async function runPrint(args: CliArgs, stdin: string | undefined): Promise<number> {
  args = await withCliPackages(args);
  const mode = args.mode === "json" ? "json" : "text";
  const { outputPlugin, printPrompts } = await import("../modes/print-prompts.js");
  const output = await outputPlugin(mode);
  const log = stderrLogger();
  const { createAgentSession } = await import("../create-agent-session.js");
  const created = await createAgentSession({ ...sessionOptions(args, mode === "json" ? "json" : "print"), plugins: [output], log });
  const { session } = created;
  // extension flags were taken out of the words the CLI did not know; what is left are @files and messages
  const rest = (session.registry.services.get("extensions") as import("../../plugins/extensions/index.js").ExtensionsService | undefined)?.parsedFlags?.rest;
  const words = rest && [...rest, ...args.afterSeparator];
  const files = words ? words.filter((word) => word.startsWith("@") && word.length > 1).map((word) => word.slice(1)) : args.files;
  const messages = words ? words.filter((word) => !(word.startsWith("@") && word.length > 1)) : args.messages;
  const { prompts, images } = await buildInitialPrompts({ stdin, files, messages, cwd: process.cwd() });
  if (prompts.length === 0) {
    await session.dispose();
    throw new PithError("NO_PROMPT", 'Nothing to do: give a request, e.g. pith -p "explain src/index.ts", or pipe text into pith.');
  }
  if (process.env.PITH_TIMING === "1") process.stderr.write(formatTimings(created.timings, created.beforeBoot));
  for (const warning of created.warnings) log.warn(warning);

  return printPrompts(session, { mode, prompts, images, dispose: () => session.dispose() });
}

/** `-e npm:x` / `-e git:y`: installed into pith's cache (not the settings) and loaded for this run as `-e` paths. */
async function withCliPackages(args: CliArgs): Promise<CliArgs> {
  if (!args.extensions.some(isRemoteSource)) return args;
  const { resolveTemporaryPackages } = await import("../../plugins/packages/installers/temporary.js");
  const found = await resolveTemporaryPackages(args.extensions, {
    cwd: process.cwd(),
    cacheDir: cacheDirectory(),
    offline: args.offline,
    progress: (line) => process.stderr.write(`pith: ${line}\n`),
  });
  for (const problem of found.problems) process.stderr.write(`pith: warning: ${problem}\n`);
  const { extensionPaths, skillPaths, promptPaths } = found;
  return { ...args, extensions: extensionPaths, skills: [...skillPaths, ...args.skills], promptTemplates: [...promptPaths, ...args.promptTemplates] };
}

async function runPackageSubcommand(argv: readonly string[]): Promise<number> {
  const { runPackageCommand } = await import("../../plugins/packages/cli/cli.js");
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once("SIGINT", onSigint);
  try {
    const { resolveStartupTrust } = await import("../../plugins/trust/index.js");
    const { resolveAgentDir } = await import("../../lib/agent-dir/agent-dir.js");
    const cwd = process.cwd();
    return await runPackageCommand(argv, {
      cwd,
      env: process.env,
      // -a / -na, else the decision saved in trust.json: package commands never prompt (pi 1.6.0)
      projectTrusted: async (approve, settings) => (await resolveStartupTrust({ cwd, agentDir: resolveAgentDir(), settings, approve })).trusted,
      stdout: (text) => process.stdout.write(text),
      stderr: (text) => process.stderr.write(text),
      signal: controller.signal,
      terminal: process.stdin.isTTY === true && process.stdout.isTTY === true,
    });
  } catch (error) {
    return fail(error);
  } finally {
    process.off("SIGINT", onSigint);
  }
}

async function runMcpSubcommand(argv: readonly string[]): Promise<number> {
  const { runMcpCommand } = await import("../../plugins/mcp/cli/cli.js");
  const { openUrl } = await import("../../lib/process/open-url.js");
  const { SettingsManager } = await import("../../plugins/settings/index.js");
  const { resolveAgentDir } = await import("../../lib/agent-dir/agent-dir.js");
  const { resolveStartupTrust } = await import("../../plugins/trust/index.js");
  const cwd = process.cwd();
  const agentDir = resolveAgentDir();
  let registry: Promise<import("../../plugins/models/index.js").ModelRegistry> | undefined;
  try {
    const settings = await SettingsManager.load({ agentDir, cwd, projectTrusted: false });
    return await runMcpCommand([...argv], {
      agentDir,
      cwd,
      env: process.env,
      // the decision saved in trust.json (or --approve's), never a prompt: shell commands ask nothing
      projectTrusted: async () => (await resolveStartupTrust({ cwd, agentDir, settings })).trusted,
      stdout: (text) => process.stdout.write(text),
      stderr: (text) => process.stderr.write(text),
      version: PITH_VERSION,
      // `auth.provider` servers: the login's token from auth.json, refreshed when due; the registry loads only for them
      providerToken: async (provider) => {
        registry ??= import("../../plugins/models/index.js").then(({ ModelRegistry }) => new ModelRegistry({ agentDir, env: process.env }));
        return (await registry).resolveApiKey(provider).catch(() => undefined);
      },
      // a sign-in opens the browser for someone at a terminal, or through the command they named in $BROWSER
      openUrl: process.stdout.isTTY || process.env.BROWSER ? (url) => openUrl(url) : undefined,
      // a redirected URL pasted at the terminal, or written into a pipe by a script
      pasteInput: process.stdin.isTTY || stdinIsPipe() ? process.stdin : undefined,
    });
  } catch (error) {
    return fail(error);
  }
}

/** `pith auth ...`, `pith login`, `pith logout`: ctrl+c cancels a sign-in; a browser opens only for someone at a terminal. */
async function runAuthSubcommand(argv: readonly string[]): Promise<number> {
  const { runAuthCommand } = await import("./auth-command.js");
  const { openUrl } = await import("../../lib/process/open-url.js");
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once("SIGINT", onSigint);
  try {
    return await runAuthCommand(argv, {
      env: process.env,
      input: process.stdin,
      stdout: (text) => process.stdout.write(text),
      stderr: (text) => process.stderr.write(text),
      openUrl: process.stdout.isTTY || process.env.BROWSER ? (url) => openUrl(url) : undefined,
      signal: controller.signal,
    });
  } catch (error) {
    return fail(error);
  } finally {
    process.off("SIGINT", onSigint);
  }
}

function stdinIsPipe(): boolean {
  try {
    const stats = fstatSync(0);
    // a shell's pipe is a FIFO; Node's child_process gives its children a socket
    return stats.isFIFO() || stats.isSocket();
  } catch {
    return false;
  }
}

function fail(error: unknown): number {
  // an option only an extension could have known, refused while the extensions set up: an option error all the same
  const shown = error instanceof PithError && error.code === "BAD_ARGUMENTS" && error.cause instanceof PithError ? error.cause : error;
  const message = shown instanceof PithError ? shown.message : `unexpected error: ${errorMessage(shown)}`;
  process.stderr.write(`pith: ${message}\n`);
  if (process.env.PITH_DEBUG && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  return 1;
}
