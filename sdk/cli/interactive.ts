// `pith` in a terminal without -p or --mode: the interactive UI over a session, with the command line's messages
// and @files as its first prompts.
import type { CreateAgentSessionOptions } from "../create-agent-session.js";
import type { InteractiveMode } from "../../plugins/interactive/index.js";
import { resolveAgentDir } from "../../lib/agent-dir/agent-dir.js";
import { PITH_VERSION } from "../version.js";
import { buildInitialPrompts } from "./initial-message.js";
import { firstFrameFacts } from "./first-frame.js";

export async function runInteractive(
  options: CreateAgentSessionOptions,
  words: { files: string[]; messages: string[]; resume: boolean; models?: string[]; themes: string[]; noThemes: boolean; useTheme?: string; tuiMode?: "fullscreen" | "regular" },
  /** made by the first-frame bundle from the same command line, its frame drawn where it could be (sdk/cli/frame-entry.ts) */
  frame?: InteractiveMode,
): Promise<number> {
  const agentDir = options.agentDir ?? resolveAgentDir();
  const themes = { paths: words.themes, discover: !words.noThemes, use: words.useTheme };
  const mode = frame ?? (await startMode(options, words, agentDir, themes));
  const { createAgentSession } = await import("../create-agent-session.js");
  let created: Awaited<ReturnType<typeof createAgentSession>>;
  try {
    created = await createAgentSession({
      ...options,
      plugins: [...(options.plugins ?? []), mode.plugin],
      log: mode.log,
      onProblem: options.onProblem ?? ((error) => mode.reportProblem(error)),
      onPackageProgress: mode.packageProgress,
      projectTrust: { ...options.projectTrust, prompt: mode.trustPrompt, ui: mode.trustUI },
    });
  } catch (error) {
    mode.abandon();
    throw error;
  }
  const extensionWords = created.session.registry.services.get("extensions") as { parsedFlags?: { rest: string[] } } | undefined;
  const rest = extensionWords?.parsedFlags?.rest;
  const files = rest ? rest.filter((word) => word.startsWith("@") && word.length > 1).map((word) => word.slice(1)) : words.files;
  const messages = rest ? rest.filter((word) => !(word.startsWith("@") && word.length > 1)) : words.messages;
  let built: Awaited<ReturnType<typeof buildInitialPrompts>>;
  try {
    built = await buildInitialPrompts({ files, messages, cwd: process.cwd() });
  } catch (error) {
    mode.abandon();
    await created.session.dispose();
    throw error;
  }
  const { prompts, images } = built;
  const initial = prompts.map((text, index) => ({ text, images: index === 0 && images.length > 0 ? images : undefined }));
  return mode.run(created.session, initial, created.warnings, {
    pickSession: words.resume,
    scope: words.models,
    modelGiven: options.model !== undefined || options.provider !== undefined,
    themes,
  });
}

async function startMode(options: CreateAgentSessionOptions, words: { resume: boolean; tuiMode?: "fullscreen" | "regular" }, agentDir: string, themes: { paths: string[]; discover: boolean; use?: string }): Promise<InteractiveMode> {
  const { interactiveMode } = await import("../../plugins/interactive/index.js");
  const mode = interactiveMode({ version: PITH_VERSION, agentDir, tuiMode: words.tuiMode });
  // drawn before the session is made, where nothing has to come first; the session's parts fill it in
  const firstFrame = await firstFrameFacts({ ...options, agentDir }, words.resume).catch(() => undefined);
  if (firstFrame) mode.drawFirstFrame(firstFrame, themes);
  return mode;
}
