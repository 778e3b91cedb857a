// A JSON Schema preprocessed once for validation: keywords checked, refs resolved, patterns compiled.

export type JsonType = "string" | "number" | "integer" | "boolean" | "null" | "array" | "object";

export const JSON_TYPES: ReadonlySet<string> = new Set(["string", "number", "integer", "boolean", "null", "array", "object"]);

/** A schema preprocessed once: keywords checked, refs resolved, patterns compiled. */
export interface SchemaNode {
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
