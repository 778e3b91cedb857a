// A tool schema in the strict subset providers constrain sampling with (pi 1.6.0's rules): every object lists all
// its properties as required, an optional one becomes nullable (`anyOf [schema, {type: "null"}]`; a null that
// comes back is dropped as an omitted property, optional-nulls.ts), and no object allows other properties. Schemas
// strict sampling cannot express (references, allOf/oneOf, conditionals, tuples, untyped nodes, unions of objects)
// have no strict form: undefined.

const UNSUPPORTED_KEYWORDS = ["$ref", "$defs", "definitions", "allOf", "oneOf", "patternProperties", "dependentSchemas", "dependencies", "unevaluatedProperties", "propertyNames", "contains", "prefixItems", "not", "if", "then", "else"];

type Schema = Record<string, unknown>;
const isSchema = (value: unknown): value is Schema => typeof value === "object" && value !== null && !Array.isArray(value);

class NotStrict extends Error {}

const types = (schema: Schema): unknown[] => (Array.isArray(schema.type) ? schema.type : [schema.type]);
const isStructured = (schema: Schema) => types(schema).includes("object") || types(schema).includes("array") || schema.properties !== undefined || schema.items !== undefined;
const allowsNull = (schema: unknown): boolean =>
  isSchema(schema) && (types(schema).includes("null") || schema.const === null || (Array.isArray(schema.enum) && schema.enum.includes(null)) || (Array.isArray(schema.anyOf) && schema.anyOf.some(allowsNull)));

/** A keyword (with its value) a provider's strict mode refuses beyond the common ones. */
export type UnsupportedKeyword = (key: string, value: unknown) => boolean;

function strictNode(schema: unknown, unsupported?: UnsupportedKeyword): void {
  if (!isSchema(schema)) throw new NotStrict();
  if (UNSUPPORTED_KEYWORDS.some((key) => schema[key] !== undefined)) throw new NotStrict();
  if (unsupported && Object.entries(schema).some(([key, value]) => unsupported(key, value))) throw new NotStrict();
  if (schema.type === undefined && schema.anyOf === undefined && schema.enum === undefined) throw new NotStrict();
  if (schema.anyOf !== undefined) {
    if (!Array.isArray(schema.anyOf) || schema.anyOf.length === 0) throw new NotStrict();
    for (const variant of schema.anyOf) {
      if (isSchema(variant) && isStructured(variant)) throw new NotStrict();
      strictNode(variant, unsupported);
    }
  }
  if (schema.items !== undefined) {
    if (Array.isArray(schema.items)) throw new NotStrict();
    strictNode(schema.items, unsupported);
  }
  if (schema.type !== "object") {
    if (schema.properties !== undefined) throw new NotStrict();
    return;
  }
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) throw new NotStrict();
  const properties = schema.properties ?? {};
  if (!isSchema(properties)) throw new NotStrict();
  const required = schema.required ?? [];
  if (!Array.isArray(required) || required.some((key) => typeof key !== "string" || !(key in properties))) throw new NotStrict();
  for (const [key, property] of Object.entries(properties)) {
    strictNode(property, unsupported);
    if (!required.includes(key) && !allowsNull(property)) properties[key] = { anyOf: [property, { type: "null" }] };
  }
  schema.required = Object.keys(properties);
  schema.additionalProperties = false;
}

/** The strict form of an object schema (a copy), or undefined when it has none. */
export function strictJsonSchema(schema: Record<string, unknown>, unsupported?: UnsupportedKeyword): Record<string, unknown> | undefined {
  const copy = structuredClone(schema);
  try {
    strictNode(copy, unsupported);
  } catch (error) {
    if (error instanceof NotStrict) return undefined;
    throw error;
  }
  return copy.type === "object" ? copy : undefined;
}
