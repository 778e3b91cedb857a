// Runs one codemode script (loaded on the first script, so the sandbox costs start-up nothing): every tool call the
// script makes goes through the session's tool path (`ctx.executeTool`: validation, `tool_call`/`tool_result`
// hooks, the gate), and the result reads as pi 1.6.0's: a "Script completed"/"Script failed" header, the output
// laid out item by item, the error and the calls made before it, the output held to its token budget.
import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toolSample } from "../../../../lib/codemode/declarations.js";
import { runInSandbox, type SandboxResult, type SandboxTool } from "../../../../lib/codemode/sandbox.js";
import { parseCodemodeSource } from "../../../../lib/codemode/source.js";
import { scriptIdentifier } from "../../../../lib/codemode/declarations.js";
import { rankTools } from "../../../../lib/tool-search/ranker.js";
import { formatSize } from "../../../tools/truncate.js";
import type { ExtensionContext, ToolInfo } from "../../contract/types.js";
import { CODEMODE_TOOL_NAME, scriptDeclaration } from "./codemode-description.js";

export const STORE_ENTRY_TYPE = "codemode-store";
const DEFAULT_MAX_OUTPUT_TOKENS = 10_000;
const DEFAULT_SEARCH_LIMIT = 5;
const IMAGE_EXTENSIONS: Record<string, string> = { "image/png": ".png", "image/jpeg": ".jpg", "image/gif": ".gif", "image/webp": ".webp" };

interface NestedCall {
  id: string;
  name: string;
  args: string;
  status: "running" | "ok" | "error" | "cancelled";
  durationMs?: number;
  error?: string;
}

interface ScriptCallable {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
}

interface NestedOutcome {
  toolCall: { id: string };
  result: { content?: { type: string; text?: string }[]; structuredContent?: unknown };
  isError: boolean;
}

/** What a codemode tool's ctx carries beyond the extension's: the tools it may call and the way to call them. */
export type CodemodeToolContext = ExtensionContext & {
  tools?: ScriptCallable[];
  executeTool?(name: string, args: unknown, options?: { signal?: AbortSignal }): Promise<NestedOutcome>;
};

type Content = { type: "text"; text: string } | { type: "image"; data: string; mimeType: string };

