// What a bug report holds, in the files pi 1.6.0's `/bug` writes: report.json (environment, model and provider
// without credentials, extensions, settings), diagnostics.json (failed replies of the session and recorded
// crashes, no conversation), and on request session.jsonl (the branch) or summary.md (a model's account of it).
import { release, version as osVersion } from "node:os";
import type { AgentSession, Model, PluginContext } from "../../../kernel/index.js";
import { CURRENT_SESSION_VERSION, uuidv7, type SessionManager } from "../../sessions/index.js";
import type { ZipFile } from "../../../lib/output/zip-archive.js";
import type { CrashRecord } from "./crash-log.js";

const SCHEMA_VERSION = 1;
const REDACTED = "<redacted>";
const SENSITIVE_KEY = /(?:^|[-_])(api[-_]?key|secret|token|password|passwd|credential|authorization|cookie)(?:$|[-_])/i;

export interface BugReportChoices {
  hint?: string;
  includeSession: boolean;
}

export interface BugReportBundle {
  metadata: { id: string; createdAt: string; hint: string | null; session: { included: boolean; summaryIncluded: boolean } } & Record<string, unknown>;
  diagnostics: { crashes: unknown[] } & Record<string, unknown>;
  sessionJsonl?: string;
  summary?: string;
}

function isSensitiveKey(key: string): boolean {
  return SENSITIVE_KEY.test(key.replace(/([a-z0-9])([A-Z])/g, "$1_$2"));
}

/** a URL without user, password and secret-looking query parameters */
export function redactUrl(value: string): string {
  const nested = /^([a-z][a-z0-9+.-]*:)([a-z][a-z0-9+.-]*:\/\/.*)$/i.exec(value);
  if (nested) return `${nested[1]}${redactUrl(nested[2]!)}`;
  try {
    const url = new URL(value);
    let changed = Boolean(url.username || url.password);
    url.username = "";
    url.password = "";
    for (const key of [...url.searchParams.keys()]) {
      if (!isSensitiveKey(key)) continue;
      url.searchParams.set(key, REDACTED);
      changed = true;
    }
    return changed ? url.toString() : value;
  } catch {
    return value;
  }
}

/** a copy of a JSON value with every secret-looking key's value and every URL's credentials replaced */
export function redactJson(value: unknown): unknown {
  if (value === undefined) return undefined;
  return JSON.parse(JSON.stringify(value, (key, child: unknown) => (child !== null && child !== undefined && isSensitiveKey(key) ? REDACTED : typeof child === "string" ? redactUrl(child) : child)));
}

function environment(version: string): Record<string, unknown> {
  const env = (name: string) => process.env[name] || null;
  return {
    version,
    userAgent: `pith/${version}`,
    runtime: `node/${process.version}`,
    platform: process.platform,
    arch: process.arch,
    osRelease: release(),
    osVersion: osVersion(),
    shell: process.env.SHELL?.split(/[\\/]/).pop() || null,
    terminal: {
      term: env("TERM"),
      program: env("TERM_PROGRAM"),
      programVersion: env("TERM_PROGRAM_VERSION"),
      colorterm: env("COLORTERM"),
      tmux: Boolean(process.env.TMUX),
      ssh: Boolean(process.env.SSH_CONNECTION || process.env.SSH_CLIENT || process.env.SSH_TTY),
      ci: Boolean(process.env.CI),
    },
    // names say how it was configured; their values stay on the machine
    piEnvironmentVariables: Object.keys(process.env)
      .filter((name) => name.startsWith("PI_") || name.startsWith("PITH_"))
      .sort(),
  };
}

function describeModel(model: Model): Record<string, unknown> {
  return {
    provider: model.provider,
    id: model.id,
    name: model.name,
    api: model.api,
    baseUrl: redactUrl(model.baseUrl),
    reasoning: model.reasoning,
    input: model.input,
    contextWindow: model.contextWindow,
    maxTokens: model.maxTokens,
    compat: model.compat ? redactJson(model.compat) : null,
    thinkingLevelMap: model.thinkingLevelMap ?? null,
    headerNames: Object.keys(model.headers ?? {}).sort(),
  };
}

function describeProvider(context: PluginContext, provider: string): Record<string, unknown> | null {
  const models = context.tryUse("models");
  if (!models) return null;
  const auth = models.authSource(provider);
  const baseUrl = models.configuredBaseUrl(provider);
  return {
    id: provider,
    name: models.providerName(provider),
    baseUrl: baseUrl ? redactUrl(baseUrl) : null,
    authTypes: auth ? [auth.type] : [],
    usingOAuth: auth?.type === "oauth",
    registeredByExtension: false,
  };
}

export interface BundleSources {
  context: PluginContext;
  session: AgentSession;
  manager: SessionManager | undefined;
  version: string;
  /** extensions that failed to load: their file and what went wrong */
  extensionErrors: readonly { path: string; error: string }[];
  crashes: readonly CrashRecord[];
}

