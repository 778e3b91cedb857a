// One zod schema per tool gives both the JSON Schema the model sees and the check that runs before execute.
import { z } from "zod";
import { PithError } from "../../kernel/errors.js";
import type { ToolArgumentCheck } from "../../kernel/tool.js";
import { coerceToSchema } from "./json-schema-coerce.js";

export interface ToolArguments<T> {
  parameters: Record<string, unknown>;
  validate(args: unknown): ToolArgumentCheck;
  /** the same check, typed, for callers that hold a tool definition directly */
  parse(args: unknown): T;
}

// zod writes `maximum: 2^53-1` on every `.int()`; it says nothing to the model and costs tokens.
function withoutNoise(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutNoise);
  if (typeof schema !== "object" || schema === null) return schema;
  const cleaned: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "$schema") continue;
    if ((key === "maximum" || key === "minimum") && Math.abs(value as number) === Number.MAX_SAFE_INTEGER) continue;
    cleaned[key] = withoutNoise(value);
  }
  return cleaned;
}

function formatPath(path: readonly PropertyKey[]): string {
  let text = "";
  for (const segment of path) {
    text += typeof segment === "number" ? `[${segment}]` : `${text ? "." : ""}${String(segment)}`;
  }
  return text || "root";
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const message = issue.message.replace(/^Invalid input: /, "");
  const missing = /^expected (\w+), received undefined$/.exec(message);
  return missing ? `required ${missing[1]} is missing` : message;
}

function describeIssues(toolName: string, error: z.ZodError, received: unknown): string {
  const lines = error.issues.map((issue) => `  - ${formatPath(issue.path)}: ${describeIssue(issue)}`);
  let shown: string;
  try {
    shown = JSON.stringify(received, null, 2) ?? String(received);
  } catch {
    shown = String(received);
  }
  return `Validation failed for tool "${toolName}":\n${lines.join("\n")}\n\nReceived arguments:\n${shown}`;
}

export function defineArguments<S extends z.ZodType<Record<string, unknown>>>(
  toolName: string,
  schema: S,
): ToolArguments<z.output<S>> {
  const parameters = withoutNoise(z.toJSONSchema(schema, { io: "input" })) as Record<string, unknown>;
  const check = (args: unknown) => schema.safeParse(coerceToSchema(args, parameters));
  return {
    parameters,
    validate(args) {
      const result = check(args);
      return result.success ? { ok: true, value: result.data } : { ok: false, error: describeIssues(toolName, result.error, args) };
    },
    parse(args) {
      const result = check(args);
      if (!result.success) throw new PithError("TOOL_INVALID_ARGUMENTS", describeIssues(toolName, result.error, args));
      return result.data;
    },
  };
}
