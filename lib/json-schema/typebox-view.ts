// TypeBox's Value.Convert and Value.Default walk a schema by the `~kind` marks TypeBox's own builders put on it, and
// leave a plain JSON Schema (a model's MCP tool, pith's zod-made schemas, TypeBox 0.3x's symbol-marked ones) alone.
// This is the same schema with those marks, read from its keywords, so the library's conversion rules (the ones pi
// 1.6.0 ported for its own validator) and default filling apply to any tool's schema. Only conversion and defaults
// read the view: values are checked against the original schema.
import { isRecord, valueAt } from "./json-values.js";

export interface TypeBoxView {
  schema: unknown;
  /** the target of every `$ref` in the schema, by the reference as written (TypeBox's Ref looks it up by name) */
  context: Record<string, unknown>;
  /** references that name no schema: TypeBox rejects every value at their place, as pi does */
  unresolved: string[];
}

const PRIMITIVE_KINDS: Readonly<Record<string, string>> = {
  string: "String",
  number: "Number",
  integer: "Integer",
  boolean: "Boolean",
  null: "Null",
};

export function typeBoxView(root: Record<string, unknown>): TypeBoxView {
  const context: Record<string, unknown> = {};
  const unresolved: string[] = [];
  const views = new Map<object, Record<string, unknown>>();
  const resolve = referenceResolver(root);

  const view = (node: unknown): unknown => {
    // TypeBox's default filling reads keywords with `in`, which a boolean schema does not allow
    if (typeof node === "boolean") return node ? {} : { not: {} };
    if (!isRecord(node)) return node;
    const existing = views.get(node);
    if (existing) return existing;
    const out: Record<string, unknown> = {};
    // registered before the walk below, so a schema that contains itself closes into a cycle
    views.set(node, out);
    Object.assign(out, node, marks(node));
    return out;
  };

  const marks = (node: Record<string, unknown>): Record<string, unknown> => {
    if (typeof node.$ref === "string") {
      const target = resolve(node.$ref);
      if (target !== undefined && !Object.hasOwn(context, node.$ref)) {
        context[node.$ref] = null;
        context[node.$ref] = view(target);
      }
      if (target === undefined) unresolved.push(node.$ref);
      return target === undefined ? {} : { "~kind": "Ref" };
    }
    if (Object.hasOwn(node, "const")) return literal(node.const);
    if (Array.isArray(node.enum)) return { "~kind": "Union", anyOf: node.enum.map((value) => ({ ...literal(value), const: value })) };
    const union = node.anyOf ?? node.oneOf;
    if (Array.isArray(union)) return { "~kind": "Union", anyOf: union.map(view) };
    if (Array.isArray(node.type)) {
      return { "~kind": "Union", anyOf: node.type.map((type) => view({ ...node, type })) };
    }
    const kind = typeof node.type === "string" ? PRIMITIVE_KINDS[node.type] : undefined;
    if (kind) return { "~kind": kind };
    if (node.type === "array" || (node.type === undefined && (node.items !== undefined || node.prefixItems !== undefined))) {
      return arrayMarks(node);
    }
    if (node.type === "object" || (node.type === undefined && (node.properties !== undefined || node.patternProperties !== undefined))) {
      return objectMarks(node);
    }
    return {};
  };

  const arrayMarks = (node: Record<string, unknown>): Record<string, unknown> => {
    const tuple = Array.isArray(node.items) ? node.items : Array.isArray(node.prefixItems) ? node.prefixItems : undefined;
    if (tuple) return { "~kind": "Tuple", items: tuple.map(view) };
    return { "~kind": "Array", items: node.items === undefined ? {} : view(node.items) };
  };

  const objectMarks = (node: Record<string, unknown>): Record<string, unknown> => {
    const additional = isRecord(node.additionalProperties) ? { additionalProperties: view(node.additionalProperties) } : {};
    if (!isRecord(node.properties) && isRecord(node.patternProperties)) {
      return { "~kind": "Record", patternProperties: mapValues(node.patternProperties, view), ...additional };
    }
    const required = new Set(Array.isArray(node.required) ? node.required : []);
    const properties = mapValues(isRecord(node.properties) ? node.properties : {}, (property, key) => {
      const shown = view(property);
      // TypeBox skips an optional property whose value is undefined, as an absent one
      return required.has(key) || !isRecord(shown) ? shown : { ...shown, "~optional": true };
    });
    return { "~kind": "Object", properties, ...additional };
  };

  return { schema: view(root), context, unresolved };
}

/** TypeBox converts towards a literal of a primitive type; a structured `const` is only checked. */
function literal(value: unknown): Record<string, unknown> {
  return ["string", "number", "boolean"].includes(typeof value) ? { "~kind": "Literal" } : {};
}

function mapValues(record: Record<string, unknown>, map: (value: unknown, key: string) => unknown): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value, key)]));
}

/** The schema a `$ref` names: a JSON Pointer into `root` (`#/$defs/Node`), or a `$id` (TypeBox's `Type.Ref`). */
export function referenceResolver(root: Record<string, unknown>): (ref: string) => unknown {
  let ids: Map<string, unknown> | undefined;
  return (ref) => {
    if (ref === "#" || ref.startsWith("#/")) return valueAt(root, ref);
    ids ??= schemasById(root);
    return ids.get(ref);
  };
}

/** TypeBox's `Type.Ref` and `Type.Cyclic` refer to schemas by `$id`. */
function schemasById(root: unknown): Map<string, unknown> {
  const ids = new Map<string, unknown>();
  const seen = new Set<object>();
  const visit = (value: unknown): void => {
    if (typeof value !== "object" || value === null || seen.has(value)) return;
    seen.add(value);
    if (!Array.isArray(value) && typeof (value as Record<string, unknown>).$id === "string") {
      const id = (value as Record<string, unknown>).$id as string;
      if (!ids.has(id)) ids.set(id, value);
    }
    for (const entry of Object.values(value)) visit(entry);
  };
  visit(root);
  return ids;
}
