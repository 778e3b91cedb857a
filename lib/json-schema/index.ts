// The JSON Schema check of tool arguments, loaded on the first check: TypeBox's compiler and value functions cost
// start-up time that a run calling no tool (or only tools with a check of their own) should not pay.
import type { ToolArgumentCheck } from "../../kernel/index.js";

const load = () => import("./check.js");

/** `value` checked against `schema` and coerced (./check.ts says how); the session's `validateArguments`. */
export async function validateJsonSchema(schema: Record<string, unknown>, value: unknown): Promise<ToolArgumentCheck> {
  return (await load()).checkJsonSchema(schema, value);
}

/** `value` coerced and given its defaults as `schema` asks, problems left to the caller's own check. */
export async function coerceToJsonSchema(schema: Record<string, unknown>, value: unknown): Promise<unknown> {
  return (await load()).coerceToJsonSchema(schema, value);
}
