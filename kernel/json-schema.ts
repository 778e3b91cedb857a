// Validates tool arguments against a plain JSON Schema, for tools that bring no `validate` of their own
// (pi extensions declare TypeBox schemas, which are JSON Schema at run time). Primitives are coerced the way
// AJV's `coerceTypes` and pi's validator do, because models often send "5" for 5 or "true" for true.
// Only own enumerable string keys are read, so TypeBox's symbol keys and hidden `~kind` keys never matter.
import { PithError } from "./errors.js";
import type { ToolArgumentCheck } from "./tool.js";

type JsonType = "string" | "number" | "integer" | "boolean" | "null" | "array" | "object";

const JSON_TYPES: ReadonlySet<string> = new Set(["string", "number", "integer", "boolean", "null", "array", "object"]);
const MAX_REPORTED_PROBLEMS = 5;
const MAX_LISTED_PROPERTIES = 12;

/** A schema preprocessed once: keywords checked, refs resolved, patterns compiled. */
interface SchemaNode {
  rejectsAll?: boolean;
  nullable?: boolean;
  types?: JsonType[];
  ref?: SchemaNode;
  allOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  constant?: { value: unknown };
  enumValues?: unknown[];
  defaultValue?: { value: unknown };
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
  minItems?: number;
  maxItems?: number;
  prefixItems?: SchemaNode[];
  /** schema of the items after `prefixItems`; false forbids them */
  items?: SchemaNode | false;
  properties?: Map<string, SchemaNode>;
  required?: string[];
  patternProperties?: [RegExp, SchemaNode][];
  additionalProperties?: SchemaNode | false;
}

type CompiledSchema = { node: SchemaNode } | { problem: string };

const compiledSchemas = new WeakMap<object, CompiledSchema>();

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
  const compiled = compileRoot(schema);
  if ("problem" in compiled) return { ok: false, error: `Invalid tool parameters schema: ${compiled.problem}` };

  const pass: Pass = { coerce: true, problems: [] };
  const result = walk(compiled.node, copyJson(value), "", pass);
  if (pass.problems.length === 0 && !isRecord(result)) {
    report(pass, "", `expected object, received ${describeValue(result)}`);
  }
  if (pass.problems.length > 0) return { ok: false, error: formatProblems(pass.problems) };
  return { ok: true, value: result as Record<string, unknown> };
}

// ---------------------------------------------------------------------------------------------------------------
// Preprocessing

function compileRoot(root: Record<string, unknown>): CompiledSchema {
  const cached = compiledSchemas.get(root);
  if (cached) return cached;
  let compiled: CompiledSchema;
  try {
    compiled = { node: new SchemaCompiler(root).compile(root, "#") };
  } catch (error) {
    if (!(error instanceof PithError)) throw error;
    compiled = { problem: error.message };
  }
  compiledSchemas.set(root, compiled);
  return compiled;
}

function schemaProblem(message: string): PithError {
  return new PithError("TOOL_SCHEMA_INVALID", message);
}

class SchemaCompiler {
  /** one node per schema object, so recursive `$ref`s close into cycles instead of recursing forever */
  private readonly nodes = new Map<object, SchemaNode>();
  private schemasById: Map<string, Record<string, unknown>> | undefined;

  constructor(private readonly root: Record<string, unknown>) {}

  compile(schema: unknown, where: string): SchemaNode {
    if (schema === true) return {};
    if (schema === false) return { rejectsAll: true };
    if (!isRecord(schema)) throw schemaProblem(`${where} should be a schema object, found ${describeValue(schema)}`);
    const existing = this.nodes.get(schema);
    if (existing) return existing;
    const node: SchemaNode = {};
    this.nodes.set(schema, node);

    if (schema.nullable === true) node.nullable = true;
    if (schema.type !== undefined) node.types = compileTypes(schema.type, where);
    if (schema.$ref !== undefined) {
      if (typeof schema.$ref !== "string") throw schemaProblem(`${where}/$ref should be a string`);
      node.ref = this.compile(this.resolveRef(schema.$ref, where), schema.$ref);
    }
    for (const keyword of ["allOf", "anyOf", "oneOf"] as const) {
      const list = schema[keyword];
      if (list === undefined) continue;
      if (!Array.isArray(list) || list.length === 0) throw schemaProblem(`${where}/${keyword} should be a non-empty array`);
      node[keyword] = list.map((entry, index) => this.compile(entry, `${where}/${keyword}/${index}`));
    }
    if (Object.hasOwn(schema, "const")) node.constant = { value: schema.const };
    if (schema.enum !== undefined) {
      if (!Array.isArray(schema.enum)) throw schemaProblem(`${where}/enum should be an array`);
      node.enumValues = schema.enum;
    }
    if (Object.hasOwn(schema, "default")) node.defaultValue = { value: schema.default };
    this.compileNumberBounds(schema, node, where);
    node.minLength = countKeyword(schema, "minLength", where);
    node.maxLength = countKeyword(schema, "maxLength", where);
    if (schema.pattern !== undefined) node.pattern = compilePattern(schema.pattern, `${where}/pattern`);
    this.compileArrayKeywords(schema, node, where);
    this.compileObjectKeywords(schema, node, where);
    return node;
  }

