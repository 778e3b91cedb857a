// A real session for retry tests: settings.json in a temporary agent dir, the scripted provider, the retry plugin.
import { mkdtempSync, writeFileSync } from "node:fs";
import { Writable } from "node:stream";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Logger, PithPlugin, SessionEvent } from "../../kernel/index.js";
import { createAgentSession } from "../../sdk/create-agent-session.js";
import { createScriptedProvider, scriptedModel, scriptedProviderPlugin, type ScriptedStep } from "../../sdk/testing/index.js";
import { retryPlugin, type RetryPluginOptions } from "../../plugins/retry/index.js";
import { removeAfterTest } from "../support/temp-folders.js";

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "pith-retry-"));
  removeAfterTest(dir);
  return dir;
}

/** An agent dir whose settings.json holds `settings` (a string is written verbatim). */
export function agentDirWith(settings: object | string | undefined): string {
  const dir = tempDir();
  if (settings !== undefined) {
    writeFileSync(join(dir, "settings.json"), typeof settings === "string" ? settings : JSON.stringify(settings, null, 2));
  }
  return dir;
}

export interface RecordingLog extends Logger {
  warnings: string[];
}

export function recordingLog(): RecordingLog {
  const warnings: string[] = [];
  return { warnings, debug() {}, info() {}, warn: (message) => void warnings.push(message), error: (message) => void warnings.push(message) };
}

export interface RetryHarnessOptions {
  settings?: object | string;
  turns: ScriptedStep[];
  plugins?: PithPlugin[];
  retry?: RetryPluginOptions;
}

export async function retrySession(options: RetryHarnessOptions) {
  const agentDir = agentDirWith(options.settings);
  const scripted = createScriptedProvider({ turns: options.turns });
  const log = recordingLog();
  const { session } = await createAgentSession({
    cwd: tempDir(),
    agentDir,
    builtins: [],
    plugins: [scriptedProviderPlugin(scripted), retryPlugin(options.retry), ...(options.plugins ?? [])],
    model: scriptedModel(),
    log,
  });
  const events: SessionEvent[] = [];
  session.subscribe((event) => void events.push(event));
  const retryEvents = () => events.filter((event) => event.type === "auto_retry_start" || event.type === "auto_retry_end");
  return { session, scripted, events, retryEvents, log, agentDir };
}

export const overloaded = { error: { message: "529 overloaded_error: Overloaded", status: 529, errorType: "overloaded_error" } };

/** A real stream that keeps what is written to it. */
export function collectingStream(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => chunks.join("") };
}
