// Compiles a JSON Schema once per schema object (cached): unknown types, malformed keywords and unresolvable
// `$ref`s are found here, before any value is checked.
import { PithError } from "../../kernel/index.js";
import { describeValue, isRecord } from "./json-values.js";
import { JSON_TYPES, type JsonType, type SchemaNode } from "./schema-node.js";

export type CompiledSchema = { node: SchemaNode } | { problem: string };

const compiledSchemas = new WeakMap<object, CompiledSchema>();

export function compileSchema(root: Record<string, unknown>): CompiledSchema {
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
