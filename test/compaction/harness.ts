// A real session for compaction tests: settings.json (and models.json) in a temporary agent dir, the sessions
// plugin writing JSONL files there, the scripted provider, and the compaction plugin.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Logger, Model, PithPlugin, SessionEvent, StreamRequest } from "../../kernel/index.js";
import { createAgentSession } from "../../sdk/create-agent-session.js";
import { createScriptedProvider, scriptedModel, scriptedProviderPlugin, type ScriptedStep, type ScriptedTurn } from "../../sdk/testing/index.js";
import { compactionPlugin, SUMMARY_SYSTEM_PROMPT, type CompactionPluginOptions, type CompactionService } from "../../plugins/compaction/index.js";
import { sessionsPlugin, type SessionsService } from "../../plugins/sessions/index.js";
import type { BuiltinPluginName } from "../../sdk/builtin-plugins.js";
import { tempDir } from "./fixtures.js";

export interface RecordingLog extends Logger {
  warnings: string[];
}

export function recordingLog(): RecordingLog {
  const warnings: string[] = [];
  return { warnings, debug() {}, info() {}, warn: (message) => void warnings.push(message), error: (message) => void warnings.push(message) };
}

export function isSummaryRequest(request: StreamRequest): boolean {
  return request.systemPrompt === SUMMARY_SYSTEM_PROMPT;
}

/** Text of the single user message of a summary request. */
export function summaryPromptOf(request: StreamRequest): string {
  const content = request.messages[0]!.content;
  return typeof content === "string" ? content : content.map((block) => (block.type === "text" ? block.text : "")).join("");
}

/**
 * Steps that answer summary requests with `summary(request)` and every other request with the next of
 * `conversation`, so tests need not know where compaction requests fall.
 */
export function routed(conversation: ScriptedStep[], summary: (request: StreamRequest) => ScriptedTurn = () => ({ text: "## Goal\nsummarised" })): ScriptedStep[] {
  const queue = [...conversation];
  const step: ScriptedStep = (request) => {
    if (isSummaryRequest(request)) return summary(request);
    const next = queue.shift();
    if (!next) return { error: { message: "test script: no conversation turn left" } };
    return typeof next === "function" ? next(request) : next;
  };
  return Array.from({ length: conversation.length * 3 + 10 }, () => step);
}

export interface CompactionHarnessOptions {
  settings?: object;
  models?: object;
  model?: Partial<Model>;
  steps: ScriptedStep[];
  plugins?: PithPlugin[];
  /** plugins loaded before compaction (e.g. retry) */
  before?: PithPlugin[];
  builtins?: BuiltinPluginName[];
  compaction?: CompactionPluginOptions;
  /** the wire protocol the scripted provider registers under (models.json accepts only known ones) */
  api?: string;
}

export async function compactionSession(options: CompactionHarnessOptions) {
  const agentDir = tempDir();
  if (options.settings) writeFileSync(join(agentDir, "settings.json"), JSON.stringify(options.settings));
  if (options.models) writeFileSync(join(agentDir, "models.json"), JSON.stringify(options.models));
  const scripted = createScriptedProvider({ turns: options.steps, api: options.api });
  const log = recordingLog();
  let compaction!: CompactionService;
  let sessions!: SessionsService;
  const services: PithPlugin = {
    name: "test-services",
    setup(context) {
      compaction = context.use("compaction");
      sessions = context.use("sessions");
    },
  };
  const model = scriptedModel({ contextWindow: 4000, maxTokens: 1000, ...(options.api ? { api: options.api } : {}), ...options.model });
  const { session } = await createAgentSession({
    cwd: tempDir(),
    agentDir,
    builtins: options.builtins ?? [],
    plugins: [
      scriptedProviderPlugin(scripted),
      sessionsPlugin({ agentDir }),
      ...(options.before ?? []),
      compactionPlugin(options.compaction),
      services,
      ...(options.plugins ?? []),
    ],
    model,
    log,
  });
  const events: SessionEvent[] = [];
  session.subscribe((event) => void events.push(event));
  const of = <T extends SessionEvent["type"]>(type: T) => events.filter((event): event is Extract<SessionEvent, { type: T }> => event.type === type);
  const conversationRequests = () => scripted.requests.filter((request) => !isSummaryRequest(request));
  const summaryRequests = () => scripted.requests.filter(isSummaryRequest);
  return { session, scripted, events, of, log, agentDir, model, compaction: () => compaction, sessions: () => sessions, conversationRequests, summaryRequests };
}

export function fileLines(file: string): Record<string, unknown>[] {
  return readFileSync(file, "utf8")
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

export function rolesOf(messages: readonly object[]): string[] {
  return messages.map((message) => (message as { role: string }).role);
}
