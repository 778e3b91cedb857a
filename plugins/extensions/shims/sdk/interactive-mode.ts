// pi 1.6.0's `InteractiveMode` (dist/modes/interactive/interactive-mode.d.ts) as a program builds it: pith's own
// interactive UI over the session of the runtime given, in the process's terminal (../host-modes.ts). `run()` ends
// the process when the user quits, as pi's does.
import type { Terminal } from "@earendil-works/pi-tui";
import type { ImageContent } from "../../../../kernel/index.js";
import { resolveAgentDir } from "../../../../lib/agent-dir/agent-dir.js";
import { hostModes } from "../host-modes.js";
import { kernelOf } from "./run-modes.js";
import type { AgentSessionRuntime } from "./session-runtime.js";

/** pi's `InteractiveModeOptions`; `verbose` and `autoTrustOnReloadCwd` change nothing in pith's UI */
export interface InteractiveModeOptions {
  migratedProviders?: string[];
  startupDiagnostics?: { type: string; message: string }[];
  modelFallbackMessage?: string;
  autoTrustOnReloadCwd?: string;
  initialMessage?: string;
  initialImages?: ImageContent[];
  initialMessages?: string[];
  verbose?: boolean;
  tuiMode?: "fullscreen" | "regular";
  initialThemeSetting?: string;
  terminal?: Terminal;
}

export class InteractiveMode {
  constructor(
    private readonly runtime: AgentSessionRuntime,
    private readonly options: InteractiveModeOptions = {},
  ) {
    kernelOf(runtime, "InteractiveMode");
  }

  /** Draws the UI, sends the initial messages and serves until the user quits; then the process ends. */
  async run(): Promise<void> {
    const { options, runtime } = this;
    const session = kernelOf(runtime, "InteractiveMode");
    const warnings = [
      ...(options.migratedProviders?.length ? [`Migrated credentials to auth.json: ${options.migratedProviders.join(", ")}`] : []),
      ...(options.startupDiagnostics ?? []).map((diagnostic) => diagnostic.message),
      ...(options.modelFallbackMessage ? [options.modelFallbackMessage] : []),
    ];
    const prompts = [...(options.initialMessage ? [options.initialMessage] : []), ...(options.initialMessages ?? [])];
    const modes = await hostModes("InteractiveMode").modes();
    const code = await modes.interactive(session, {
      agentDir: runtime.services.agentDir || resolveAgentDir(),
      prompts,
      warnings,
      ...(options.initialMessage && options.initialImages ? { images: options.initialImages } : {}),
      ...(options.tuiMode ? { tuiMode: options.tuiMode } : {}),
      ...(options.initialThemeSetting ? { theme: options.initialThemeSetting } : {}),
      ...(options.terminal ? { terminal: options.terminal } : {}),
    });
    // the mode disposed the session as it ended
    process.exit(code);
  }
}