  private compileNumberBounds(schema: Record<string, unknown>, node: SchemaNode, where: string): void {
    node.minimum = numberKeyword(schema, "minimum", where);
    node.maximum = numberKeyword(schema, "maximum", where);
    // draft-04 spells exclusive bounds as booleans that modify minimum/maximum
    if (schema.exclusiveMinimum === true) [node.exclusiveMinimum, node.minimum] = [node.minimum, undefined];
    else if (schema.exclusiveMinimum !== false) node.exclusiveMinimum = numberKeyword(schema, "exclusiveMinimum", where);
    if (schema.exclusiveMaximum === true) [node.exclusiveMaximum, node.maximum] = [node.maximum, undefined];
    else if (schema.exclusiveMaximum !== false) node.exclusiveMaximum = numberKeyword(schema, "exclusiveMaximum", where);
  }

  private compileArrayKeywords(schema: Record<string, unknown>, node: SchemaNode, where: string): void {
    node.minItems = countKeyword(schema, "minItems", where);
    node.maxItems = countKeyword(schema, "maxItems", where);
    const tuple = (list: unknown, at: string) => {
      if (!Array.isArray(list)) throw schemaProblem(`${at} should be an array of schemas`);
      return list.map((entry, index) => this.compile(entry, `${at}/${index}`));
    };
    const rest = (entry: unknown, at: string) => (entry === false ? false : this.compile(entry, at));
    if (schema.prefixItems !== undefined) {
      node.prefixItems = tuple(schema.prefixItems, `${where}/prefixItems`);
      if (schema.items !== undefined) node.items = rest(schema.items, `${where}/items`);
    } else if (Array.isArray(schema.items)) {
      // the older tuple form (TypeBox's Tuple): `items` is the tuple, `additionalItems` the rest
      node.prefixItems = tuple(schema.items, `${where}/items`);
      if (schema.additionalItems !== undefined) node.items = rest(schema.additionalItems, `${where}/additionalItems`);
    } else if (schema.items !== undefined) {
      node.items = rest(schema.items, `${where}/items`);
    }
  }

  private compileObjectKeywords(schema: Record<string, unknown>, node: SchemaNode, where: string): void {
    if (schema.properties !== undefined) {
      if (!isRecord(schema.properties)) throw schemaProblem(`${where}/properties should be an object`);
      node.properties = new Map(
        Object.entries(schema.properties).map(([key, entry]) => [key, this.compile(entry, `${where}/properties/${key}`)]),
      );
    }
    if (schema.required !== undefined) {
      if (!Array.isArray(schema.required) || !schema.required.every((key) => typeof key === "string")) {
        throw schemaProblem(`${where}/required should be an array of property names`);
      }
      node.required = schema.required;
    }
    if (schema.patternProperties !== undefined) {
      if (!isRecord(schema.patternProperties)) throw schemaProblem(`${where}/patternProperties should be an object`);
      node.patternProperties = Object.entries(schema.patternProperties).map(([source, entry]) => [
        compilePattern(source, `${where}/patternProperties`),
        this.compile(entry, `${where}/patternProperties/${source}`),
      ]);
    }
    const additional = schema.additionalProperties;
    if (additional === false) node.additionalProperties = false;
    else if (additional !== undefined && additional !== true) {
      node.additionalProperties = this.compile(additional, `${where}/additionalProperties`);
    }
  }

  /** `#/json/pointer`, or a `$id` somewhere in the schema (TypeBox's `Type.Ref` and `Type.Cyclic` use ids). */
  private resolveRef(ref: string, where: string): unknown {
    const target = ref.startsWith("#") ? this.resolvePointer(ref) : this.findById(ref);
    if (target === undefined) {
      throw schemaProblem(`${where}/$ref "${ref}" does not point to a schema (supported: "#/$defs/Name", "#/definitions/Name", a $id)`);
    }
    return target;
  }

  private resolvePointer(ref: string): unknown {
    const pointer = ref.slice(1);
    if (pointer === "") return this.root;
    if (!pointer.startsWith("/")) return undefined;
    let current: unknown = this.root;
    for (const raw of pointer.slice(1).split("/")) {
      const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
      if (Array.isArray(current)) current = current[Number(key)];
      else if (isRecord(current) && Object.hasOwn(current, key)) current = current[key];
      else return undefined;
    }
    return current;
  }