export interface CodemodeRun {
  toolCallId: string;
  code: string;
  signal: AbortSignal | undefined;
  onUpdate: ((partial: { content: Content[]; details: unknown }) => void) | undefined;
  ctx: CodemodeToolContext;
  /** the session's tools, for prompt guidelines and namespaces */
  allTools: ToolInfo[];
  appendEntry(customType: string, data: unknown): void;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 3)}...` : text);
const textOf = (outcome: NestedOutcome) => (outcome.result.content ?? []).filter((block) => block.type === "text").map((block) => block.text ?? "").join("\n");

export async function executeCodemode(run: CodemodeRun): Promise<{ content: Content[]; details: { calls: NestedCall[]; fullOutputPath?: string }; isError?: true }> {
  const startedAt = performance.now();
  const source = parseCodemodeSource(run.code);
  const calls: NestedCall[] = [];
  const snapshot = () => ({ calls: calls.map((call) => ({ ...call })) });
  const publish = () => run.onUpdate?.({ content: [], details: snapshot() });
  publish();
  const byName = new Map(run.allTools.map((tool) => [tool.name, tool]));
  const callable = (run.ctx.tools ?? []).filter((tool) => tool.name !== CODEMODE_TOOL_NAME);
  const samples = new Map(callable.map((tool) => [tool.name, toolSample(scriptDeclaration({ ...tool, promptGuidelines: byName.get(tool.name)?.promptGuidelines }))]));
  const tools: SandboxTool[] = callable.map((tool) => ({
    name: tool.name,
    id: scriptIdentifier(tool.name),
    description: samples.get(tool.name) ?? "",
    async execute(args, signal) {
      const call: NestedCall = { id: `${run.toolCallId}/?`, name: tool.name, args: previewArgs(args), status: "running" };
      calls.push(call);
      publish();
      const callStartedAt = performance.now();
      const outcome = await run.ctx.executeTool!(tool.name, args, { signal });
      call.id = outcome.toolCall.id;
      call.durationMs = performance.now() - callStartedAt;
      call.status = outcome.isError ? (signal.aborted ? "cancelled" : "error") : "ok";
      if (outcome.isError) call.error = clip(textOf(outcome) || `Tool "${tool.name}" failed`, 500);
      publish();
      // a tool declaring an output schema gives its structured result, an error's too when it carries one
      if (tool.outputSchema && outcome.result.structuredContent !== undefined) return outcome.result.structuredContent;
      if (outcome.isError) throw new Error(textOf(outcome) || `Tool "${tool.name}" failed`);
      return textOf(outcome);
    },
  }));
  const result = await runInSandbox({
    code: source.code,
    tools,
    discovery: discoveryGlobals(callable, samples, byName),
    store: readStore(run.ctx),
    timeoutMs: source.timeoutMs ?? Number.POSITIVE_INFINITY,
    ...(run.signal ? { signal: run.signal } : {}),
  });
  for (const call of calls) if (call.status === "running") call.status = "cancelled";
  const output: (Content & { console?: boolean })[] = [...result.output];
  if (result.ok) {
    if (Object.keys(result.writes.set).length > 0 || result.writes.delete.length > 0) run.appendEntry(STORE_ENTRY_TYPE, result.writes);
    if (result.value !== undefined) output.push({ type: "text", text: typeof result.value === "string" ? result.value : (JSON.stringify(result.value) ?? String(result.value)) });
  }
  const items = layOut(output);
  if (!result.ok) items.push({ type: "text", text: `Script error:\n${errorText(result, calls)}` });
  const budgeted = await holdToBudget(joinText(items), source.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS);
  const wallTime = ((performance.now() - startedAt) / 1000).toFixed(1);
  const header = `${result.ok ? "Script completed" : "Script failed"}\nWall time ${wallTime} seconds\nOutput:\n`;
  const details = { ...snapshot(), ...(budgeted.fullOutputPath ? { fullOutputPath: budgeted.fullOutputPath } : {}) };
  return { content: [{ type: "text", text: header }, ...joinText(await saveImages(budgeted.items))], details, ...(result.ok ? {} : { isError: true as const }) };
}

function previewArgs(args: unknown): string {
  try {
    return clip(JSON.stringify(args) ?? "", 200);
  } catch {
    return "";
  }
}

/** `load()`'s values: the `codemode-store` entries on the session's branch, applied from the root. */
function readStore(ctx: CodemodeToolContext): Record<string, unknown> {
  const store = new Map<string, unknown>();
  for (const entry of ctx.sessionManager.getBranch()) {
    if (entry.type !== "custom" || (entry as { customType?: string }).customType !== STORE_ENTRY_TYPE) continue;
    const data = (entry as { data?: unknown }).data as { set?: Record<string, unknown>; delete?: string[] } | undefined;
    if (typeof data?.set !== "object" || data.set === null || !Array.isArray(data.delete)) continue;
    for (const key of data.delete) store.delete(key);
    for (const [key, value] of Object.entries(data.set)) store.set(key, value);
  }
  return Object.fromEntries(store);
}

/** Several text items each start with `==> text N/M <==`; console lines follow everything in one block. */
function layOut(output: (Content & { console?: boolean })[]): Content[] {
  const total = output.filter((item) => item.type === "text" && !item.console).length;
  const items: Content[] = [];
  const consoleLines: string[] = [];
  let index = 0;
  for (const item of output) {
    if (item.type === "image") items.push(item);
    else if (item.console) consoleLines.push(item.text);
    else items.push({ type: "text", text: total > 1 ? `==> text ${++index}/${total} <==\n${item.text}` : item.text });
  }
  if (consoleLines.length > 0) items.push({ type: "text", text: `<console_output>\n${consoleLines.join("\n")}\n</console_output>` });
  return items;
}

/** Adjacent text items become one, each part on its own line. */
function joinText(items: Content[]): Content[] {
  const joined: Content[] = [];
  let parts: string[] = [];
  let last = "";
  const flush = () => {
    if (parts.length > 0) joined.push({ type: "text", text: parts.join("") });
    parts = [];
    last = "";
  };
  for (const item of items) {
    if (item.type !== "text") {
      flush();
      joined.push(item);
      continue;
    }
    if (last !== "" && !last.endsWith("\n")) {
      parts.push("\n");
      last = "\n";
    }
    parts.push(item.text);
    if (item.text !== "") last = item.text;
  }
  flush();
  return joined;
}

function errorText(result: Extract<SandboxResult, { ok: false }>, calls: NestedCall[]): string {
  const { error } = result;
  const head =
    error.kind === "script"
      ? (error.stack ?? `${error.name ?? "Error"}: ${error.message}`)
      : error.kind === "timeout"
        ? `Script timed out: ${error.message}`
        : error.kind === "aborted"
          ? `Script aborted: ${error.message}`
          : `Script sandbox failed: ${error.message}`;
  const made = calls.length === 0 ? "No tool calls were made." : `Tool calls made before the failure (they are not undone): ${calls.map((call) => `${call.name} (${call.status})`).join(", ")}`;
  return `${head}\n\n${made}`;
}

/** Past the budget the text keeps its start and end, and the whole of it goes to a temp file the model can read. */
async function holdToBudget(items: Content[], maxTokens: number): Promise<{ items: Content[]; fullOutputPath?: string }> {
  const texts = items.flatMap((item) => (item.type === "text" ? [item.text] : []));
  const combined = texts.join("\n");
  const budget = maxTokens * 4;
  if (texts.length === 0 || combined.length <= budget) return { items };
  const headChars = Math.floor(budget / 2);
  const tailChars = budget - headChars;
  const removed = combined.length - budget;
  let text = `Warning: truncated output (original token count: ${Math.ceil(combined.length / 4)})\nTotal output lines: ${combined.split("\n").length}\n\n${combined.slice(0, headChars)}…${Math.ceil(removed / 4)} tokens truncated…${combined.slice(combined.length - tailChars)}`;
  const images = items.filter((item) => item.type === "image");
  try {
    const path = await writeOutputFile(".txt", combined);
    text += `\n\n[Full output: ${path} (read with offset/limit)]`;
    return { items: [{ type: "text", text }, ...images], fullOutputPath: path };
  } catch (error) {
    text += `\n\n[Could not save the full output: ${error instanceof Error ? error.message : String(error)}]`;
    return { items: [{ type: "text", text }, ...images] };
  }
}

/** `searchTools`, `describeTool`, `describeNamespace`: lookups over the tools a script may call. */
function discoveryGlobals(callable: ScriptCallable[], samples: Map<string, string>, byName: Map<string, ToolInfo>) {
  const entry = (name: string) => ({ name: scriptIdentifier(name), description: samples.get(name) ?? "" });
  const namespaceOf = (name: string) => byName.get(name)?.namespace;
  const names = (namespace: NonNullable<ToolInfo["namespace"]>, query: string) =>
    [namespace.name, ...(namespace.aliases ?? [])].some((name) => name === query || scriptIdentifier(name) === scriptIdentifier(query));
  return {
    searchTools([query, options]: unknown[]) {
      if (typeof query !== "string") throw new Error("searchTools() expects a query string");
      const { limit = DEFAULT_SEARCH_LIMIT, namespace } = (options ?? {}) as { limit?: unknown; namespace?: unknown };
      if (typeof limit !== "number" || !Number.isInteger(limit) || limit <= 0) throw new Error("searchTools() limit must be a positive integer");
      if (namespace !== undefined && namespace !== null && typeof namespace !== "string") throw new Error("searchTools() namespace must be a string");
      const candidates = callable
        .map((tool) => ({ ...tool, namespace: namespaceOf(tool.name) }))
        .filter((tool) => !namespace || (tool.namespace !== undefined && names(tool.namespace, namespace)));
      return rankTools(query, candidates, limit).map((tool) => entry(tool.name));
    },
    describeTool([name]: unknown[]) {
      if (typeof name !== "string") throw new Error("describeTool() expects a tool name");
      const tool = callable.find((candidate) => candidate.name === name || scriptIdentifier(candidate.name) === name);
      return tool ? samples.get(tool.name) : undefined;
    },
    describeNamespace([name]: unknown[]) {
      if (typeof name !== "string") throw new Error("describeNamespace() expects a namespace name");
      const members = callable.filter((tool) => {
        const namespace = namespaceOf(tool.name);
        return namespace !== undefined && names(namespace, name);
      });
      const namespace = members[0] ? namespaceOf(members[0].name)! : undefined;
      if (!namespace) return undefined;
      return {
        name: namespace.name,
        ...(namespace.description ? { description: namespace.description } : {}),
        ...(namespace.instructions ? { instructions: namespace.instructions } : {}),
        tools: members.map((tool) => scriptIdentifier(tool.name)),
      };
    },
  };
}

/** A new file in the temp folder, readable by the user only (output can carry private data), never an existing one. */
async function writeOutputFile(extension: string, data: string | Buffer): Promise<string> {
  const path = join(tmpdir(), `pi-codemode-${randomBytes(8).toString("hex")}${extension}`);
  await writeFile(path, data, { mode: 0o600, flag: "wx" });
  return path;
}

/**
 * Each image shown is saved, and a line naming its file goes before it: the model sees the image but could not
 * reach its bytes otherwise. An image shown twice is saved once; a failed write becomes the line, not a failure.
 */
async function saveImages(items: Content[]): Promise<Content[]> {
  const saved = new Map<string, Promise<string>>();
  const label = async (image: Extract<Content, { type: "image" }>) => {
    const bytes = Buffer.from(image.data, "base64");
    const kind = `${image.mimeType}, ${formatSize(bytes.length)}`;
    try {
      const extension = IMAGE_EXTENSIONS[image.mimeType];
      if (!extension) throw new Error(`No file extension for image type ${image.mimeType}`);
      return `[Image saved to ${await writeOutputFile(extension, bytes)} (${kind})]`;
    } catch (error) {
      return `[Image (${kind}) could not be saved: ${error instanceof Error ? error.message : String(error)}]`;
    }
  };
  const labelled = await Promise.all(
    items.map(async (item): Promise<Content[]> => {
      if (item.type !== "image") return [item];
      let pending = saved.get(item.data);
      if (!pending) saved.set(item.data, (pending = label(item)));
      return [{ type: "text", text: await pending }, item];
    }),
  );
  return labelled.flat();
}
