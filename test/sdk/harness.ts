// A temporary home for SDK tests: an agent dir whose models.json declares `mock/alpha` and `mock/beta`
// (reasoning) on the openai-completions api, answered in-process by the scripted provider, a project folder
// and a session folder. Nothing of the developer's ~/.pi is read.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Logger, PithPlugin, SessionEvent } from "../../kernel/index.js";
import { BUILTIN_PLUGIN_NAMES, type BuiltinPluginName } from "../../sdk/builtin-plugins.js";
import type { CreateAgentSessionOptions } from "../../sdk/create-agent-session.js";
import { createScriptedProvider, scriptedProviderPlugin, type ScriptedProvider, type ScriptedStep } from "../../sdk/testing/index.js";

export const MOCK_API = "openai-completions";

/** Every built-in except the real OpenAI provider, whose api the scripted provider answers instead. */
export const BUILTINS: BuiltinPluginName[] = BUILTIN_PLUGIN_NAMES.filter((name) => name !== "provider-openai");

export interface SdkWorld {
  home: string;
  agentDir: string;
  project: string;
  sessionDir: string;
  warnings: string[];
  /** createAgentSession options for this world, with a scripted provider answering `steps` */
  options(steps?: ScriptedStep[], extra?: CreateAgentSessionOptions): CreateAgentSessionOptions & { scripted: ScriptedProvider };
  settingsFile(): Record<string, unknown>;
  close(): void;
}

export function sdkWorld(settings: Record<string, unknown> = {}): SdkWorld {
  const home = mkdtempSync(join(tmpdir(), "pith-sdk-"));
  const agentDir = join(home, "agent");
  const project = join(home, "project");
  const sessionDir = join(home, "sessions");
  for (const dir of [agentDir, project, sessionDir]) mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(agentDir, "models.json"),
    JSON.stringify({
      providers: {
        mock: {
          baseUrl: "http://127.0.0.1:9/v1",
          api: MOCK_API,
          apiKey: "test-key",
          models: [
            { id: "alpha", contextWindow: 200_000, maxTokens: 8192 },
            { id: "beta", reasoning: true, contextWindow: 100_000, maxTokens: 8192 },
          ],
        },
      },
    }),
  );
  writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ defaultProvider: "mock", defaultModel: "alpha", enabledModels: ["mock/*"], ...settings }));
  const warnings: string[] = [];
  const log: Logger = { debug() {}, info() {}, warn: (message) => void warnings.push(message), error: (message) => void warnings.push(message) };
  return {
    home,
    agentDir,
    project,
    sessionDir,
    warnings,
    options(steps = [], extra = {}) {
      const scripted = createScriptedProvider({ turns: steps, api: MOCK_API });
      return {
        cwd: project,
        agentDir,
        sessionDir,
        builtins: BUILTINS,
        log,
        ...extra,
        plugins: [scriptedProviderPlugin(scripted), ...(extra.plugins ?? [])],
        scripted,
      };
    },
    settingsFile: () => JSON.parse(readFileSync(join(agentDir, "settings.json"), "utf8")) as Record<string, unknown>,
    close: () => rmSync(home, { recursive: true, force: true }),
  };
}

/** Records every event, and lets a test wait for the first one that matches (seen already or still to come). */
export function eventLog() {
  const events: SessionEvent[] = [];
  const waiters: { match: (event: SessionEvent) => boolean; resolve: (event: SessionEvent) => void }[] = [];
  return {
    events,
    listener(event: SessionEvent): void {
      events.push(event);
      for (const waiter of [...waiters]) {
        if (!waiter.match(event)) continue;
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    },
    next(match: (event: SessionEvent) => boolean): Promise<SessionEvent> {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
    types: () => events.map((event) => event.type),
  };
}

/** A plugin that records the session_start announcements it hears. */
export function startRecorder(): { plugin: PithPlugin; starts: { reason: string; previousSessionFile?: string }[] } {
  const starts: { reason: string; previousSessionFile?: string }[] = [];
  return {
    starts,
    plugin: {
      name: "start-recorder",
      setup(context) {
        context.on("session_start", (event) => void starts.push({ reason: event.reason, previousSessionFile: event.previousSessionFile }));
      },
    },
  };
}

export function jsonLines(file: string): Record<string, unknown>[] {
  return readFileSync(file, "utf8")
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
