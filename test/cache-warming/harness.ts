// A session as the SDK assembles it, against the mock LLM server: a models.json model with a prompt-cache lifetime
// of 12 s (pith refreshes 2 s after each request: ten seconds before expiry, pi's margin; by then the reply
// whose size the decision weighs has arrived), session files in a
// temporary folder, pi extensions given inline, and a `work` tool that runs until the test lets it finish (a long
// tool run, during which the cache is kept warm).
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, vi } from "vitest";
import type { PithError, PithPlugin, SessionEvent, ToolResult } from "../../kernel/index.js";
import { createAgentSession } from "../../sdk/create-agent-session.js";
import type { ExtensionFactory } from "../../plugins/extensions/contract/types.js";
import type { MockLlm } from "../support/mock-llm/index.js";
import { removeAfterTest } from "../support/temp-folders.js";

export function tempDir(): string {
  const folder = mkdtempSync(join(tmpdir(), "pith-cache-warming-"));
  removeAfterTest(folder);
  return folder;
}

/** $3 / $15 / $0.30 / $3.75 per million tokens: Claude Sonnet's prices */
export const SONNET_COST = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };

export interface WarmingOptions {
  mock: MockLlm;
  /** settings.json of the agent folder */
  settings?: object;
  /** project settings.json (the project is trusted) */
  projectSettings?: object;
  promptCache?: object;
  extensions?: ExtensionFactory[];
}

/** Resolves the `work` tool's pending call, once it is pending. */
export interface Gate {
  release(): Promise<void>;
}

/**
 * A refresh's clock starts when the request is built; the first request of a test worker also imports the Anthropic
 * SDK, which can take longer than the refresh delay, so the decision would weigh a reply not yet in.
 */
export async function preloadAnthropicSdk(): Promise<void> {
  await Promise.all([import("@anthropic-ai/sdk/client"), import("@anthropic-ai/sdk/resources/messages/messages")]);
}

export async function warmingSession(options: WarmingOptions) {
  await preloadAnthropicSdk();
  const agentDir = tempDir();
  const cwd = tempDir();
  const sessionDir = tempDir();
  writeFileSync(join(agentDir, "settings.json"), JSON.stringify(options.settings ?? {}));
  if (options.projectSettings) {
    mkdirSync(join(cwd, ".pi"));
    writeFileSync(join(cwd, ".pi", "settings.json"), JSON.stringify(options.projectSettings));
  }
  const model = { id: "mock-claude", contextWindow: 1_000_000, maxTokens: 1024, cost: SONNET_COST, promptCache: options.promptCache ?? { short: 12 } };
  writeFileSync(join(agentDir, "models.json"), JSON.stringify({ providers: { mock: { baseUrl: options.mock.url, api: "anthropic-messages", apiKey: "test-key", models: [model] } } }));
  const gates: (() => void)[] = [];
  const gate: Gate = {
    // the call may still be on its way to the tool (the first argument check of a worker loads the validator)
    release: () => vi.waitFor(() => expect(gates.length).toBeGreaterThan(0), { timeout: 10_000 }).then(() => gates.shift()!()),
  };
  const workTool: PithPlugin = {
    name: "work-tool",
    setup(context) {
      context.registerTool({
        name: "work",
        description: "Works until the test says it is done",
        parameters: { type: "object", properties: {} },
        execute: (_args, tool) =>
          new Promise<ToolResult>((resolve) => {
            const done = () => resolve({ content: [{ type: "text", text: "worked" }], details: undefined });
            gates.push(done);
            tool.signal.addEventListener("abort", done, { once: true });
          }),
      });
    },
  };
  const problems: PithError[] = [];
  const created = await createAgentSession({
    cwd,
    agentDir,
    sessionDir,
    builtins: ["sessions", "models", "provider-anthropic", "cache-warming", "system-prompt", "session-control"],
    extensions: { inline: (options.extensions ?? []).map((factory, index) => ({ name: `ext${index}`, factory })) },
    projectTrust: { approve: true },
    plugins: [workTool],
    model: "mock/mock-claude",
    thinkingLevel: "off",
    onProblem: (problem) => problems.push(problem),
    log: { debug() {}, info() {}, warn() {}, error() {} },
  });
  const { session } = created;
  const events: SessionEvent[] = [];
  session.subscribe((event) => void events.push(event));
  const service = (name: "cacheWarming" | "sessions" | "sessionInfo") => session.registry.services.get(name);
  return {
    ...created,
    gate,
    events,
    problems,
    cacheWarming: () => service("cacheWarming") as import("../../plugins/cache-warming/index.js").CacheWarmingService,
    manager: () => (service("sessions") as import("../../plugins/sessions/sessions-service.js").SessionsService).manager,
    stats: () => (service("sessionInfo") as import("../../plugins/session-services/session-info.js").SessionInfoService).stats(),
  };
}
