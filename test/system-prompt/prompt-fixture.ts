// A temporary agent folder and project tree, and a real kernel session booted with the plugins under test.
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { boot } from "../../kernel/boot.js";
import type { AgentSession } from "../../kernel/agent-session.js";
import { definePlugin, type PithPlugin } from "../../kernel/plugin.js";
import type { PluginSpec } from "../../kernel/index.js";
import type { ToolDefinition } from "../../kernel/tool.js";
import type { ResourcesService } from "../../plugins/system-prompt/index.js";

export interface PromptTree {
  root: string;
  agentDir: string;
  /** <root>/project/sub */
  cwd: string;
  write(relativePath: string, content: string): Promise<string>;
  cleanup(): Promise<void>;
}

export async function createPromptTree(): Promise<PromptTree> {
  const root = await realpath(await mkdtemp(join(tmpdir(), "pith-system-prompt-")));
  const agentDir = join(root, "agent");
  const cwd = join(root, "project", "sub");
  await mkdir(agentDir, { recursive: true });
  await mkdir(cwd, { recursive: true });
  return {
    root,
    agentDir,
    cwd,
    async write(relativePath, content) {
      const path = join(root, relativePath);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, content);
      return path;
    },
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}

export interface BootedPrompt {
  session: AgentSession;
  warnings: string[];
}

export async function bootSession(cwd: string, plugins: PluginSpec[]): Promise<BootedPrompt> {
  const warnings: string[] = [];
  const log = { debug() {}, info() {}, warn: (message: string) => warnings.push(message), error: (message: string) => warnings.push(message) };
  const { session } = await boot({ cwd, plugins, log, onProblem: (error) => warnings.push(error.message) });
  return { session, warnings };
}

type ToolSketch = Pick<ToolDefinition, "name"> & Partial<Pick<ToolDefinition, "promptSnippet" | "promptGuidelines">>;

/** Registers tools that do nothing; only their prompt fields matter here. */
export function toolsPlugin(tools: ToolSketch[], inactive: string[] = []): PithPlugin {
  return definePlugin({
    name: "test-tools",
    setup(context) {
      for (const tool of tools) {
        context.registerTool(
          { description: `the ${tool.name} tool`, parameters: { type: "object" }, execute: async () => ({ content: [] }), ...tool },
          { active: !inactive.includes(tool.name) },
        );
      }
    },
  });
}

/** The "resources" service as another plugin would get it through `context.use`. */
export function resourcesOf(session: AgentSession): ResourcesService {
  const entry = session.registry.services.get("resources");
  if (!entry) throw new Error("no resources service");
  return entry as ResourcesService;
}
