// The one coercion of model-sent arguments: models often send "5" for 5 or "true" for true, and pi coerces such
// primitives the way AJV's `coerceTypes` does. Both the JSON Schema validator and pith's own tools use it.
import { matchesType } from "./json-values.js";
import type { JsonType } from "./schema-node.js";

/** AJV's `coerceTypes` table: the first listed type the value converts to wins. */
export function coerceToOneOf(value: unknown, types: JsonType[]): { value: unknown } | undefined {
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
