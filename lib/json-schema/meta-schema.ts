// What pith requires of a tool's `parameters` before it checks arguments against them: the keywords it reads must
// have the shapes JSON Schema gives them. A schema that breaks this fails every call of its tool with a message
// naming the keyword (TypeBox would otherwise accept an unknown `type` as anything, or a negative `minLength`).

const JSON_TYPES = ["string", "number", "integer", "boolean", "null", "array", "object"];
const SCHEMA = { $ref: "#/$defs/schema" };
const SCHEMA_LIST = { type: "array", minItems: 1, items: SCHEMA };
const SCHEMA_MAP = { type: "object", additionalProperties: SCHEMA };
const COUNT = { type: "integer", minimum: 0 };
const NUMBER = { type: "number" };

export const META_SCHEMA = {
  $defs: { schema: { anyOf: [{ type: "boolean" }, { $ref: "#" }] } },
  type: "object",
  properties: {
    type: { anyOf: [{ enum: JSON_TYPES }, { type: "array", items: { enum: JSON_TYPES } }] },
    $ref: { type: "string" },
    $defs: SCHEMA_MAP,
    definitions: SCHEMA_MAP,
    properties: SCHEMA_MAP,
    patternProperties: { type: "object", propertyNames: { format: "regex" }, additionalProperties: SCHEMA },
    additionalProperties: SCHEMA,
    required: { type: "array", items: { type: "string" } },
    items: { anyOf: [SCHEMA, { type: "array", items: SCHEMA }] },
    prefixItems: { type: "array", items: SCHEMA },
    additionalItems: SCHEMA,
    allOf: SCHEMA_LIST,
    anyOf: SCHEMA_LIST,
    oneOf: SCHEMA_LIST,
    not: SCHEMA,
    enum: { type: "array" },
    pattern: { type: "string", format: "regex" },
    minLength: COUNT,
    maxLength: COUNT,
    minItems: COUNT,
    maxItems: COUNT,
    minProperties: COUNT,
    maxProperties: COUNT,
    minimum: NUMBER,
    maximum: NUMBER,
    multipleOf: NUMBER,
  },
};
