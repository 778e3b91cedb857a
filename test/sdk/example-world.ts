// Runs the programs in docs/examples as their users would, against the mock LLM server: an agent folder whose
// models.json and settings make `mock/mock-model` (Anthropic Messages, served on 127.0.0.1) the default model,
// a temporary HOME, and a project folder as the working directory.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { format } from "node:util";
import { vi } from "vitest";
import { shareCodeCache } from "../support/code-cache.js";
import { startMockLlm, type MockLlm, type ScriptedReply } from "../support/mock-llm/index.js";

export interface ExampleWorld {
  mock: MockLlm;
  home: string;
  agentDir: string;
  project: string;
  /** environment for a child process: this world's HOME and agent folder, nothing of the developer's */
  env: NodeJS.ProcessEnv;
  close(): Promise<void>;
}

export async function exampleWorld(replies: ScriptedReply[] = [], fallback?: ScriptedReply): Promise<ExampleWorld> {
  const mock = await startMockLlm({ replies, fallback });
  const home = mkdtempSync(join(tmpdir(), "pith-example-"));
  const agentDir = join(home, ".pi", "agent");
  const project = join(home, "project");
  mkdirSync(agentDir, { recursive: true });
  mkdirSync(project);
  writeAgentFolder(agentDir, mock.url);
  await shareCodeCache(join(home, "cache"));
  return {
    mock,
    home,
    agentDir,
    project,
    env: { PATH: process.env.PATH, HOME: home, PI_CODING_AGENT_DIR: agentDir, TMPDIR: tmpdir(), PITH_CACHE_DIR: join(home, "cache") },
    async close() {
      await mock.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** models.json and settings.json that make the mock server's model the default one. */
export function writeAgentFolder(agentDir: string, url: string): void {
  mkdirSync(agentDir, { recursive: true });
  writeFileSync(
    join(agentDir, "models.json"),
    JSON.stringify({
      providers: {
        mock: { baseUrl: url, api: "anthropic-messages", apiKey: "test-key", models: [{ id: "mock-model", contextWindow: 200_000, maxTokens: 8192 }] },
      },
    }),
  );
  writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ defaultProvider: "mock", defaultModel: "mock-model" }));
}

const ENV_KEYS = ["HOME", "PI_CODING_AGENT_DIR", "PI_CODING_AGENT_SESSION_DIR"];

/**
 * Runs an example module in this process, in the world's project folder with the world's HOME and agent
 * folder, and returns what it printed. Each example module runs once per test file (imports are cached).
 */
export async function runExample(world: ExampleWorld, load: () => Promise<unknown>): Promise<string> {
  const cwd = process.cwd();
  const savedEnv = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));
  const printed: string[] = [];
  process.env.HOME = world.home;
  process.env.PI_CODING_AGENT_DIR = world.agentDir;
  delete process.env.PI_CODING_AGENT_SESSION_DIR;
  process.chdir(world.project);
  const log = vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void printed.push(`${format(...args)}\n`));
  const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    printed.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
    return true;
  });
  try {
    await load();
  } finally {
    log.mockRestore();
    write.mockRestore();
    process.chdir(cwd);
    for (const [key, value] of Object.entries(savedEnv)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
  return printed.join("");
}
