// `/bug [description]`: pi 1.6.0's report flow (what went wrong, whether the transcript goes in, or else a summary
// the current model writes of it), ending in a zip archive in the session's folder. pi can also upload to its own
// developers; a report about pith belongs to pith's, so pith writes the archive for the user to look over and send.
// The report is recorded in the session (a `pi.bug-report` entry) and the crashes it carries leave crashes.json.
import { join } from "node:path";
import { CancellableLoader } from "@earendil-works/pi-tui";
import { writeZipArchive } from "../../../lib/output/zip-archive.js";
import { modelAccessFrom, requestSummary, serializeConversation } from "../../compaction/index.js";
import type { CommandHost } from "../commands/command-host.js";
import { inputDialog, openDialog, selectDialog } from "../ui-service/dialogs.js";
import { clearCrashLog, crashLogPath, readCrashLog } from "./crash-log.js";
import { buildBugReport, bugReportFiles, type BugReportBundle } from "./report-bundle.js";

export const BUG_REPORT_ENTRY_TYPE = "pi.bug-report";

const WHAT_IT_HOLDS =
  "The report is a zip file written to this folder, for you to look over and send to pith's developers. It holds pith's version, your operating system, the model and provider settings (never keys), the loaded extensions, your settings, and the errors and crashes recorded.";
const TRANSCRIPT_HOLDS = "The transcript holds your messages, the model's replies, and every tool call with its output: file contents and command output included.";

const SUMMARY_SYSTEM_PROMPT =
  "You write bug reports about pith, a coding agent, for its developers. You are given the transcript of a session with pith. Report what the user was doing and what went wrong. Do not answer or continue the conversation; write only the report.";
const SUMMARY_SECTIONS = `Write the report in Markdown, in four sections:

## What the user was doing
A short paragraph.

## What went wrong
The failure itself: wrong output, errors, hangs, failed tools, surprising behaviour. Quote error messages and tool output exactly where the transcript has them.

## Steps to reproduce
A numbered list, as exact as the transcript allows.

## Relevant details
Tools involved, files touched (by path), how the model behaved, anything that helps find the cause.

Leave out file contents, secrets and credentials. Keep it factual and short.`;

interface Choices {
  hint?: string;
  includeSession: boolean;
  includeSummary: boolean;
}

export async function bugCommand(args: string, host: CommandHost): Promise<void> {
  const choices = await askChoices(host, args.trim());
  if (!choices) return host.chat.notify("status", "Bug report cancelled");
  let summary: string | undefined;
  if (choices.includeSummary) {
    const written = await writeSummary(host, choices.hint);
    if (written === undefined) return;
    summary = written;
  }
  const { session, context, app } = host;
  const manager = context.tryUse("sessions")?.manager;
  const crashFile = crashLogPath(app.agentDir);
  let bundle: BugReportBundle;
  try {
    const sources = { context, session, manager, version: app.version, extensionErrors: app.extensionErrors(), crashes: readCrashLog(crashFile) };
    bundle = buildBugReport(sources, choices, summary);
  } catch (error) {
    return host.chat.notify("error", `Failed to build bug report: ${messageOf(error)}`);
  }
  const archive = join(session.cwd, `pith-bug-report-${bundle.metadata.id}.zip`);
  try {
    await writeZipArchive(archive, bugReportFiles(bundle));
  } catch (error) {
    return host.chat.notify("error", `Failed to write bug report: ${messageOf(error)}`);
  }
  manager?.appendCustomEntry(BUG_REPORT_ENTRY_TYPE, {
    id: bundle.metadata.id,
    createdAt: bundle.metadata.createdAt,
    hint: bundle.metadata.hint,
    sessionIncluded: bundle.metadata.session.included,
    summaryIncluded: bundle.metadata.session.summaryIncluded,
    delivery: "zip",
    path: archive,
  });
  if (bundle.diagnostics.crashes.length > 0) clearCrashLog(crashFile);
  host.chat.notify("status", `Bug report exported to: ${archive}\nReport ID: ${bundle.metadata.id}`);
}

async function askChoices(host: CommandHost, initialHint: string): Promise<Choices | undefined> {
  const { ui, session } = host;
  const hint = await inputDialog(ui, "Report a bug", initialHint || undefined, { description: `${WHAT_IT_HOLDS}\n\nWhat went wrong? (optional)` });
  if (hint === undefined) return undefined;
  const transcript = await selectDialog(ui, "Include the session transcript?", ["Yes, include the transcript", "No"], { description: TRANSCRIPT_HOLDS });
  if (!transcript) return undefined;
  const includeSession = transcript !== "No";
  const modelName = session.model?.name ?? "the current model";
  let includeSummary = false;
  if (!includeSession) {
    const provider = session.model?.provider ?? "your provider";
    const summary = await selectDialog(ui, `Attach a summary written by ${modelName} instead?`, ["Yes, generate a summary", "No"], {
      description: `The transcript goes to ${provider}, with your credentials and at the cost of its tokens; only the summary goes into the report, the transcript stays here.`,
    });
    if (!summary) return undefined;
    includeSummary = summary !== "No";
  }
  const description = hint.trim();
  const confirm = await selectDialog(ui, "Bug report", ["Export as Zip", "Cancel"], {
    description: `Description: ${description || "none"}\nTranscript: ${includeSession ? "included" : "not included"}\nSummary: ${includeSummary ? `written by ${modelName}` : "none"}\n\nThe zip is written to ${session.cwd}.`,
  });
  if (confirm !== "Export as Zip") return undefined;
  return { hint: description || undefined, includeSession, includeSummary };
}

/** the current model's account of the session; undefined (and said why) when it failed or was cancelled */
async function writeSummary(host: CommandHost, hint: string | undefined): Promise<string | undefined> {
  const { session, context, ui, tui, chat } = host;
  const model = session.model;
  if (!model) {
    chat.notify("error", "Failed to write bug report summary: no model is selected.");
    return undefined;
  }
  const theme = ui.dialogTheme();
  let loader: CancellableLoader | undefined;
  const closed = openDialog<void>(
    ui,
    (finish) => {
      loader = new CancellableLoader(tui, (text) => theme.fg("accent", text), (text) => theme.fg("muted", text), `Writing summary with ${model.name}... (escape to cancel)`);
      loader.onAbort = () => finish();
      return loader;
    },
    undefined,
  );
  const signal = loader!.signal;
  try {
    const budget = Math.floor((model.contextWindow > 0 ? model.contextWindow : 128_000) * 0.6);
    const prompt = [`<conversation>\n${serializeConversation(session.messages, budget)}\n</conversation>`, hint ? `<user-report>\n${hint}\n</user-report>` : undefined, SUMMARY_SECTIONS]
      .filter((part) => part !== undefined)
      .join("\n\n");
    const call = { model, access: modelAccessFrom(context), thinkingLevel: session.thinkingLevel, sessionId: session.sessionId };
    const text = (await requestSummary(call, { prompt, maxTokens: 4096, systemPrompt: SUMMARY_SYSTEM_PROMPT, signal })).trim();
    if (!text) throw new Error("the summary was empty");
    return text;
  } catch (error) {
    chat.notify(signal.aborted ? "status" : "error", signal.aborted ? "Bug report cancelled" : `Failed to write bug report summary: ${messageOf(error)}`);
    return undefined;
  } finally {
    loader?.stop();
    loader?.onAbort?.();
    await closed;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
