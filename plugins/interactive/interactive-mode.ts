// The interactive terminal UI as a plugin: at boot it joins the session (events, the "ui" service and the
// services its commands use); `run` then takes the terminal, sends the first messages and serves the keyboard
// until the user leaves. Everything the screen shows is built here from the parts in the sub-folders beside it.
import { ProcessTerminal, type Terminal, type TUI } from "@earendil-works/pi-tui";
import { onHighlighterLoaded } from "../../lib/ui/syntax-highlight.js";
import { registeredTool } from "./tools/renderers.js";
import { type AgentSession, type ImageContent, definePlugin, type Logger, type PithError, type PithPlugin, type PluginContext } from "../../kernel/index.js";
import { storedReplyCacheMiss } from "../session-services/cache-misses.js";
import { ChatController } from "./chat/chat-controller.js";
import { ExtensionBindings } from "./extensions/extension-bindings.js";
import { keyHints } from "./extensions/key-hints.js";
import { editorBorderColour } from "./components/editor-border.js";
import { Footer, type FooterData } from "./components/footer.js";
import { Header } from "./components/header.js";
import { PromptEditor } from "./components/prompt-editor.js";
import { keysOf, loadKeybindings } from "./keys/key-bindings.js";
import { Layout } from "./layout.js";
import { captureConsole } from "./terminal/console-capture.js";
import { guardExit } from "./terminal/exit-guard.js";
import { ProgramStatus } from "./terminal/program-status.js";
import { FRAME_INTERVAL_MS, setFrameInterval } from "./terminal/frame-interval.js";
import { ScreenSwitch } from "./terminal/screen-switch.js";
import { FULLSCREEN_DEFAULTS, type TuiMode } from "./terminal/screens.js";
import { Theme, detectColorDepth } from "./theme/theme.js";
import { BUILTIN_PALETTES } from "./theme/tokens.js";
import { InteractiveUi } from "./ui-service/ui-service.js";
import { applyUiSettings } from "./settings/ui-settings.js";
import { startThemes } from "./theme/run-themes.js";
import { startupTrustPrompt, startupTrustUI } from "./startup/trust-prompt.js";
import { savedTuiMode } from "./startup/saved-tui-mode.js";
import { firstFrameFooterData, type FirstFrame } from "./startup/first-frame.js";
import { HeldKeys } from "./input/held-keys.js";
import type { NoticeKind } from "./components/notice.js";
import { PaddedText } from "./extensions/output-pad.js";
import type { ProjectTrustUI, TrustPrompt } from "../trust/index.js";

type RunParts = typeof import("./run-parts.js");

export interface InteractiveModeOptions {
  version: string;
  agentDir: string;
  /** `--tui-mode`: this run's terminal mode, in place of the `tuiMode` setting */
  tuiMode?: TuiMode;
  /** for tests: a terminal other than the process's own */
  terminal?: Terminal;
}

export interface InitialMessage {
  text: string;
  images?: ImageContent[];
}

/** `--theme` paths, `--no-themes` (discover false), `--use-theme` */
export type ThemeOptions = { paths: readonly string[]; discover: boolean; use?: string };

export interface RunOptions {
  /** `pith -r`: open the session picker before anything else */
  pickSession?: boolean;
  /** `--models`: the session's cycling scope */
  scope?: readonly string[];
  /** the command line chose the model (`--model`, `--provider`): the scope does not replace it */
  modelGiven?: boolean;
  themes?: ThemeOptions;
}

export interface InteractiveMode {
  readonly plugin: PithPlugin;
  /** for createAgentSession: start-up messages of plugins land in the chat instead of on the drawn screen */
  readonly log: Logger;
  /** for createAgentSession's `onProblem`: extensions' problems at start-up go to the listing's [Extension issues] */
  reportProblem(error: PithError): void;
  /**
   * for createAgentSession's `onPackageProgress`: an install as it starts, on stderr before the terminal is taken
   * (as pi 1.6.0), then in the chat, where each line replaces the one before
   */
  packageProgress(line: string): void;
  /** asks whether to trust the project, before the session loads (createAgentSession's `projectTrust.prompt`) */
  readonly trustPrompt: TrustPrompt;
  /** the dialogs extensions' `project_trust` handlers ask with at start-up (createAgentSession's `projectTrust.ui`) */
  readonly trustUI: ProjectTrustUI;
  /**
   * Takes the terminal and draws the header, the editor and the footer before the session exists; keys typed until
   * run() are kept for it. Only where nothing must come first (no trust question, no session picker).
   */
  drawFirstFrame(frame: FirstFrame, themes?: ThemeOptions): void;
  /** the session could not be created: the terminal and console output are given back */
  abandon(): void;
  /** Takes the terminal, sends `initial` in order, and serves until the user quits; the exit code. */
  run(session: AgentSession, initial: readonly InitialMessage[], warnings: readonly string[], options?: RunOptions): Promise<number>;
}

