// Validates tool arguments against a plain JSON Schema, for tools that bring no `validate` of their own
// (pi extensions declare TypeBox schemas, which are JSON Schema at run time). Primitives are coerced the way
// AJV's `coerceTypes` and pi's validator do, because models often send "5" for 5 or "true" for true.
// Only own enumerable string keys are read, so TypeBox's symbol keys and hidden `~kind` keys never matter.
import type { ToolArgumentCheck } from "../../kernel/index.js";
import { coerceToOneOf } from "./coerce.js";
import { compileSchema } from "./compile.js";
import { copyJson, describeValue, hasValue, isRecord, jsonEqual, jsonTypeOf, matchesType, preview, setOwn } from "./json-values.js";
import type { SchemaNode } from "./schema-node.js";

const MAX_REPORTED_PROBLEMS = 5;
const MAX_LISTED_PROPERTIES = 12;

/**
 * Checks `value` against `schema`, returning a coerced deep copy (defaults filled in) or a message for the model
 * naming each problem's path, what was expected and what was received.
 */
export function validateJsonSchema(schema: Record<string, unknown>, value: unknown): ToolArgumentCheck {
  if (!isRecord(schema)) {
    return {
      ok: false,
      error: `Invalid tool parameters schema: expected a JSON Schema object, received ${describeValue(schema)}`,
    };
  }
  const compiled = compileSchema(schema);
  if ("problem" in compiled) return { ok: false, error: `Invalid tool parameters schema: ${compiled.problem}` };

  const pass: Pass = { coerce: true, problems: [] };
  const result = walk(compiled.node, copyJson(value), "", pass);
  if (pass.problems.length === 0 && !isRecord(result)) {
    report(pass, "", `expected object, received ${describeValue(result)}`);
  }
  if (pass.problems.length > 0) return { ok: false, error: formatProblems(pass.problems) };
  return { ok: true, value: result as Record<string, unknown> };
}

/**
 * `value` with primitives coerced and defaults filled in where `schema` asks for them, problems left to the
 * caller's own check: pith's tools validate with zod, after the same coercion the validator does.
 */
export function coerceToJsonSchema(schema: Record<string, unknown>, value: unknown): unknown {
  const compiled = compileSchema(schema);
  if ("problem" in compiled) return value;
  return walk(compiled.node, copyJson(value), "", { coerce: true, problems: [] });
}

// Validation: walks a private copy of the value, replacing coerced primitives and filling defaults in place.

interface Problem {
  path: string;
  message: string;
}

interface Pass {
  coerce: boolean;
  problems: Problem[];
}

function report(pass: Pass, path: string, message: string): void {
  pass.problems.push({ path, message });
}

function walk(node: SchemaNode, input: unknown, path: string, pass: Pass): unknown {
  if (node.rejectsAll) {
    report(pass, path, "no value is allowed here");
    return input;
  }
  if (input === null && node.nullable) return null;
  let value = input;
  if (node.ref) value = walk(node.ref, value, path, pass);
  if (node.allOf) for (const part of node.allOf) value = walk(part, value, path, pass);
  if (node.anyOf) value = walkUnion(node.anyOf, false, value, path, pass);
  if (node.oneOf) value = walkUnion(node.oneOf, true, value, path, pass);

  if (node.types && !node.types.some((type) => matchesType(value, type))) {
    const coerced = pass.coerce ? coerceToOneOf(value, node.types) : undefined;
    if (!coerced) {
      report(pass, path, `expected ${node.types.join(" or ")}, received ${describeValue(value)}`);
      return value;
    }
    value = coerced.value;
  }
  if (node.constant && !jsonEqual(value, node.constant.value)) {
    report(pass, path, `expected ${preview(node.constant.value)}, received ${preview(value)}`);
  }
  if (node.enumValues && !node.enumValues.some((entry) => jsonEqual(value, entry))) {
    report(pass, path, `expected one of ${node.enumValues.map(preview).join(", ")}, received ${preview(value)}`);
  }
  if (typeof value === "number") checkNumber(node, value, path, pass);
  else if (typeof value === "string") checkString(node, value, path, pass);
  else if (Array.isArray(value)) checkArray(node, value, path, pass);
  else if (isRecord(value)) checkObject(node, value, path, pass);
  return value;
}

