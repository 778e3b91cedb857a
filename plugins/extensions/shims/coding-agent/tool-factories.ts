// pi's `createReadTool(cwd)`, `createBashTool(cwd, {operations, spawnHook})` and friends: pith's built-in tools
// in pi's tool shape (`execute(toolCallId, params, signal, onUpdate, ctx)`), so extensions that wrap or re-register
// a built-in tool get pith's implementation.
import type { ToolContext, ToolDefinition } from "../../../../kernel/index.js";
import { createBashTool as createPithBash } from "../../../tools/bash/bash.js";
import { createEditTool as createPithEdit } from "../../../tools/files/edit.js";
import { createFindTool as createPithFind } from "../../../tools/search/find.js";
import { createGrepTool as createPithGrep } from "../../../tools/search/grep.js";
import { createLsTool as createPithLs } from "../../../tools/search/ls.js";
import { createReadTool as createPithRead } from "../../../tools/files/read.js";
import { shellEnvironment } from "../../../tools/bash/shell.js";
import { truncateTail } from "../../../tools/truncate.js";
import { createWriteTool as createPithWrite } from "../../../tools/files/write.js";
import type { BashOperations, PiToolDefinition, PiToolResult, PiToolUpdate } from "../../contract/types.js";
import { createLocalBashOperations } from "./bash-operations.js";

export type PiTool = Omit<PiToolDefinition, "execute"> & {
  label: string;
  parameters: Record<string, unknown>;
  execute(toolCallId: string, params: Record<string, unknown>, signal?: AbortSignal, onUpdate?: PiToolUpdate, ctx?: unknown): Promise<PiToolResult>;
};

function piShaped(tool: ToolDefinition, cwd: string): PiTool {
  return {
    name: tool.name,
    label: tool.label ?? tool.name,
    description: tool.description,
    promptSnippet: tool.promptSnippet,
    promptGuidelines: tool.promptGuidelines,
    parameters: tool.parameters,
    prepareArguments: tool.prepareArguments?.bind(tool),
    executionMode: tool.executionMode,
    async execute(toolCallId, params, signal, onUpdate) {
      const check = tool.validate ? await tool.validate(params) : { ok: true as const, value: params };
      if (!check.ok) throw new Error(check.error);
      return tool.execute(check.value, standaloneContext(cwd, toolCallId, signal ?? new AbortController().signal), (partial) => onUpdate?.(partial));
    },
  };
}

/** A built-in tool called by an extension itself runs outside the loop: no other tools to call, as in pi. */
function standaloneContext(cwd: string, toolCallId: string, signal: AbortSignal): ToolContext {
  return {
    cwd,
    toolCallId,
    signal,
    tools: [],
    executeTool: async (name, args) => ({
      toolCall: { type: "toolCall", id: `${toolCallId}/1`, name, arguments: (args ?? {}) as Record<string, unknown> },
      result: { content: [{ type: "text", text: `Tool ${name} cannot be called here: this tool was called directly, not by the agent.` }], details: {} },
      isError: true,
    }),
  };
}

export const createReadTool = (cwd: string): PiTool => piShaped(createPithRead({ cwd }) as unknown as ToolDefinition, cwd);
export const createEditTool = (cwd: string): PiTool => piShaped(createPithEdit({ cwd }) as unknown as ToolDefinition, cwd);
export const createWriteTool = (cwd: string): PiTool => piShaped(createPithWrite({ cwd }) as unknown as ToolDefinition, cwd);
export const createGrepTool = (cwd: string): PiTool => piShaped(createPithGrep({ cwd }) as unknown as ToolDefinition, cwd);
export const createFindTool = (cwd: string): PiTool => piShaped(createPithFind({ cwd }) as unknown as ToolDefinition, cwd);
export const createLsTool = (cwd: string): PiTool => piShaped(createPithLs({ cwd }) as unknown as ToolDefinition, cwd);

export interface BashSpawnContext {
  command: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
}

export interface BashToolOptions {
  operations?: BashOperations;
  commandPrefix?: string;
  shellPath?: string;
  spawnHook?: (context: BashSpawnContext) => BashSpawnContext;
}

export function createBashTool(cwd: string, options: BashToolOptions = {}): PiTool {
  const builtin = piShaped(createPithBash({ cwd, shellPath: options.shellPath, commandPrefix: options.commandPrefix }) as unknown as ToolDefinition, cwd);
  if (!options.operations && !options.spawnHook) return builtin;
  const operations = options.operations ?? createLocalBashOperations({ shellPath: options.shellPath });
  return {
    ...builtin,
    async execute(_toolCallId, params, signal) {
      const command = String(params.command ?? "");
      const timeout = typeof params.timeout === "number" ? params.timeout : undefined;
      let spawn: BashSpawnContext = { command: options.commandPrefix ? `${options.commandPrefix}\n${command}` : command, cwd, env: shellEnvironment() };
      if (options.spawnHook) spawn = options.spawnHook(spawn);
      const chunks: Buffer[] = [];
      const output = () => truncateTail(Buffer.concat(chunks).toString("utf8"));
      let exitCode: number | null;
      const startedAt = performance.now();
      try {
        ({ exitCode } = await operations.exec(spawn.command, spawn.cwd, { onData: (data) => chunks.push(data), signal, timeout, env: spawn.env }));
      } catch (error) {
        const message = error instanceof Error ? error.message : undefined;
        // as pi: what the operations report besides an abort or a timeout reaches the model as they threw it
        if (message !== "aborted" && !message?.startsWith("timeout:")) throw error;
        const reason = message === "aborted" ? "Command aborted" : `Command timed out after ${timeout} seconds`;
        throw new Error(withStatus(output().content, reason));
      }
      const { content, truncated } = output();
      if (exitCode === null) throw new Error(withStatus(content, "Command terminated without an exit code"));
      const whole = Buffer.concat(chunks).toString("utf8");
      const structuredContent = { output: whole, truncated: false, exit_code: exitCode, wall_time_seconds: Math.round((performance.now() - startedAt) / 100) / 10 };
      const details = truncated ? { truncation: output() } : undefined;
      // a failing command is a failed result keeping its structured content (pi 1.6.0), as the built-in bash's
      if (exitCode !== 0) return { content: [{ type: "text", text: withStatus(content, `Command exited with code ${exitCode}`) }], details, structuredContent, isError: true };
      return { content: [{ type: "text", text: content || "(no output)" }], details, structuredContent };
    },
  };
}

function withStatus(text: string, status: string): string {
  return text ? `${text}\n\n${status}` : status;
}

export const createCodingTools = (cwd: string): PiTool[] => [createReadTool(cwd), createBashTool(cwd), createEditTool(cwd), createWriteTool(cwd)];
export const createReadOnlyTools = (cwd: string): PiTool[] => [createReadTool(cwd), createGrepTool(cwd), createFindTool(cwd), createLsTool(cwd)];