export function buildBugReport(sources: BundleSources, choices: BugReportChoices, summary: string | undefined): BugReportBundle {
  const { context, session, manager } = sources;
  const settings = context.tryUse("settings");
  const withoutIds = (scope: "global" | "project") => {
    const { trackingId: _tracking, deviceId: _device, ...rest } = settings?.fileSettings(scope) ?? {};
    return redactJson(rest);
  };
  const metadata = {
    schemaVersion: SCHEMA_VERSION,
    id: uuidv7(),
    createdAt: new Date().toISOString(),
    hint: choices.hint?.trim() || null,
    environment: environment(sources.version),
    session: {
      id: session.sessionId,
      included: choices.includeSession,
      summaryIncluded: summary !== undefined,
      messageCount: session.messages.length,
      ...(choices.includeSession ? { cwd: session.cwd } : {}),
    },
    model: session.model ? describeModel(session.model) : null,
    provider: session.model ? describeProvider(context, session.model.provider) : null,
    thinkingLevel: session.thinkingLevel,
    extensions: (context.tryUse("extensions")?.loaded ?? []).map((extension) => ({
      path: extension.path,
      source: redactUrl(extension.sourceInfo.source),
      scope: extension.sourceInfo.scope,
      origin: extension.sourceInfo.origin,
      hidden: false,
    })),
    extensionErrors: sources.extensionErrors.map(({ path, error }) => ({ path, error })),
    settings: { global: withoutIds("global"), project: withoutIds("project") },
  };
  return {
    metadata,
    diagnostics: diagnosticsOf(session.sessionId, manager, sources.crashes),
    summary,
    sessionJsonl: choices.includeSession && manager ? branchJsonl(session, manager) : undefined,
  };
}

/** the replies that failed, were aborted or carry provider diagnostics; never their content */
function diagnosticsOf(sessionId: string, manager: SessionManager | undefined, crashes: readonly CrashRecord[]): BugReportBundle["diagnostics"] {
  const entries = manager?.getEntries() ?? [];
  const assistant: Record<string, unknown>[] = [];
  let assistantMessageCount = 0;
  for (const entry of entries) {
    if (entry.type !== "message" || entry.message.role !== "assistant") continue;
    assistantMessageCount++;
    const message = entry.message as typeof entry.message & { diagnostics?: unknown[]; rawStopReason?: string };
    const diagnostics = message.diagnostics ?? [];
    if (diagnostics.length === 0 && message.stopReason !== "error" && message.stopReason !== "aborted" && !message.errorMessage) continue;
    assistant.push({
      entryId: entry.id,
      timestamp: entry.timestamp,
      provider: message.provider,
      model: message.model,
      api: message.api,
      stopReason: message.stopReason,
      ...(message.rawStopReason === undefined ? {} : { rawStopReason: message.rawStopReason }),
      ...(message.errorMessage === undefined ? {} : { errorMessage: message.errorMessage }),
      diagnostics,
    });
  }
  return {
    schemaVersion: SCHEMA_VERSION,
    sessionId,
    entryCount: entries.length,
    assistantMessageCount,
    assistant,
    crashes: crashes.map(({ notified: _notified, ...record }) => record),
  };
}

/** the active branch as a session file, then the system prompt and tools the model saw (pi's `pi.share` entry) */
function branchJsonl(session: AgentSession, manager: SessionManager): string {
  const timestamp = new Date().toISOString();
  const lines: unknown[] = [{ type: "session", version: CURRENT_SESSION_VERSION, id: manager.getSessionId(), timestamp, cwd: manager.getCwd() }];
  let parentId: string | null = null;
  for (const entry of manager.getBranch()) {
    lines.push({ ...entry, parentId });
    parentId = entry.id;
  }
  const active = new Set(session.activeToolNames());
  const tools = session.allTools().filter((tool) => active.has(tool.name));
  lines.push({
    type: "custom",
    customType: "pi.share",
    id: uuidv7().slice(-8),
    parentId,
    timestamp,
    data: { systemPrompt: session.systemPrompt, tools: tools.map(({ name, description, parameters }) => ({ name, description, parameters })) },
  });
  return `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`;
}

export function bugReportFiles(bundle: BugReportBundle): ZipFile[] {
  const files: ZipFile[] = [
    { name: "report.json", data: `${JSON.stringify(bundle.metadata, null, 2)}\n` },
    { name: "diagnostics.json", data: `${JSON.stringify(bundle.diagnostics, null, 2)}\n` },
  ];
  if (bundle.sessionJsonl !== undefined) files.push({ name: "session.jsonl", data: bundle.sessionJsonl });
  if (bundle.summary !== undefined) files.push({ name: "summary.md", data: bundle.summary.endsWith("\n") ? bundle.summary : `${bundle.summary}\n` });
  return files;
}
