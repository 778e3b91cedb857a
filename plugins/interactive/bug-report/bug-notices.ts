// Where the UI points the user at `/bug`: after a crash (recorded for the next start), at the start after one,
// and once per session after a reply failed for no reason the user or a retry explains.
import type { AgentMessage } from "../../../kernel/index.js";
import type { LoadedExtension } from "../../extensions/index.js";
import { classifyFailure, failureFacts } from "../../retry/index.js";
import { crashLogPath, recordCrash, takeUnmentionedCrash, type CrashRecord } from "./crash-log.js";
import { crashExtensionHint, extensionsInStack } from "./crash-hint.js";

export interface CrashScene {
  agentDir: string;
  version: string;
  sessionFile: string | undefined;
  cwd: string;
  extensions: readonly LoadedExtension[];
}

/** Records an uncaught error; the lines to print after the error itself (extensions involved, how to report it). */
export function recordUncaughtCrash(error: unknown, scene: CrashScene): string[] {
  const { hint, report } = recordFailure("uncaught_exception", error, scene);
  return [...(hint ? [hint] : []), ...(report ? [report] : [])];
}

/**
 * Records a failure the UI cannot go on after (`fatal_error`: a session move that failed half-way, as pi 1.6.0
 * records a failed session creation); the extensions involved, and how to report it once it is recorded.
 */
export function recordFailure(kind: CrashRecord["kind"], error: unknown, scene: CrashScene): { hint?: string; report?: string } {
  const hint = crashExtensionHint(extensionsInStack(error instanceof Error ? error.stack : undefined, scene.extensions));
  const recorded = recordCrash(crashLogPath(scene.agentDir), { kind, error, version: scene.version, sessionFile: scene.sessionFile ?? null, cwd: scene.cwd });
  const first = scene.sessionFile ? "run `pith -r` to resume the session, then" : "start pith and";
  return { ...(hint ? { hint } : {}), ...(recorded ? { report: `To report this crash: ${first} run /bug; the crash details go into the report.` } : {}) };
}

/** the start's notice of a crash not mentioned yet */
export function crashNoticeAtStart(agentDir: string): string | undefined {
  const crash = takeUnmentionedCrash(crashLogPath(agentDir));
  if (!crash) return undefined;
  return `pith crashed on ${new Date(crash.timestamp).toLocaleString()} (${crash.message}). Run /bug to report it; the crash details go into the report.`;
}

export const BUG_HINT = "If this looks like a pith bug, /bug writes a report for its developers.";

/** true once per session: for a reply that failed with an error no retry would fix and no abort explains */
export class BugHint {
  private shown = false;

  after(message: AgentMessage): boolean {
    if (this.shown || message.role !== "assistant") return false;
    const facts = failureFacts(message);
    if (!facts || classifyFailure(facts).retry) return false;
    if (/\b(?:abort(?:ed)?|cancel(?:l?ed)?)\b/i.test(facts.message)) return false;
    this.shown = true;
    return true;
  }
}
