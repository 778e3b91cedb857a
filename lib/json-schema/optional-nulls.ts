// Models send `null` for an optional property they mean to leave out. pi 1.6.0 drops such a null before converting
// (a property the schema does not allow null in, and does not require), so `{"limit": null}` means no limit instead
// of a limit of 0 or the text "null". TypeBox's conversion has no such rule; this runs before it, on a private copy.
import { Check } from "typebox/value";
import { isRecord } from "./json-values.js";
import type { TypeBoxView } from "./typebox-view.js";

export function dropOptionalNulls(value: unknown, schema: unknown, view: TypeBoxView): void {
  if (!isRecord(schema)) return;
  if (Array.isArray(value)) {
    value.forEach((item, index) => dropOptionalNulls(item, itemSchemaAt(schema, index), view));
    return;
  }
  if (!isRecord(value)) return;
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  for (const [key, property] of Object.entries(properties)) {
    if (!Object.hasOwn(value, key)) continue;
    if (value[key] === null && !required.has(key) && !isReference(property) && !acceptsNull(property, view)) delete value[key];
    else dropOptionalNulls(value[key], property, view);
  }
  // values under pattern and additional properties may hold optional properties of their own
  const patterns = Object.entries(isRecord(schema.patternProperties) ? schema.patternProperties : {});
  for (const key of Object.keys(value)) {
    if (Object.hasOwn(properties, key)) continue;
    const matching = patterns.filter(([pattern]) => new RegExp(pattern, "u").test(key));
    for (const [, item] of matching) dropOptionalNulls(value[key], item, view);
    if (matching.length === 0) dropOptionalNulls(value[key], schema.additionalProperties, view);
  }
}

function acceptsNull(schema: unknown, view: TypeBoxView): boolean {
  try {
    return Check(view.context as never, schema as never, null);
  } catch {
    // a schema TypeBox cannot check here is left to the check of the whole value
    return true;
  }
}

function isReference(schema: unknown): boolean {
  return isRecord(schema) && typeof schema.$ref === "string";
}

/** The schema of an array's item: a tuple's own (TypeBox's view keeps tuples in `items`), else `items`. */
function itemSchemaAt(schema: Record<string, unknown>, index: number): unknown {
  return Array.isArray(schema.items) ? schema.items[index] : schema.items;
}