function checkNumber(node: SchemaNode, value: number, path: string, pass: Pass): void {
  if (node.minimum !== undefined && value < node.minimum) {
    report(pass, path, `expected a number >= ${node.minimum}, received ${value}`);
  }
  if (node.exclusiveMinimum !== undefined && value <= node.exclusiveMinimum) {
    report(pass, path, `expected a number > ${node.exclusiveMinimum}, received ${value}`);
  }
  if (node.maximum !== undefined && value > node.maximum) {
    report(pass, path, `expected a number <= ${node.maximum}, received ${value}`);
  }
  if (node.exclusiveMaximum !== undefined && value >= node.exclusiveMaximum) {
    report(pass, path, `expected a number < ${node.exclusiveMaximum}, received ${value}`);
  }
}

function checkString(node: SchemaNode, value: string, path: string, pass: Pass): void {
  if (node.minLength !== undefined || node.maxLength !== undefined) {
    // JSON Schema counts code points, not UTF-16 units
    const length = countCodePoints(value);
    if (node.minLength !== undefined && length < node.minLength) {
      report(pass, path, `expected at least ${plural(node.minLength, "character")}, received ${length}`);
    }
    if (node.maxLength !== undefined && length > node.maxLength) {
      report(pass, path, `expected at most ${plural(node.maxLength, "character")}, received ${length}`);
    }
  }
  if (node.pattern && !node.pattern.test(value)) {
    report(pass, path, `expected a string matching /${node.pattern.source}/, received ${preview(value)}`);
  }
}

function checkArray(node: SchemaNode, value: unknown[], path: string, pass: Pass): void {
  if (node.minItems !== undefined && value.length < node.minItems) {
    report(pass, path, `expected at least ${plural(node.minItems, "item")}, received ${value.length}`);
  }
  if (node.maxItems !== undefined && value.length > node.maxItems) {
    report(pass, path, `expected at most ${plural(node.maxItems, "item")}, received ${value.length}`);
  }
  const prefix = node.prefixItems ?? [];
  for (let index = 0; index < value.length; index++) {
    const itemSchema = index < prefix.length ? prefix[index] : node.items;
    if (itemSchema === undefined) continue;
    if (itemSchema === false) {
      report(pass, path, `expected at most ${plural(prefix.length, "item")}, received ${value.length}`);
      break;
    }
    value[index] = walk(itemSchema, value[index], `${path}[${index}]`, pass);
  }
}

function checkObject(node: SchemaNode, value: Record<string, unknown>, path: string, pass: Pass): void {
  const properties = node.properties;
  if (properties) {
    for (const [key, propertySchema] of properties) {
      if (hasValue(value, key)) continue;
      const fallback = defaultOf(propertySchema);
      if (fallback) setOwn(value, key, copyJson(fallback.value));
    }
  }
  for (const key of node.required ?? []) {
    if (hasValue(value, key)) continue;
    const expected = properties?.get(key);
    const what = expected ? describeNode(expected) : undefined;
    report(pass, childPath(path, key), what ? `missing required property, expected ${what}` : "missing required property");
  }
  for (const key of Object.keys(value)) {
    const at = childPath(path, key);
    const propertySchema = properties?.get(key);
    if (propertySchema) {
      setOwn(value, key, walk(propertySchema, value[key], at, pass));
      continue;
    }
    let matched = false;
    for (const [pattern, patternSchema] of node.patternProperties ?? []) {
      if (!pattern.test(key)) continue;
      matched = true;
      setOwn(value, key, walk(patternSchema, value[key], at, pass));
    }
    if (matched || node.additionalProperties === undefined) continue;
    if (node.additionalProperties === false) report(pass, at, unexpectedPropertyMessage(properties));
    else setOwn(value, key, walk(node.additionalProperties, value[key], at, pass));
  }
}

