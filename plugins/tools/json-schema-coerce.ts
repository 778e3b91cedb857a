// Models sometimes send `"10"` for a number or `"true"` for a boolean. pi coerces such primitives the way
// AJV's `coerceTypes` does before validating; this does the same, guided by the tool's JSON Schema.

type JsonSchema = Record<string, unknown>;

function schemaTypes(schema: JsonSchema): string[] {
  const type = schema.type;
  if (typeof type === "string") return [type];
  return Array.isArray(type) ? type.filter((entry): entry is string => typeof entry === "string") : [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function coercePrimitive(value: unknown, types: string[]): unknown {
  if (types.includes("number") || types.includes("integer")) {
    if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
    if (typeof value === "boolean") return value ? 1 : 0;
  }
  if (types.includes("boolean") && typeof value === "string") {
    if (value === "true") return true;
    if (value === "false") return false;
  }
  if (types.includes("string") && (typeof value === "number" || typeof value === "boolean")) return String(value);
  return value;
}

/** Returns a coerced copy; values that cannot be coerced are left for validation to report. */
export function coerceToSchema(value: unknown, schema: JsonSchema): unknown {
  const types = schemaTypes(schema);
  if (types.includes("object") && isRecord(value)) {
    const properties = isRecord(schema.properties) ? schema.properties : {};
    const result: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) {
      const propertySchema = properties[key];
      result[key] = isRecord(propertySchema) ? coerceToSchema(entry, propertySchema) : entry;
    }
    return result;
  }
  if (types.includes("array") && Array.isArray(value)) {
    const items = schema.items;
    return isRecord(items) ? value.map((item) => coerceToSchema(item, items)) : [...value];
  }
  return coercePrimitive(value, types);
}
