// The first-frame bundle's entry (dist/frame.cjs, build/frame-bundle.mjs): a plain interactive start draws its first
// frame from this bundle alone, before the rest of the CLI is read. bin/first-frame-words.cjs has already read the
// command line (only words the frame can read without commander); the CLI then takes over the interactive mode made
// here, with the frame on screen and the keys typed meanwhile held (docs/interactive.md, "Time to the first frame").
import type { ThinkingLevel } from "../../kernel/index.js";
import { resolveAgentDir } from "../../lib/agent-dir/agent-dir.js";
import { interactiveMode, type InteractiveMode } from "../../plugins/interactive/index.js";
import type { TuiMode } from "../../plugins/interactive/terminal/screens.js";
import { PITH_VERSION } from "../version.js";
import { firstFrameFacts } from "./first-frame.js";

/** What bin/first-frame-words.cjs read from the command line: the words the first frame depends on. */
export interface FrameWords {
  model?: string;
  provider?: string;
  thinking?: ThinkingLevel;
  continueRecent: boolean;
  tuiMode?: TuiMode;
  useTheme?: string;
  noThemes: boolean;
}

/**
 * Makes the interactive mode and draws its first frame where nothing must come first; resolves once the frame is
 * written. The CLI goes on with the mode (its frame drawn or not, as sdk/cli/interactive.ts would have drawn it).
 */
export async function startFrame(words: FrameWords): Promise<InteractiveMode> {
  const agentDir = resolveAgentDir();
  const mode = interactiveMode({ version: PITH_VERSION, agentDir, tuiMode: words.tuiMode });
  const options = { agentDir, model: words.model, provider: words.provider, thinkingLevel: words.thinking, continueRecent: words.continueRecent };
  const firstFrame = await firstFrameFacts(options, false).catch(() => undefined);
  if (!firstFrame) return mode;
  mode.drawFirstFrame(firstFrame, { paths: [], discover: !words.noThemes, use: words.useTheme });
  // pi-tui renders on a zero-delay timer it sets from the next tick; a timer set after it runs after it
  await new Promise((resolve) => process.nextTick(() => setTimeout(resolve, 0)));
  return mode;
}
