// A temporary project with its own agent folder and cache, and sessions assembled the way the SDK assembles
// them, with the extensions plugin last and the scripted provider as the model.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createAgentSession, type CreateAgentSessionOptions, type CreatedSession } from "../../sdk/create-agent-session.js";
import { createScriptedProvider, scriptedModel, scriptedProviderPlugin, type ScriptedProvider, type ScriptedTurn } from "../../sdk/testing/index.js";
import { extensionsPlugin, type ExtensionsPluginOptions } from "../../plugins/extensions/index.js";
import type { PithError } from "../../kernel/errors.js";
import type { Logger, PithPlugin } from "../../kernel/plugin.js";

export interface World {
  root: string;
  project: string;
  agentDir: string;
  cacheDir: string;
  /** writes a file under the world root (parents created) and returns its absolute path */
  write(path: string, content: string): Promise<string>;
  close(): Promise<void>;
}

export async function createWorld(): Promise<World> {
  const root = await mkdtemp(join(tmpdir(), "pith-ext-"));
  const world: World = {
    root,
    project: join(root, "project"),
    agentDir: join(root, "agent"),
    cacheDir: join(root, "cache"),
    async write(path, content) {
      const full = join(root, path);
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, content);
      return full;
    },
    close: () => rm(root, { recursive: true, force: true }),
  };
  await mkdir(world.project, { recursive: true });
  await mkdir(world.agentDir, { recursive: true });
  return world;
}

export interface Started extends CreatedSession {
  scripted: ScriptedProvider;
  problems: PithError[];
  warnings: string[];
  logged: string[];
}

export async function startSession(
  world: World,
  options: Partial<ExtensionsPluginOptions> & {
    turns?: ScriptedTurn[];
    before?: PithPlugin[];
    after?: PithPlugin[];
    tools?: string[];
    /** keep session files in this folder (default: sessions in memory) */
    sessionDir?: string;
    projectTrust?: CreateAgentSessionOptions["projectTrust"];
  } = {},
): Promise<Started> {
  const { turns = [], before = [], after = [], tools, sessionDir, projectTrust, ...pluginOptions } = options;
  const scripted = createScriptedProvider({ turns });
  const problems: PithError[] = [];
  const logged: string[] = [];
  const log: Logger = {
    debug: () => undefined,
    info: (message) => logged.push(message),
    warn: (message) => logged.push(message),
    error: (message) => logged.push(message),
  };
  // The SDK's own extensions plugin stays off: the harness loads the plugin itself, with the test's options.
  const sessionOptions: CreateAgentSessionOptions & { extensions?: false } = {
    extensions: false,
    cwd: world.project,
    agentDir: world.agentDir,
    model: scriptedModel(),
    apiKey: "test-key",
    tools,
    projectTrust,
    noSession: sessionDir === undefined,
    sessionDir,
    log,
    onProblem: (error) => problems.push(error),
    plugins: [
      scriptedProviderPlugin(scripted),
      ...before,
      extensionsPlugin({ agentDir: world.agentDir, cacheDir: world.cacheDir, ...pluginOptions }),
      ...after,
    ],
  };
  const created = await createAgentSession(sessionOptions);
  return { ...created, scripted, problems, logged };
}

export function messagesOf(problems: readonly PithError[]): string[] {
  return problems.map((problem) => problem.message);
}
