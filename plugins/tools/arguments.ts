// One zod schema per tool gives both the JSON Schema the model sees and the check that runs before execute.
// zod/mini, not full zod: every tool module loads at each start, and full zod costs far more to load.
import * as z from "zod/mini";
import { en } from "zod/locales";
import { PithError, type ToolArgumentCheck } from "../../kernel/index.js";
import { coerceToJsonSchema } from "../../lib/json-schema/index.js";

export interface ToolArguments<T> {
  /** built on first read: inactive tools (grep, find, ls by default) never need it */
  readonly parameters: Record<string, unknown>;
  validate(args: unknown): Promise<ToolArgumentCheck>;
  /** the same check, typed, for callers that hold a tool definition directly */
  parse(args: unknown): Promise<T>;
}

// zod/mini installs no messages; full zod installed these English ones globally. Passed per parse, not set
// globally, so another module's zod configuration cannot change what the model reads. Imported from
// "zod/locales" by name: `z.locales.en` would bundle every language.
const englishMessages = en().localeError;

// zod writes `maximum: 2^53-1` on every integer; it says nothing to the model and costs tokens.
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

function describeIssues(toolName: string, error: z.core.$ZodError, received: unknown): string {
  const lines = error.issues.map((issue) => `  - ${formatPath(issue.path)}: ${describeIssue(issue)}`);
  let shown: string;
  try {
    shown = JSON.stringify(received, null, 2) ?? String(received);
  } catch {
    shown = String(received);
  }
  return `Validation failed for tool "${toolName}":\n${lines.join("\n")}\n\nReceived arguments:\n${shown}`;
}

/** A schema's `description`, the way the model reads it in the tool's JSON Schema. */
export function described<S extends z.ZodMiniType>(schema: S, description: string): S {
  // registered in place (no clone, no no-op check in the parse path); every caller passes a fresh schema
  z.globalRegistry.add(schema as z.ZodMiniType, { description });
  return schema;
}

export function defineArguments<S extends z.ZodMiniType<Record<string, unknown>>>(
  toolName: string,
  schema: S,
): ToolArguments<z.output<S>> {
  let parameters: Record<string, unknown> | undefined;
  const jsonSchema = () =>
    (parameters ??= withoutNoise(z.toJSONSchema(schema, { io: "input" })) as Record<string, unknown>);
  const check = async (args: unknown) => schema.safeParse(await coerceToJsonSchema(jsonSchema(), args), { error: englishMessages });
  return {
    get parameters() {
      return jsonSchema();
    },
    async validate(args) {
      const result = await check(args);
      return result.success ? { ok: true, value: result.data } : { ok: false, error: describeIssues(toolName, result.error, args) };
    },
    async parse(args) {
      const result = await check(args);
      if (!result.success) throw new PithError("TOOL_INVALID_ARGUMENTS", describeIssues(toolName, result.error, args));
      return result.data;
    },
  };
}
