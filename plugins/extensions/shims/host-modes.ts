// pith's run modes for pi's `main`, `runPrintMode`, `runRpcMode` and `InteractiveMode` (./sdk/run-modes.ts): the
// host's entry points (sdk/index.ts, the CLI) serve them, as they serve `pith` (./host-modules.ts), so this plugin
// never imports the SDK that assembles it. Each mode joins a session the SDK made earlier.
import type { Terminal } from "@earendil-works/pi-tui";
import { PithError, type AgentSession, type ImageContent } from "../../../kernel/index.js";

export interface InteractiveRunOptions {
  agentDir: string;
  /** the first prompts, sent in turn once the UI is up (the first one with `images`) */
  prompts: string[];
  images?: ImageContent[];
  /** start-up problems shown in the chat */
  warnings: string[];
  tuiMode?: "fullscreen" | "regular";
  /** the theme to use in place of the `theme` setting */
  theme?: string;
  /** a terminal other than the process's own */
  terminal?: Terminal;
}

export interface HostModes {
  /** pith's print (`text`) or JSON mode over the session: each prompt in turn, the output written; the exit code */
  print(session: AgentSession, options: { mode: "text" | "json"; prompts: string[]; images?: ImageContent[] }): Promise<number>;
  /** pith's RPC mode over the process's stdin and stdout, until the input ends or a signal: the exit code */
  rpc(session: AgentSession): Promise<number>;
  /** pith's interactive UI over the session in the process's terminal, until the user quits: the exit code */
  interactive(session: AgentSession, options: InteractiveRunOptions): Promise<number>;
}

export interface ServedModes {
  /** the modes, loaded on first use */
  modes: () => Promise<HostModes>;
  /** pith's CLI in this process, with these words: the exit code */
  main: (args: readonly string[]) => Promise<number>;
}

let served: ServedModes | undefined;

export function serveHostModes(modes: ServedModes): void {
  served = modes;
}

export function hostModes(name: string): ServedModes {
  if (!served) {
    throw new PithError("EXTENSION_SDK_UNAVAILABLE", `${name} from pi's coding-agent module runs pith's modes, which pith serves when it runs the extension through its SDK or CLI.`);
  }
  return served;
}
