// The contract of a tool the model can call.
import type { ImageContent, TextContent, Usage } from "./messages.js";
import type { ToolSpec } from "./messages.js";

export interface ToolResult<TDetails = unknown> {
  content: (TextContent | ImageContent)[];
  details?: TDetails;
  /** When every result of a batch sets this, the loop makes no further model call. */
  terminate?: boolean;
  /** machine-readable output for programs (pi's `structuredContent`); emitted with the result, not stored */
  structuredContent?: unknown;
  /** a failure reported without throwing, so `details` and `structuredContent` are kept */
  isError?: boolean;
  /** what the tool's own model calls cost; stored on the tool result message */
  usage?: Usage;
}

export type ToolUpdate<TDetails = unknown> = (partial: ToolResult<TDetails>) => void;

export interface ToolContext {
  cwd: string;
  toolCallId: string;
  signal: AbortSignal;
  /** the tools `executeTool` can call (see `ToolDefinition.exposure`) */
  readonly tools: readonly ToolDefinition[];
  /**
   * Runs another tool as the model's calls run: validation, `tool_call` and the gate, `tool_result`, and
   * `tool_execution_*` events carrying `parentToolCallId`; its id is `<this call's id>/<n>`. It never rejects: an
   * unknown tool, bad arguments, a block or a throw come back with `isError: true`.
   */
  executeTool(name: string, args: unknown, options?: NestedToolOptions): Promise<NestedToolOutcome>;
}

export interface NestedToolOptions {
  /** defaults to the calling tool's signal */
  signal?: AbortSignal;
  /** partial results of the nested tool (they are also emitted as `tool_execution_update`) */
  onUpdate?: ToolUpdate;
}

export interface NestedToolOutcome {
  toolCall: { type: "toolCall"; id: string; name: string; arguments: Record<string, unknown> };
  result: ToolResult;
  isError: boolean;
  /** how long `execute()` ran; absent when the tool did not run */
  durationMs?: number;
}

/** A successful validation returns the (possibly coerced) arguments; a failure returns a message for the model. */
export type ToolArgumentCheck = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

/** Checks arguments against a tool's `parameters`, for tools without a `validate` of their own. */
export type ArgumentValidator = (parameters: Record<string, unknown>, args: unknown) => ToolArgumentCheck | Promise<ToolArgumentCheck>;

export interface ToolDefinition<TArgs = Record<string, unknown>, TDetails = unknown> {
  name: string;
  label?: string;
  description: string;
  /** One line for the system prompt's "Available tools" list; tools without it are not listed there. */
  promptSnippet?: string;
  /** Bullets added to the system prompt's guidelines while the tool is active. */
  promptGuidelines?: string[];
  /** JSON Schema of the arguments, sent to the model (TypeBox schemas are JSON Schema too). */
  parameters: Record<string, unknown>;
  /** JSON Schema of `structuredContent` (pi 1.6.0): a codemode script receives that, not the text, when set */
  outputSchema?: Record<string, unknown>;
  constrainedSampling?: ToolSpec["constrainedSampling"];
  /** Turns older or sloppy argument shapes into the current one, before validation. */
  prepareArguments?(raw: unknown): unknown;
  /**
   * Validates arguments. Absent → the session's `validateArguments` checks them against `parameters` (the SDK's
   * is pith's JSON Schema validator). pith's own tools pass a zod check here.
   */
  validate?(args: unknown): ToolArgumentCheck | Promise<ToolArgumentCheck>;
  /** "sequential": a batch containing this tool runs one call at a time. */
  executionMode?: "sequential" | "parallel";
  /**
   * How it is reached (pi 1.6.0's `exposure`; default `direct`): `direct` tools are declared to the model and
   * callable by other tools while active; `model-only` ones only declared; `codemode` and `deferred` ones callable
   * whether active or not; `hidden` ones neither.
   */
  exposure?: "direct" | "model-only" | "codemode" | "deferred" | "hidden";
  /** The group it belongs to (pi 1.6.0's `namespace`, such as an MCP server): tool search ranks by it too. */
  namespace?: { name: string; aliases?: string[]; description?: string; instructions?: string };
  /** Throwing (or rejecting) makes an error result carrying the message. */
  execute(args: TArgs, context: ToolContext, onUpdate: ToolUpdate<TDetails>): Promise<ToolResult<TDetails>>;
}

/** The check for a tool when no validator is given: any JSON object passes unchecked. */
export function uncheckedArguments(_parameters: Record<string, unknown>, args: unknown): ToolArgumentCheck {
  return typeof args === "object" && args !== null && !Array.isArray(args)
    ? { ok: true, value: args as Record<string, unknown> }
    : { ok: false, error: "Tool arguments must be a JSON object" };
}
