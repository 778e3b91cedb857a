// Runs a tool the way the kernel does: prepareArguments, then validate, then execute.
import { mkdtemp, realpath } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ImageContent, TextContent } from "../../kernel/messages.js";
import type { ToolDefinition, ToolResult, ToolUpdate } from "../../kernel/tool.js";
import { removeAfterTest } from "../support/temp-folders.js";

export interface RunOptions {
  signal?: AbortSignal;
  onUpdate?: ToolUpdate;
}

export type Outcome =
  | { ok: true; result: ToolResult; text: string }
  | { ok: false; error: string };

export function textOf(content: readonly (TextContent | ImageContent)[]): string {
  return content
    .filter((block): block is TextContent => block.type === "text")
    .map((block) => block.text)
    .join("\n");
}

// ToolDefinition<A, D> is assignable to the erased form; tests hand any tool here.
type AnyTool = Pick<ToolDefinition, "name" | "prepareArguments" | "validate"> & {
  execute(args: never, context: Parameters<ToolDefinition["execute"]>[1], onUpdate: never): Promise<ToolResult<unknown>>;
};

export async function runTool(tool: AnyTool, rawArgs: unknown, options: RunOptions = {}): Promise<Outcome> {
  const prepared = tool.prepareArguments ? tool.prepareArguments(rawArgs) : rawArgs;
  const check = await tool.validate!(prepared);
  if (!check.ok) return { ok: false, error: check.error };
  const execute = tool.execute as (args: unknown, context: unknown, onUpdate: ToolUpdate) => Promise<ToolResult>;
  try {
    const result = await execute(
      check.value,
      { cwd: "/nonexistent-context-cwd", toolCallId: "call-1", signal: options.signal ?? new AbortController().signal },
      options.onUpdate ?? (() => undefined),
    );
    return { ok: true, result, text: textOf(result.content) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

export async function runOk(tool: AnyTool, rawArgs: unknown, options?: RunOptions): Promise<{ result: ToolResult; text: string }> {
  const outcome = await runTool(tool, rawArgs, options);
  if (!outcome.ok) throw new Error(`expected success, got error: ${outcome.error}`);
  return outcome;
}

export async function runError(tool: AnyTool, rawArgs: unknown, options?: RunOptions): Promise<string> {
  const outcome = await runTool(tool, rawArgs, options);
  if (outcome.ok) throw new Error(`expected an error, got: ${outcome.text}`);
  return outcome.error;
}

/** A fresh temp folder (realpath, so macOS /private/tmp compares equal), removed after the test. */
export async function tempDir(): Promise<string> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), "pith-tools-test-")));
  removeAfterTest(dir);
  return dir;
}