  private findById(id: string): unknown {
    if (!this.schemasById) {
      this.schemasById = new Map();
      collectIds(this.root, this.schemasById, new Set());
    }
    return this.schemasById.get(id);
  }
}

function collectIds(value: unknown, into: Map<string, Record<string, unknown>>, seen: Set<object>): void {
  if (typeof value !== "object" || value === null || seen.has(value)) return;
  seen.add(value);
  if (Array.isArray(value)) {
    for (const entry of value) collectIds(entry, into, seen);
    return;
  }
  const record = value as Record<string, unknown>;
  if (typeof record.$id === "string" && !into.has(record.$id)) into.set(record.$id, record);
  for (const entry of Object.values(record)) collectIds(entry, into, seen);
}

function compileTypes(type: unknown, where: string): JsonType[] {
  const list = Array.isArray(type) ? type : [type];
  for (const entry of list) {
    if (typeof entry !== "string" || !JSON_TYPES.has(entry)) {
      throw schemaProblem(`${where}/type has unknown type ${JSON.stringify(entry)} (known: ${[...JSON_TYPES].join(", ")})`);
    }
  }
  return list as JsonType[];
}

function numberKeyword(schema: Record<string, unknown>, key: string, where: string): number | undefined {
  const value = schema[key];
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isFinite(value)) throw schemaProblem(`${where}/${key} should be a number`);
  return value;
}

function countKeyword(schema: Record<string, unknown>, key: string, where: string): number | undefined {
  const value = numberKeyword(schema, key, where);
  if (value !== undefined && (!Number.isInteger(value) || value < 0)) {
    throw schemaProblem(`${where}/${key} should be a non-negative integer`);
  }
  return value;
}

function compilePattern(source: unknown, where: string): RegExp {
  if (typeof source !== "string") throw schemaProblem(`${where} should be a string`);
  // JSON Schema patterns are ECMA-262 with unicode semantics; some schemas rely on escapes only legal without "u"
  for (const flags of ["u", ""]) {
    try {
      return new RegExp(source, flags);
    } catch {
      // try the next flag set
    }
  }
  throw schemaProblem(`${where} ${JSON.stringify(source)} is not a valid regular expression`);
}

// ---------------------------------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------------------------------
// Types and coercion

function matchesType(value: unknown, type: JsonType): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "null":
      return value === null;
    case "array":
      return Array.isArray(value);
    case "object":
      return isRecord(value);
  }
}

/** AJV's `coerceTypes` table: the first listed type the value converts to wins. */
function coerceToOneOf(value: unknown, types: JsonType[]): { value: unknown } | undefined {
  for (const type of types) {
    const converted = coercePrimitive(value, type);
    if (converted !== NOT_CONVERTIBLE) return { value: converted };
  }
  return undefined;
}

const NOT_CONVERTIBLE = Symbol("not convertible");

function coercePrimitive(value: unknown, type: JsonType): unknown {
  switch (type) {
    case "number":
    case "integer": {
      let converted: number | undefined;
      if (value === null) converted = 0;
      else if (typeof value === "boolean") converted = value ? 1 : 0;
      else if (typeof value === "string" && value.trim() !== "") converted = Number(value);
      if (converted === undefined || !matchesType(converted, type)) return NOT_CONVERTIBLE;
      return converted;
    }
    case "boolean":
      if (value === "true" || value === 1) return true;
      if (value === "false" || value === 0 || value === null) return false;
      return NOT_CONVERTIBLE;
    case "string":
      if (typeof value === "number" || typeof value === "boolean") return String(value);
      if (value === null) return "";
      return NOT_CONVERTIBLE;
    case "null":
      return value === "" || value === 0 || value === false ? null : NOT_CONVERTIBLE;
    default:
      return NOT_CONVERTIBLE;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Copies arrays and plain records deeply; other values are immutable or opaque and are shared. */
function copyJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyJson);
  if (!isRecord(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) setOwn(copy, key, copyJson(value[key]));
  return copy;
}

function hasValue(record: Record<string, unknown>, key: string): boolean {
  return Object.hasOwn(record, key) && record[key] !== undefined;
}

/** Plain assignment of "__proto__" would replace the prototype and let inherited keys dodge validation. */
function setOwn(record: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}

function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((entry, i) => jsonEqual(entry, b[i]));
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && jsonEqual(a[key], b[key]));
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number" && Number.isInteger(value)) return "integer";
  return typeof value;
}

function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** A short JSON rendering of a value for messages. */
function preview(value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    // cycles and bigints cannot be shown as JSON; their kind still helps
  }
  if (text === undefined) return describeValue(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
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
