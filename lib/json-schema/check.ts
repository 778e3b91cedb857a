// Tool arguments checked against a plain JSON Schema by TypeBox, coerced first the way pi 1.6.0 coerces them: an
// optional property sent as null is left out, then TypeBox's conversion rules ("5" -> 5, "true" -> true, a single
// value -> a one-item array, the first union alternative the value converts to), then missing properties get their
// `default`. This module loads TypeBox: reach it through ./index.ts, which loads it on the first check.
import { Compile } from "typebox/compile";
import { Convert, Default } from "typebox/value";
import type { ToolArgumentCheck } from "../../kernel/index.js";
import { plural, problemsOf, readablePath, type Problem, type SchemaError, type SchemaLookup } from "./error-messages.js";
import { describeValue, isRecord, valueAt } from "./json-values.js";
import { META_SCHEMA } from "./meta-schema.js";
import { dropOptionalNulls } from "./optional-nulls.js";
import { referenceResolver, typeBoxView, type TypeBoxView } from "./typebox-view.js";

const MAX_REPORTED_PROBLEMS = 5;

interface Compiled {
  check(value: unknown): boolean;
  errors(value: unknown): SchemaError[];
  view: TypeBoxView;
  schemas: SchemaLookup;
}

type CompiledSchema = Compiled | { problem: string };

/** one compiled validator per schema object: tool schemas live as long as their tools */
const compiledSchemas = new WeakMap<object, CompiledSchema>();
let metaSchema: Compiled | undefined;

/**
 * Checks `value` against `schema`, returning a coerced copy (defaults filled in) or a message for the model naming
 * each problem's path, what was expected and what was received.
 */
export function checkJsonSchema(schema: Record<string, unknown>, value: unknown): ToolArgumentCheck {
  if (!isRecord(schema)) {
    return { ok: false, error: `Invalid tool parameters schema: expected a JSON Schema object, received ${describeValue(schema)}` };
  }
  const compiled = compiledSchema(schema);
  if ("problem" in compiled) return { ok: false, error: `Invalid tool parameters schema: ${compiled.problem}` };
  const coerced = coerce(compiled, value);
  if (!isRecord(coerced)) return { ok: false, error: formatProblems([{ at: "", message: `expected object, received ${describeValue(coerced)}`, schemaPath: "#" }]) };
  // TypeBox tests `required` with `in`: checked with prototypes, {} would have a `toString`
  const checked = withoutPrototypes(coerced);
  if (compiled.check(checked)) return { ok: true, value: coerced };
  return { ok: false, error: formatProblems(problemsOf(compiled.errors(checked), checked, compiled.schemas)) };
}

function withoutPrototypes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPrototypes);
  if (!isRecord(value)) return value;
  const copy: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(value)) copy[key] = withoutPrototypes(value[key]);
  return copy;
}

/**
 * `value` coerced and given its defaults as `schema` asks, problems left to the caller's own check: pith's tools
 * check with zod, after the same coercion.
 */
export function coerceToJsonSchema(schema: Record<string, unknown>, value: unknown): unknown {
  const compiled = compiledSchema(schema);
  return "problem" in compiled ? value : coerce(compiled, value);
}

function coerce(compiled: Compiled, value: unknown): unknown {
  const { view } = compiled;
  // a copy, so a tool that changes its arguments never changes the call recorded in the conversation
  const copy = value === undefined ? undefined : structuredClone(value);
  dropOptionalNulls(copy, view.schema, view);
  let converted: unknown;
  try {
    converted = Convert(view.context as never, view.schema as never, copy);
  } catch (error) {
    // a recursive schema can wrap a value into arrays without end; the value is then checked as it came
    if (!(error instanceof RangeError)) throw error;
    converted = copy;
  }
  return Default(view.context as never, view.schema as never, converted);
}

function compiledSchema(schema: Record<string, unknown>): CompiledSchema {
  let compiled = compiledSchemas.get(schema);
  if (!compiled) {
    compiled = compileChecked(schema);
    compiledSchemas.set(schema, compiled);
  }
  return compiled;
}

function compileChecked(schema: Record<string, unknown>): CompiledSchema {
  metaSchema ??= compile(META_SCHEMA);
  if (!metaSchema.check(schema)) {
    const [first] = problemsOf(metaSchema.errors(schema), schema, metaSchema.schemas);
    return { problem: first ? `#${first.at}: ${first.message}` : "it is not a JSON Schema pith can check" };
  }
  try {
    return compile(schema);
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

function compile(schema: Record<string, unknown>): Compiled {
  const validator = Compile(schema as never);
  const view = typeBoxView(schema);
  return {
    check: (value) => validator.Check(value),
    errors: (value) => validator.Errors(value) as SchemaError[],
    view,
    schemas: { at: (schemaPath) => valueAt(schema, schemaPath), resolve: referenceResolver(schema), unresolved: view.unresolved },
  };
}

function formatProblems(problems: Problem[]): string {
  const shown = problems.slice(0, MAX_REPORTED_PROBLEMS).map((problem) => `${readablePath(problem.at)}: ${problem.message}`);
  const hidden = problems.length - shown.length;
  if (hidden > 0) shown.push(`and ${plural(hidden, "more problem")}`);
  return `Validation failed for tool arguments: ${shown.join("; ")}`;
}
