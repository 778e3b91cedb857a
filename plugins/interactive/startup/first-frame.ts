// The first frame, drawn before the session exists (docs/interactive.md, "Time to the first frame"): the header, the
// editor and a footer made of what the command line, the settings, the model catalogue and git's HEAD already say.
// The session's own footer takes its place once it is ready: the same text, with what only the session knows
// (tokens, context use, the session's name, a resumed session's model) filled in, as pi's footer fills in.
import type { Settings } from "../../settings/index.js";
import type { FooterData } from "../components/footer.js";
import { watchGitBranch } from "../footer/git-branch.js";

export interface FirstFrame {
  /** the project folder, resolved */
  cwd: string;
  /** the project trust decision the session will start with (no question is left to ask) */
  projectTrusted: boolean;
  /** the settings as the session will read them (the project's only when it is trusted) */
  settings: Settings;
  /** the model the session will start with; undefined when only the session can tell (a resumed session's) */
  model?: { id: string; provider: string; reasoning: boolean };
  /** false: no model has a key, the footer says "no model" as the session's will */
  modelKnown: boolean;
  thinkingLevel: string;
  /** more than one provider has models: the provider is shown too */
  manyProviders: boolean;
}

const NOTHING_YET = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 };

export function firstFrameFooterData(frame: FirstFrame, statuses: () => ReadonlyMap<string, string>): FooterData & { close(): void } {
  const branch = watchGitBranch(frame.cwd);
  return {
    cwd: frame.cwd,
    home: process.env.HOME,
    gitBranch: branch.branch,
    onBranchChange: branch.onChange,
    close: branch.close,
    sessionName: () => undefined,
    stats: () => ({ sessionFile: undefined, sessionId: "", userMessages: 0, assistantMessages: 0, toolCalls: 0, toolResults: 0, totalMessages: 0, tokens: NOTHING_YET, cost: 0 }),
    latestCacheHitRate: () => undefined,
    autoCompaction: () => frame.settings.compaction?.enabled ?? true,
    model: () => frame.model,
    modelPending: () => !frame.modelKnown,
    manyProviders: () => frame.manyProviders,
    thinkingLevel: () => frame.thinkingLevel,
    statuses,
  };
}