export function interactiveMode(options: InteractiveModeOptions): InteractiveMode {
  const depth = detectColorDepth();
  const theme = new Theme("dark", BUILTIN_PALETTES.dark!, depth);
  const { manager: keys, warning: keysWarning } = loadKeybindings(options.agentDir);
  const terminal = options.terminal ?? new ProcessTerminal();
  setFrameInterval(FRAME_INTERVAL_MS);
  // the mode the settings ask for is known once the session has read them: the screen switches then, if need be
  const screens = new ScreenSwitch({ terminal, theme: () => ui.theme, keys }, options.tuiMode ?? "fullscreen", FULLSCREEN_DEFAULTS);
  const tui: TUI = screens.tui;
  // code drawn before highlight.js loaded (it loads with the first code block) is drawn again in colour
  onHighlighterLoaded(() => {
    tui.invalidate();
    tui.requestRender();
  });
  const layout = new Layout(theme);
  screens.attach(layout);
  const editor = new PromptEditor(tui, theme.editor(), keys);
  /** what the footer reads the model and thinking level from: the first frame's, then the session's */
  let footerNow: FooterData | undefined;
  editor.borderColor = editorBorderColour(theme, editor, () => footerNow);
  layout.editor.show(editor);
  const chat = new ChatController(tui, layout, theme, {
    hideThinking: false,
    hiddenThinkingLabel: "Thinking...",
    toolsExpanded: false,
    images: { show: true, widthCells: 60 },
    expandKey: keysOf(keys, "app.tools.expand"),
    dequeueKey: keysOf(keys, "app.message.dequeue"),
    interruptKey: keysOf(keys, "app.interrupt"),
    workingMessage: "Working",
    workingVisible: true,
    outputPad: 1,
    cacheNotices: false,
  }, { extensions: () => context?.tryUse("extensions")?.terminal, hints: keyHints(keys, (): Theme => ui.theme), cwd: () => context?.cwd ?? process.cwd(), registeredTool: (name) => (context ? registeredTool(context.registry.tools, name) : undefined), editorInUse: () => ui.editorInUse, cacheMiss: (reply) => (context ? storedReplyCacheMiss(context, reply) : undefined) });
  const bindings = new ExtensionBindings(keys, chat);
  editor.interceptors.add(bindings.handle);
  const programStatus = new ProgramStatus(terminal, () => context?.tryUse("sessions")?.manager.getSessionName());
  const ui: InteractiveUi = new InteractiveUi({ tui, layout, editor, chat, theme, keys, extensionShortcut: bindings.handle, block: (source, blocked) => programStatus.block(source, blocked), providerCount: () => new Set(context?.tryUse("models")?.availableModels().map((model) => model.provider)).size });
  let context: PluginContext | undefined;
  // from here on: extensions print while they load, and the chat shows it once drawn
  const releaseConsole = captureConsole((method, text) => chat.notify(method === "error" ? "error" : method === "warn" ? "warning" : "info", text));
  // the terminal is taken once: by the trust question before the session exists, else by run()
  let started = false;
  const takeTerminal = () => {
    if (started) return;
    started = true;
    tui.start();
    programStatus.report();
  };

  /** the session's start reached the plugin: false when the plugin joined a session that had started (applyPlugin) */
  let sessionStarted = false;
  /** the settings' look of the UI; at start-up also the screen they ask for */
  const applySettingsAndScreen = (pluginContext: PluginContext, startup: boolean) => {
    const settings = pluginContext.tryUse("settings");
    if (settings) applyUiSettings(settings.get(), { tui, editor, chat, screens });
    if (startup) screens.switchTo(options.tuiMode ?? settings?.get().tuiMode ?? "fullscreen");
  };

  /** sends what was held while a compaction ran (the submitter's, once run() made it) */
  let sendHeld: (() => Promise<void>) | undefined;
  /** loaded as the session is made: the first frame goes without them (run-parts.ts) */
  let parts: RunParts | undefined;
  const plugin = definePlugin({
    name: "interactive",
    async setup(pluginContext) {
      const { provideSessionServices, historyAfterCompaction, sessionHistory, compactedNote, BugHint, BUG_HINT } = (parts ??= await import("./run-parts.js"));
      const bugHint = new BugHint();
      context = pluginContext;
      pluginContext.provide("ui", ui);
      provideSessionServices(pluginContext);
      pluginContext.on("event", (event) => {
        chat.handle(event);
        programStatus.handle(event);
        // a line of its own, not a status the next status would replace
        if (event.type === "message_end" && bugHint.after(event.message)) chat.addItem(new PaddedText(ui.theme.fg("muted", BUG_HINT)));
        // the compacted messages leave the chat once, and the summary box takes their place
        if (event.type === "compaction_end" && event.result) {
          chat.clear();
          chat.showHistory(historyAfterCompaction(pluginContext, pluginContext.session));
        }
        if (event.type === "compaction_end") void sendHeld?.();
      });
      // the extensions are replaced: what they drew goes with them (pi's resetExtensionUI)
      pluginContext.on("session_shutdown", ({ reason }) => {
        if (reason === "quit") return;
        ui.resetExtensionParts();
        // what goes wrong while reloading is gathered for the listing's sections, as at start-up
        if (reason === "reload") {
          startupNotes = [];
          extensionProblems.length = 0;
        }
      });
      pluginContext.on("session_start", ({ reason }) => {
        sessionStarted = true;
        applySettingsAndScreen(pluginContext, reason === "startup");
        if (reason === "startup") return;
        programStatus.reset();
        chat.clear();
        const reloadedKeys = reason === "reload" ? reloadUiFiles?.() : undefined;
        const unlisted = reason === "reload" && listResources ? listResources() : (bindings.refresh(pluginContext), []);
        if (reloadedKeys) unlisted.push({ kind: "warning", text: reloadedKeys });
        chat.showHistory(sessionHistory(pluginContext, pluginContext.session));
        const compacted = reason === "reload" ? undefined : compactedNote(pluginContext);
        if (compacted) chat.notify("status", compacted);
        for (const { kind, text } of unlisted) chat.notify(kind, text);
      });
    },
  });

  async function run(session: AgentSession, initial: readonly InitialMessage[], warnings: readonly string[], runOptions: RunOptions = {}): Promise<number> {
    const plugged = context;
    if (!plugged || !parts) throw new Error("interactive mode: pass its plugin to createAgentSession before run()");
    const { footerData, PithCompletion, slashCommands, Submitter, bindKeyActions, recordUncaughtCrash, reloadKeybindings, startupDiagnostics, listedLogLines, ResourceListing, resourceSections, DiagnosticSections } = parts;
    const { crashNoticeAtStart, sessionHistory, compactedNote, applyStartupScope, printExitOutput } = parts;
    // joined a session made earlier (pi's InteractiveMode over an SDK program's runtime): its start-up is now
    if (!sessionStarted) applySettingsAndScreen(plugged, true);
    let finish!: (code: number) => void;
    const finished = new Promise<number>((resolve) => (finish = resolve));
    let exiting = false;
    let exitOutputChosen: "transcript" | "resume-hint" | undefined;
    const quit = (code = 0, exitOutput?: "transcript" | "resume-hint") => {
      if (exiting) return;
      exiting = true;
      exitOutputChosen = exitOutput;
      finish(code);
    };

    const data = footerData(plugged, session, () => ui.statuses);
    footerNow = data;
    data.onBranchChange(() => tui.requestRender());
    ui.frame.setOwn(header(() => plugged.tryUse("settings")?.get().quietStartup ?? false), new Footer(data, theme), data);
    early?.data.close();
    ui.setBaseCompletion(new PithCompletion(session.cwd, () => slashCommands(plugged)));
    const app = {
      version: options.version,
      agentDir: options.agentDir,
      extensionErrors: () => extensionProblems.map((problem) => ({ path: problem.plugin?.replace(/^extension /, "") ?? "", error: problem.message })),
    };
    const submitter = new Submitter({ session, context: plugged, chat, editor, ui, tui, app, screens, quit });
    bindKeyActions({ editor, keys, session, context: plugged, chat, ui, submitter, quit, tui });
    sendHeld = () => submitter.sendHeld();

    let stopped = false;
    // fullscreen mode prints the transcript (or only how to resume) on the normal screen as it leaves
    const exitOutput = () => exitOutputChosen ?? plugged.tryUse("settings")?.get().fullscreenExitOutput ?? "transcript";
    const restore = () => {
      if (stopped) return;
      stopped = true;
      screens.stop(exitOutput());
    };
    const removeGuard = guardExit({
      restore,
      onSignal: (code) => quit(code),
      reportCrash(error) {
        process.stderr.write(`pith: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
        const scene = { agentDir: options.agentDir, version: options.version, sessionFile: plugged.tryUse("sessions")?.manager.getSessionFile(), cwd: session.cwd, extensions: plugged.tryUse("extensions")?.loaded ?? [] };
        for (const line of recordUncaughtCrash(error, scene)) process.stderr.write(`\n${line}\n`);
      },
    });

    // a signal that came while the first frame waited for the session ends the run now, in order
    early?.guard.remove();
    if (early?.guard.signal !== undefined) quit(early.guard.signal);
    ui.focusEditor();
    const themes = runOptions.themes;
    const themeSources = () => sourcesOfThemes(session.cwd, plugged.tryUse("projectTrust")?.trusted ?? true, themes, plugged.tryUse("packages")?.resolved.themeFiles ?? []);
    const themeChoice = () => themes?.use ?? plugged.tryUse("settings")?.get().theme;
    // the first frame's themes are these: it was drawn only where no package brings theme files
    const runThemes = early?.themes ?? startThemes(themeSources(), themeChoice(), ui, tui, warnOfTheme);
    // /reload reads what only the UI reads, as pi 1.6.0: keybindings.json and the theme files
    reloadUiFiles = () => {
      runThemes.reload(themeSources(), themeChoice());
      return reloadKeybindings(keys, options.agentDir);
    };
    if (!early) {
      takeTerminal();
      void runThemes.followTerminal();
      setTitle(session.cwd);
    }
    // the resources loaded and what went wrong loading them, in pi's sections: at start-up and after /reload
    listResources = () => {
      const diagnostics = startupDiagnostics(plugged, { extensions: extensionProblems, shortcuts: bindings.refresh(plugged, { notify: false }), themes: runThemes.problems });
      const listed = listedLogLines(diagnostics);
      const notes = startupNotes ?? [];
      startupNotes = undefined;
      if (!plugged.tryUse("settings")?.get().quietStartup) {
        const listing = new ResourceListing(resourceSections(plugged), theme, process.env.HOME, chat.settings.toolsExpanded);
        if (!listing.empty) chat.addExpandableItem(listing);
      }
      const problems = new DiagnosticSections(diagnostics, theme, process.env.HOME);
      if (!problems.empty) chat.addItem(problems);
      return notes.filter(({ text }) => !listed.has(text));
    };
    const unlisted = listResources();
    // the notes first, as before the listing existed: start-up messages above what loaded
    for (const { kind, text } of unlisted) chat.notify(kind, text);
    for (const warning of [...warnings, ...(keysWarning ? [keysWarning] : [])]) chat.notify("warning", warning);
    const crash = crashNoticeAtStart(options.agentDir);
    if (crash) chat.notify("warning", crash);
    if (process.env.TMUX) {
      void import("./startup/tmux-keys.js").then(async ({ tmuxKeysWarning }) => {
        const warning = await tmuxKeysWarning();
        if (warning && !exiting) chat.notify("warning", warning);
      });
    }
    chat.showHistory(sessionHistory(plugged, session));
    // as pi once its UI is up: the model catalogues refreshed in the background (never awaited, never failing the run)
    void plugged.tryUse("models")?.catalogueRefresh.run({ atStartUp: true }).then(() => ui.requestRender());
    const compacted = compactedNote(plugged);
    if (compacted) chat.notify("status", compacted);
    void (async () => {
      if (runOptions.scope) {
        await applyStartupScope(plugged, session, runOptions.scope, { modelGiven: runOptions.modelGiven === true, cycleKey: keysOf(keys, "app.model.cycleForward"), chat }).catch((error: unknown) =>
          chat.notify("error", error instanceof Error ? error.message : String(error)),
        );
      }
      if (runOptions.pickSession) await submitter.send("/resume");
      for (const message of initial) {
        if (exiting) return;
        await submitter.send(message.text, { images: message.images });
      }
    })();
    // what was typed into the first frame, after the command line's messages as if typed now
    early?.keys.release();

    const code = await finished;
    runThemes.stop();
    data.close();
    submitter.dispose();
    chat.dispose();
    await session.abort().catch(() => undefined);
    restore();
    releaseConsole();
    await session.dispose().catch((error: unknown) => process.stderr.write(`pith: shutdown failed: ${error instanceof Error ? error.message : String(error)}\n`));
    removeGuard();
    printExitOutput(plugged);
    return code;
  }

  const header = (quiet: () => boolean | "header") => new Header({ version: options.version, keys, theme, expanded: () => chat.settings.toolsExpanded, quiet });
  const warnOfTheme = (message: string) => chat.notify("warning", message);
  const setTitle = (cwd: string) => terminal.setTitle(`pith - ${cwd.split("/").pop() ?? cwd}`);
  const sourcesOfThemes = (cwd: string, projectTrusted: boolean, themes: ThemeOptions | undefined, packageFiles: readonly string[]) => ({
    agentDir: options.agentDir,
    cwd,
    projectTrusted,
    paths: themes?.paths ?? [],
    packageFiles,
    discover: themes?.discover ?? true,
  });
  let early: { data: ReturnType<typeof firstFrameFooterData>; themes: ReturnType<typeof startThemes>; keys: HeldKeys; guard: { signal?: number; remove(): void } } | undefined;
  const drawFirstFrame = (frame: FirstFrame, themes?: ThemeOptions) => {
    if (started) return;
    const data = firstFrameFooterData(frame, () => ui.statuses);
    footerNow = data;
    data.onBranchChange(() => tui.requestRender());
    applyUiSettings(frame.settings, { tui, editor, chat, screens });
    screens.switchTo(options.tuiMode ?? frame.settings.tuiMode ?? "fullscreen");
    ui.frame.setOwn(header(() => frame.settings.quietStartup ?? false), new Footer(data, theme), data);
    ui.focusEditor();
    const runThemes = startThemes(sourcesOfThemes(frame.cwd, frame.projectTrusted, themes, []), themes?.use ?? frame.settings.theme, ui, tui, warnOfTheme);
    // until run() guards the terminal with the session: a crash or a second signal still gives it back
    const guard: { signal?: number; remove(): void } = { remove: () => undefined };
    let restored = false;
    guard.remove = guardExit({
      restore: () => {
        if (restored) return;
        restored = true;
        screens.stop("resume-hint");
      },
      onSignal: (code) => (guard.signal = code),
      reportCrash: (error) => process.stderr.write(`pith: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`),
    });
    early = { data, themes: runThemes, keys: new HeldKeys(terminal, tui, () => ui.editorInUse), guard };
    takeTerminal();
    void runThemes.followTerminal();
    setTitle(frame.cwd);
  };

  // until run() lists the start-up problems, what plugins log waits here, so the listed ones are not shown twice
  let startupNotes: { kind: NoticeKind; text: string }[] | undefined = [];
  let listResources: (() => { kind: NoticeKind; text: string }[]) | undefined;
  /** the keybindings' warning, if any */
  let reloadUiFiles: (() => string | undefined) | undefined;
  const extensionProblems: PithError[] = [];
  const note = (kind: NoticeKind, text: string) => (startupNotes ? startupNotes.push({ kind, text }) : chat.notify(kind, text));
  const log: Logger = {
    debug: (message) => (process.env.PITH_DEBUG ? note("status", message) : undefined),
    info: (message) => note("status", message),
    warn: (message) => note("warning", message),
    error: (message) => note("error", message),
  };
  // an extension's problems are reported under its owner name, `extension <file>`
  const reportProblem = (error: PithError) => (startupNotes && error.plugin?.startsWith("extension ") ? extensionProblems.push(error) : note("warning", error.message));
  const abandon = () => {
    early?.themes.stop();
    early?.data.close();
    early?.guard.remove();
    if (started) tui.stop();
    releaseConsole();
    // no chat will show them: what plugins logged while the session was made goes to stderr
    for (const { kind, text } of startupNotes ?? []) if (kind !== "status") process.stderr.write(`pith: ${kind}: ${text}\n`);
    for (const error of extensionProblems) process.stderr.write(`pith: ${error.message}\n`);
  };
  const packageProgress = (line: string) => (started ? chat.notify("status", line) : process.stderr.write(`pith: ${line}\n`));
  // a question before the session exists is drawn on the screen the saved settings ask for, from its first frame
  const takeTerminalBeforeSession = async () => {
    if (started) return;
    const mode = options.tuiMode ?? (await savedTuiMode(options.agentDir));
    if (mode && !started) screens.switchTo(mode);
    takeTerminal();
  };
  return { plugin, log, reportProblem, packageProgress, run, drawFirstFrame, abandon, trustPrompt: startupTrustPrompt(ui, takeTerminalBeforeSession), trustUI: startupTrustUI(ui, takeTerminalBeforeSession) };
}
