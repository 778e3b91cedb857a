// The output schema of every MCP tool, as pi 1.6.0 declares it: the server's whole answer a codemode script receives
// (content blocks, `structuredContent`, `isError`; `_meta` dropped), with the tool's own output schema, if any, as
// `structuredContent`. Moved below `#/properties/structuredContent`, that schema's local references are rewritten
// to point there, so they name the same subschemas.
const CONTENT_BLOCK = {
  type: "object",
  properties: {
    type: { enum: ["text", "image", "audio", "resource_link", "resource"] },
    text: { type: "string" },
    data: { type: "string" },
    mimeType: { type: "string" },
  },
  required: ["type"],
  additionalProperties: true,
};
/** their values are data: a `$ref` key inside is no reference */
const DATA_KEYWORDS = new Set(["const", "enum", "default", "examples"]);
/** their keys are names, their values schemas */
const NAMED_SCHEMAS = new Set(["properties", "patternProperties", "dependentSchemas", "dependencies", "$defs", "definitions"]);

export function mcpResultSchema(toolOutputSchema: unknown): Record<string, unknown> {
  return {
    type: "object",
    properties: {
      content: { type: "array", items: CONTENT_BLOCK },
      // a server may send structured content it declared no schema for, of any JSON shape
      structuredContent: toolOutputSchema ? moveBelow(toolOutputSchema, "#/properties/structuredContent") : {},
      isError: { type: "boolean" },
    },
    required: ["content"],
    // newer protocol versions add fields
    additionalProperties: true,
  };
}

function moveBelow(schema: unknown, pointer: string): unknown {
  if (Array.isArray(schema)) return schema.map((item) => moveBelow(item, pointer));
  if (typeof schema !== "object" || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => {
      if (key === "$ref" && typeof value === "string" && (value === "#" || value.startsWith("#/"))) return [key, `${pointer}${value.slice(1)}`];
      if (DATA_KEYWORDS.has(key)) return [key, value];
      if (NAMED_SCHEMAS.has(key) && typeof value === "object" && value !== null && !Array.isArray(value)) {
        return [key, Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, moveBelow(sub, pointer)]))];
      }
      return [key, moveBelow(value, pointer)];
    }),
  );
}
