// pith's rendering of a tool's script declaration (lib/codemode/declarations.ts) against pi 1.6.0's own
// (@earendil-works/pi-codemode, pure JavaScript, run here on Node 20): the same text for schemas of every kind the
// renderer reads: descriptions and constraint tags, optional values, unions, enums, tuples, maps, references
// (local, recursive, remote), draft 4 bounds, names that are no identifiers.
import { renderToolSample, toCodemodeIdentifier } from "@earendil-works/pi-codemode/declarations";
import { describe, expect, it } from "vitest";
import { scriptIdentifier, toolSample } from "../../lib/codemode/declarations.js";

const SCHEMAS: Record<string, unknown> = {
  plain: { type: "object", properties: { path: { type: "string" }, limit: { type: "integer" } }, required: ["path"] },
  described: {
    type: "object",
    properties: {
      count: { type: "integer", description: "How many\nat most", minimum: 1, maximum: 100, default: 20 },
      mode: { enum: ["fast", "slow"], description: "The mode" },
      tags: { type: "array", items: { type: "string" }, minItems: 1, uniqueItems: true },
      old: { type: "boolean", deprecated: true },
    },
  },
  optional: { type: "object", properties: { size: { anyOf: [{ type: "integer", minimum: 0 }, { type: "null" }] } } },
  nested: { type: "object", properties: { "odd-key": { type: "object", properties: { deep: { const: 3 } } }, pair: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }] } } },
  maps: { type: "object", additionalProperties: { type: "number" } },
  empty: { type: "object" },
  refs: {
    type: "object",
    $defs: { Item: { type: "object", properties: { name: { type: "string" }, next: { $ref: "#/$defs/Item" } } } },
    properties: { item: { $ref: "#/$defs/Item" }, remote: { $ref: "https://example.com/schema" } },
  },
  draft4: { type: "object", properties: { n: { type: "number", minimum: 5, exclusiveMinimum: true, maximum: 9 } } },
  allOf: { allOf: [{ type: "object", properties: { a: { type: "string" } } }, { anyOf: [{ type: "string" }, { type: "number" }] }] },
  typeList: { type: "object", properties: { v: { type: ["string", "null"], pattern: "^a" } } },
};

describe("codemode declarations, against pi 1.6.0's", () => {
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    it(`renders the ${name} schema as pi does`, () => {
      const tool = { name: `tool-${name}.v2`, description: ` A tool\n\n- use it `, inputSchema: schema, outputSchema: name === "maps" ? schema : { type: "string" } };
      expect(toolSample(tool)).toBe(renderToolSample(tool as Parameters<typeof renderToolSample>[0]));
    });
  }

  it("turns names into identifiers as pi does", () => {
    for (const name of ["mcp__docs__search", "my-tool", "9lives", "", "ünï", "a.b c"]) expect(scriptIdentifier(name)).toBe(toCodemodeIdentifier(name));
  });
});