function defaultOf(node: SchemaNode): { value: unknown } | undefined {
  return node.defaultValue ?? (node.ref ? defaultOf(node.ref) : undefined);
}

function unexpectedPropertyMessage(properties: Map<string, SchemaNode> | undefined): string {
  const names = [...(properties?.keys() ?? [])];
  if (names.length === 0) return "unexpected property, no properties are allowed here";
  if (names.length > MAX_LISTED_PROPERTIES) return "unexpected property";
  return `unexpected property, allowed: ${names.join(", ")}`;
}

/**
 * anyOf / oneOf. Alternatives the value matches without coercion win, so coercion never picks a branch the
 * value did not ask for (5 stays a number in `string | number`); only when none matches is coercion tried, and
 * then the first alternative that accepts the coerced value wins (oneOf's "exactly one" is judged uncoerced).
 */
function walkUnion(options: SchemaNode[], exactlyOne: boolean, value: unknown, path: string, pass: Pass): unknown {
  const strict = options.map((option) => tryAlternative(option, value, path, false));
  const matching = strict.filter((trial) => trial.problems.length === 0);
  if (exactlyOne && matching.length > 1) {
    report(pass, path, `expected exactly one alternative to match, but ${matching.length} did`);
    return value;
  }
  if (matching.length > 0) return matching[0].value;
  const trials = pass.coerce ? options.map((option) => tryAlternative(option, value, path, true)) : strict;
  const accepted = trials.find((trial) => trial.problems.length === 0);
  if (accepted) return accepted.value;

  // Report where the model most likely went wrong: inside the alternative whose type fits the value.
  const fitting = trials.filter((_, index) => acceptsTypeOf(options[index], value));
  const structured = typeof value === "object" && value !== null;
  if (fitting.length === 1 || (structured && fitting.length > 1)) {
    const closest = fitting.reduce((best, trial) => (trial.problems.length < best.problems.length ? trial : best));
    pass.problems.push(...closest.problems);
  } else {
    const expected = [...new Set(options.map(describeNode))].join(" or ");
    report(pass, path, `expected ${expected}, received ${preview(value)}`);
  }
  return value;
}

function tryAlternative(option: SchemaNode, value: unknown, path: string, coerce: boolean) {
  const trial: Pass = { coerce, problems: [] };
  // a strict trial can skip the walk (and its copy) when the alternative's type already rules the value out
  const types = coerce || (value === null && option.nullable) ? undefined : option.types;
  if (types && !types.some((type) => matchesType(value, type))) {
    report(trial, path, `expected ${types.join(" or ")}, received ${describeValue(value)}`);
    return { value, problems: trial.problems };
  }
  const result = walk(option, copyJson(value), path, trial);
  return { value: result, problems: trial.problems };
}

function acceptsTypeOf(node: SchemaNode, value: unknown): boolean {
  const target = node.ref ?? node;
  if (!target.types) return true;
  const actual = jsonTypeOf(value);
  return target.types.some((type) => type === actual || (type === "number" && actual === "integer") || (type === "integer" && actual === "number"));
}

function describeNode(node: SchemaNode): string {
  if (node.constant) return preview(node.constant.value);
  if (node.enumValues) return node.enumValues.map(preview).join(" or ");
  if (node.types) return node.types.join(" or ");
  const alternatives = node.anyOf ?? node.oneOf;
  if (alternatives) return [...new Set(alternatives.map(describeNode))].join(" or ");
  if (node.ref) return describeNode(node.ref);
  return "a value";
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function childPath(path: string, key: string): string {
  if (!IDENTIFIER.test(key)) return `${path}[${JSON.stringify(key)}]`;
  return path === "" ? key : `${path}.${key}`;
}

function countCodePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

function formatProblems(problems: Problem[]): string {
  const shown = problems.slice(0, MAX_REPORTED_PROBLEMS).map((problem) => `${problem.path || "root"}: ${problem.message}`);
  const hidden = problems.length - shown.length;
  if (hidden > 0) shown.push(`and ${plural(hidden, "more problem")}`);
  return `Validation failed for tool arguments: ${shown.join("; ")}`;
}
