// Runs the built `pith` CLI as a child process against the mock LLM server, in a temporary project with its
// own agent directory, so nothing of the developer's ~/.pi is read.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startMockLlm, type MockLlm } from "../support/mock-llm/index.js";
import { shareCodeCache } from "../support/code-cache.js";
import { runProcess, type ProcessResult, type ProcessStdin, type RunProcessOptions } from "../support/run-process.js";

export const PITH_BIN = fileURLToPath(new URL("../../bin/pith.cjs", import.meta.url));

export type CliResult = ProcessResult;

export interface CliWorld {
  mock: MockLlm;
  home: string;
  agentDir: string;
  project: string;
  env: NodeJS.ProcessEnv;
  /** `stdin`: text piped in, or `{ file }` opened as the child's stdin (`pith < file`); else /dev/null */
  /** `cwd` defaults to `project` */
  run(args: string[], options?: { stdin?: CliStdin; env?: NodeJS.ProcessEnv; cwd?: string; onSpawn?: (child: import("node:child_process").ChildProcess) => void }): Promise<CliResult>;
  close(): Promise<void>;
}

/**
 * A world whose models.json declares `mock/mock-model` on the given api, served by the mock server. Its cache folder
 * shares the run's V8 code cache (test/support/code-cache.ts) unless `ownCodeCache`.
 */
export async function createCliWorld(
  api: "anthropic-messages" | "openai-completions" | "openai-responses" = "anthropic-messages",
  options: { ownCodeCache?: boolean } = {},
): Promise<CliWorld> {
  const mock = await startMockLlm();
  const home = await mkdtemp(join(tmpdir(), "pith-cli-"));
  const agentDir = join(home, "agent");
  const project = join(home, "project");
  await mkdir(agentDir, { recursive: true });
  await mkdir(project, { recursive: true });
  if (!options.ownCodeCache) await shareCodeCache(join(home, "cache"));
  await writeFile(
    join(agentDir, "models.json"),
    JSON.stringify({
      providers: {
        mock: {
          baseUrl: api === "anthropic-messages" ? mock.url : `${mock.url}/v1`,
          api,
          apiKey: "test-key",
          models: [{ id: "mock-model", contextWindow: 200000, maxTokens: 8192 }],
        },
      },
    }),
  );
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    PI_CODING_AGENT_DIR: agentDir,
    PITH_CACHE_DIR: join(home, "cache"),
    TMPDIR: tmpdir(),
    // pi 1.6.0's CLI (on Node 22) keeps its compile cache in the run's folder (vitest.config.ts)
    ...(process.env.NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE } : {}),
  };
  return {
    mock,
    home,
    agentDir,
    project,
    env,
    run: (args, options = {}) => runCli(args, { cwd: options.cwd ?? project, env: { ...env, ...options.env }, stdin: options.stdin, onSpawn: options.onSpawn }),
    async close() {
      await mock.close();
      await rm(home, { recursive: true, force: true });
    },
  };
}

/** Replaces the world's models.json: provider `mock` (anthropic-messages, on the mock server) with these models. */
export async function writeMockModels(world: Pick<CliWorld, "agentDir" | "mock">, models: Record<string, unknown>[]): Promise<void> {
  await writeFile(
    join(world.agentDir, "models.json"),
    JSON.stringify({ providers: { mock: { baseUrl: world.mock.url, api: "anthropic-messages", apiKey: "test-key", models } } }),
  );
}

export type CliStdin = ProcessStdin;

export function runCli(args: string[], options: RunProcessOptions): Promise<CliResult> {
  return runProcess(process.execPath, [PITH_BIN, ...args], options);
}

export function jsonLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
