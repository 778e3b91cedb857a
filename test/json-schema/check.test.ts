import { describe, expect, it } from "vitest";
import { checkJsonSchema as validateJsonSchema } from "../../lib/json-schema/check.js";
import type { ToolArgumentCheck } from "../../kernel/tool.js";

function accepted(check: ToolArgumentCheck): Record<string, unknown> {
  if (!check.ok) throw new Error(`expected the arguments to pass, got: ${check.error}`);
  return check.value;
}

function rejected(check: ToolArgumentCheck): string {
  if (check.ok) throw new Error(`expected a validation failure, got ${JSON.stringify(check.value)}`);
  return check.error;
}

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: "object",
  properties,
  ...extra,
});

describe("type", () => {
  it("accepts each JSON type and names the expected and received types otherwise", () => {
    const schema = object({
      s: { type: "string" },
      n: { type: "number" },
      i: { type: "integer" },
      b: { type: "boolean" },
      z: { type: "null" },
      a: { type: "array" },
      o: { type: "object" },
    });
    expect(accepted(validateJsonSchema(schema, { s: "x", n: 1.5, i: 2, b: true, z: null, a: [], o: {} }))).toEqual({
      s: "x",
      n: 1.5,
      i: 2,
      b: true,
      z: null,
      a: [],
      o: {},
    });
    expect(rejected(validateJsonSchema(schema, { n: [] }))).toBe(
      "Validation failed for tool arguments: n: expected number, received array",
    );
    expect(rejected(validateJsonSchema(schema, { o: [1] }))).toBe(
      "Validation failed for tool arguments: o: expected object, received array",
    );
  });

  it("truncates a fractional number where an integer is expected, as pi 1.6.0 does", () => {
    expect(accepted(validateJsonSchema(object({ i: { type: "integer" } }), { i: 1.5 }))).toEqual({ i: 1 });
    const error = rejected(validateJsonSchema(object({ i: { type: "integer" } }), { i: "one" }));
    expect(error).toBe("Validation failed for tool arguments: i: expected integer, received string");
  });

  it("accepts any member of a type array and does not coerce a value that already matches one", () => {
    const schema = object({ v: { type: ["string", "number"] } });
    expect(accepted(validateJsonSchema(schema, { v: 5 }))).toEqual({ v: 5 });
    expect(accepted(validateJsonSchema(schema, { v: "5" }))).toEqual({ v: "5" });
    expect(rejected(validateJsonSchema(schema, { v: [] }))).toContain("v: expected string or number, received array");
  });

  it("requires the arguments themselves to be an object", () => {
    expect(rejected(validateJsonSchema(object({}), "text"))).toBe(
      "Validation failed for tool arguments: root: expected object, received string",
    );
    expect(rejected(validateJsonSchema({}, [1, 2]))).toBe(
      "Validation failed for tool arguments: root: expected object, received array",
    );
    expect(rejected(validateJsonSchema(object({}), undefined))).toContain("root: expected object, received nothing");
  });
});

describe("coercion", () => {
  const schema = object({
    count: { type: "number" },
    whole: { type: "integer" },
    flag: { type: "boolean" },
    label: { type: "string" },
    empty: { type: "null" },
  });

  it("converts primitives the way pi 1.6.0 does (TypeBox's conversion rules)", () => {
    expect(accepted(validateJsonSchema(schema, { count: "5", whole: "7", flag: "true", label: 42, empty: "" }))).toEqual({
      count: 5,
      whole: 7,
      flag: true,
      label: "42",
      empty: null,
    });
    expect(accepted(validateJsonSchema(schema, { count: true, flag: "false", label: false }))).toEqual({
      count: 1,
      flag: false,
      label: "false",
    });
    // an optional property sent as null is left out
    expect(accepted(validateJsonSchema(schema, { flag: 1, count: " 2.5 ", label: null }))).toEqual({
      flag: true,
      count: 2.5,
    });
    // TypeBox reads "" as 0 and truncates "2.5" for an integer, as pi does
    expect(accepted(validateJsonSchema(schema, { count: "", whole: "2.5" }))).toEqual({ count: 0, whole: 2 });
  });

  it("wraps a single value into a one-item array where an array is expected", () => {
    const schema2 = object({ paths: { type: "array", items: { type: "string" } }, counts: { type: "array", items: { type: "integer" } } });
    expect(accepted(validateJsonSchema(schema2, { paths: "a.ts", counts: "3" }))).toEqual({ paths: ["a.ts"], counts: [3] });
    expect(accepted(validateJsonSchema(schema2, { paths: ["a.ts", "b.ts"] }))).toEqual({ paths: ["a.ts", "b.ts"] });
  });

  it("leaves out an optional null but converts a required one", () => {
    const schema2 = object({ limit: { type: "number" }, note: { type: ["string", "null"] }, name: { type: "string" } }, { required: ["name"] });
    expect(accepted(validateJsonSchema(schema2, { limit: null, note: null, name: null }))).toEqual({ note: null, name: "null" });
    const nested = object({ edits: { type: "array", items: object({ all: { type: "boolean" } }) } });
    expect(accepted(validateJsonSchema(nested, { edits: [{ all: null }] }))).toEqual({ edits: [{}] });
  });

  it("refuses conversions that would lose meaning", () => {
    expect(rejected(validateJsonSchema(schema, { count: "five" }))).toContain("count: expected number, received string");
    expect(rejected(validateJsonSchema(schema, { flag: "yes" }))).toContain("flag: expected boolean, received string");
    expect(rejected(validateJsonSchema(schema, { label: { a: 1 } }))).toContain("label: expected string, received object");
  });

  it("works on a deep copy and leaves the caller's arguments untouched", () => {
    const nested = object({ items: { type: "array", items: object({ n: { type: "number" } }) } });
    const input = { items: [{ n: "1" }, { n: "2" }] };
    const value = accepted(validateJsonSchema(nested, input));
    expect(value).toEqual({ items: [{ n: 1 }, { n: 2 }] });
    expect(input).toEqual({ items: [{ n: "1" }, { n: "2" }] });
    expect(value.items).not.toBe(input.items);
  });

  it("coerces inside arrays and additionalProperties schemas", () => {
    const schema2 = object({ list: { type: "array", items: { type: "integer" } } }, { additionalProperties: { type: "boolean" } });
    expect(accepted(validateJsonSchema(schema2, { list: ["1", 2], extra: "true" }))).toEqual({ list: [1, 2], extra: true });
  });
});

describe("objects", () => {
  it("reports missing required properties with their expected type", () => {
    const schema = object({ path: { type: "string" }, limit: { type: "number" } }, { required: ["path"] });
    expect(rejected(validateJsonSchema(schema, {}))).toBe(
      "Validation failed for tool arguments: path: missing required property, expected string",
    );
    expect(accepted(validateJsonSchema(schema, { path: "a" }))).toEqual({ path: "a" });
  });

  it("does not count an inherited key as a present required property", () => {
    const schema = object({}, { required: ["toString"] });
    expect(rejected(validateJsonSchema(schema, {}))).toContain("toString: missing required property");
  });

  it("rejects unknown properties when additionalProperties is false and lists the allowed ones", () => {
    const schema = object({ path: { type: "string" } }, { additionalProperties: false });
    expect(rejected(validateJsonSchema(schema, { path: "a", file: "b" }))).toBe(
      "Validation failed for tool arguments: file: unexpected property, allowed: path",
    );
    expect(accepted(validateJsonSchema(object({ path: { type: "string" } }), { path: "a", file: "b" }))).toEqual({
      path: "a",
      file: "b",
    });
  });

  it("validates unknown properties against an additionalProperties schema", () => {
    const schema = object({}, { additionalProperties: { type: "number" } });
    expect(rejected(validateJsonSchema(schema, { a: 1, b: "x" }))).toBe(
      "Validation failed for tool arguments: b: expected number, received string",
    );
  });

  it("validates keys that match patternProperties (TypeBox's Record)", () => {
    const schema = { type: "object", patternProperties: { "^.*$": { type: "number" } } };
    expect(accepted(validateJsonSchema(schema, { a: "1" }))).toEqual({ a: 1 });
    expect(rejected(validateJsonSchema(schema, { a: [] }))).toContain("a: expected number, received array");
  });

  it("keeps a __proto__ key as an own property instead of letting it become the prototype", () => {
    const input = JSON.parse('{"__proto__": {"command": "rm -rf /"}}') as Record<string, unknown>;
    const schema = object({ command: { type: "string" } }, { required: ["command"] });
    expect(rejected(validateJsonSchema(schema, input))).toContain("command: missing required property");
    const value = accepted(validateJsonSchema(object({}), input));
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect((value as { command?: unknown }).command).toBeUndefined();
  });
});

describe("defaults", () => {
  it("fills in missing optional properties, including through $ref, with a fresh copy each time", () => {
    const schema = {
      type: "object",
      $defs: { Mode: { type: "string", default: "fast" } },
      properties: {
        limit: { type: "number", default: 100 },
        tags: { type: "array", default: ["a"] },
        mode: { $ref: "#/$defs/Mode" },
        given: { type: "string", default: "unused" },
      },
    };
    const first = accepted(validateJsonSchema(schema, { given: "x" }));
    expect(first).toEqual({ limit: 100, tags: ["a"], mode: "fast", given: "x" });
    (first.tags as string[]).push("mutated");
    expect(accepted(validateJsonSchema(schema, {})).tags).toEqual(["a"]);
  });

  it("satisfies required with a default, as AJV's useDefaults does", () => {
    const schema = object({ depth: { type: "integer", default: 1 } }, { required: ["depth"] });
    expect(accepted(validateJsonSchema(schema, {}))).toEqual({ depth: 1 });
  });

  it("fills defaults inside array items", () => {
    const schema = object({ edits: { type: "array", items: object({ all: { type: "boolean", default: false } }) } });
    expect(accepted(validateJsonSchema(schema, { edits: [{}, { all: true }] }))).toEqual({
      edits: [{ all: false }, { all: true }],
    });
  });
});

describe("arrays", () => {
  it("checks every item and names its index in the path", () => {
    const schema = object({
      edits: {
        type: "array",
        items: object({ oldText: { type: "string" }, newText: { type: "string" } }, { required: ["oldText", "newText"] }),
      },
    });
    expect(rejected(validateJsonSchema(schema, { edits: [{ oldText: "a", newText: "b" }, { oldText: {}, newText: "c" }] }))).toBe(
      "Validation failed for tool arguments: edits[1].oldText: expected string, received object",
    );
  });

  it("enforces minItems and maxItems", () => {
    const schema = object({ list: { type: "array", minItems: 1, maxItems: 2 } });
    expect(rejected(validateJsonSchema(schema, { list: [] }))).toContain("list: expected at least 1 item, received 0");
    expect(rejected(validateJsonSchema(schema, { list: [1, 2, 3] }))).toContain("list: expected at most 2 items, received 3");
    expect(accepted(validateJsonSchema(schema, { list: [1, 2] }))).toEqual({ list: [1, 2] });
  });

  it("checks tuples in both the items-array and the prefixItems form", () => {
    const old = object({ pair: { type: "array", items: [{ type: "string" }, { type: "number" }], additionalItems: false } });
    expect(accepted(validateJsonSchema(old, { pair: ["a", "2"] }))).toEqual({ pair: ["a", 2] });
    expect(rejected(validateJsonSchema(old, { pair: ["a", 2, 3] }))).toContain("pair[2]: no value is allowed here");
    const modern = object({ pair: { type: "array", prefixItems: [{ type: "string" }], items: { type: "boolean" } } });
    expect(rejected(validateJsonSchema(modern, { pair: ["a", true, "x"] }))).toContain("pair[2]: expected boolean, received string");
  });
});

describe("values", () => {
  it("checks enum and const", () => {
    const schema = object({ mode: { enum: ["read", "write"] }, kind: { const: "edit" } });
    expect(accepted(validateJsonSchema(schema, { mode: "read", kind: "edit" }))).toEqual({ mode: "read", kind: "edit" });
    expect(rejected(validateJsonSchema(schema, { mode: "delete" }))).toBe(
      'Validation failed for tool arguments: mode: expected one of "read", "write", received "delete"',
    );
    expect(rejected(validateJsonSchema(schema, { kind: "write" }))).toBe(
      'Validation failed for tool arguments: kind: expected "edit", received "write"',
    );
  });

  it("compares structured const values by content", () => {
    const schema = object({ pos: { const: { line: 1, col: [2] } } });
    expect(accepted(validateJsonSchema(schema, { pos: { col: [2], line: 1 } }))).toEqual({ pos: { line: 1, col: [2] } });
    expect(rejected(validateJsonSchema(schema, { pos: { line: 1, col: [3] } }))).toBe(
      'Validation failed for tool arguments: pos: expected {"line":1,"col":[2]}, received {"line":1,"col":[3]}',
    );
  });

  it("checks numeric bounds, inclusive and exclusive; draft 4's boolean exclusive bounds are not read, as in pi", () => {
    const schema = object({
      a: { type: "number", minimum: 1, maximum: 10 },
      b: { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1 },
      c: { type: "number", minimum: 5, exclusiveMinimum: true },
    });
    expect(accepted(validateJsonSchema(schema, { a: 1, b: 0.5, c: 6 }))).toEqual({ a: 1, b: 0.5, c: 6 });
    const error = rejected(validateJsonSchema(schema, { a: 11, b: 1, c: 5 }));
    expect(error).toContain("a: expected a number <= 10, received 11");
    expect(error).toContain("b: expected a number < 1, received 1");
    expect(error).not.toContain("c:");
    expect(rejected(validateJsonSchema(schema, { c: 4 }))).toContain("c: expected a number >= 5, received 4");
    expect(rejected(validateJsonSchema(schema, { a: 0, b: 0 }))).toContain("b: expected a number > 0, received 0");
  });

  it("checks string length in code points and patterns", () => {
    const schema = object({ s: { type: "string", minLength: 2, maxLength: 3 }, id: { type: "string", pattern: "^[a-z]+$" } });
    expect(accepted(validateJsonSchema(schema, { s: "😀😀😀" }))).toEqual({ s: "😀😀😀" });
    expect(rejected(validateJsonSchema(schema, { s: "a" }))).toContain("s: expected at least 2 characters, received 1");
    expect(rejected(validateJsonSchema(schema, { s: "abcd" }))).toContain("s: expected at most 3 characters, received 4");
    expect(rejected(validateJsonSchema(schema, { id: "ABC" }))).toContain('id: expected a string matching /^[a-z]+$/, received "ABC"');
  });

  it("reads OpenAPI's nullable as pi does: not at all, so an optional null is left out", () => {
    const schema = object({ note: { type: "string", nullable: true, minLength: 3 } });
    expect(accepted(validateJsonSchema(schema, { note: null }))).toEqual({});
    expect(rejected(validateJsonSchema(schema, { note: "ab" }))).toContain("note: expected at least 3 characters");
  });
});

describe("combinators", () => {
  it("anyOf prefers an exact match over coercion", () => {
    const schema = object({ v: { anyOf: [{ type: "string" }, { type: "number" }] } });
    expect(accepted(validateJsonSchema(schema, { v: 5 }))).toEqual({ v: 5 });
    expect(accepted(validateJsonSchema(schema, { v: "5" }))).toEqual({ v: "5" });
    expect(accepted(validateJsonSchema(schema, { v: true }))).toEqual({ v: "true" });
  });

  it("anyOf of literals lists the accepted values", () => {
    const schema = object({ v: { anyOf: [{ type: "string", const: "a" }, { type: "string", const: "b" }] } });
    expect(rejected(validateJsonSchema(schema, { v: "c" }))).toBe(
      'Validation failed for tool arguments: v: expected "a" or "b", received "c"',
    );
  });

  it("anyOf reports the nested problem of the alternative the value resembles", () => {
    const schema = object({
      target: { anyOf: [{ type: "string" }, object({ file: { type: "string" } }, { required: ["file"] })] },
    });
    expect(rejected(validateJsonSchema(schema, { target: { file: [3] } }))).toBe(
      "Validation failed for tool arguments: target.file: expected string, received array",
    );
  });

  it("oneOf needs exactly one alternative to match", () => {
    const schema = object({ v: { oneOf: [{ type: "number" }, { type: "integer" }] } });
    expect(accepted(validateJsonSchema(schema, { v: 1.5 }))).toEqual({ v: 1.5 });
    expect(rejected(validateJsonSchema(schema, { v: 2 }))).toContain("v: expected exactly one alternative to match, but 2 did");
    const distinct = object({ v: { oneOf: [{ type: "boolean" }, { type: "null" }] } });
    expect(accepted(validateJsonSchema(distinct, { v: "true" }))).toEqual({ v: true });
  });

  it("allOf applies every part", () => {
    const schema = object({ v: { allOf: [{ type: "string" }, { minLength: 2 }, { pattern: "^x" }] } });
    expect(accepted(validateJsonSchema(schema, { v: "xy" }))).toEqual({ v: "xy" });
    const error = rejected(validateJsonSchema(schema, { v: "a" }));
    expect(error).toContain("v: expected at least 2 characters, received 1");
    expect(error).toContain('v: expected a string matching /^x/, received "a"');
  });
});

describe("$ref", () => {
  it("resolves #/$defs and #/definitions", () => {
    const schema = {
      type: "object",
      $defs: { Count: { type: "integer", minimum: 0 } },
      definitions: { Name: { type: "string" } },
      properties: { count: { $ref: "#/$defs/Count" }, name: { $ref: "#/definitions/Name" } },
    };
    expect(accepted(validateJsonSchema(schema, { count: "3", name: 4 }))).toEqual({ count: 3, name: "4" });
    expect(rejected(validateJsonSchema(schema, { count: -1 }))).toContain("count: expected a number >= 0, received -1");
  });

  it("follows recursive references", () => {
    const schema = {
      $ref: "#/$defs/Node",
      $defs: {
        Node: object({ name: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/Node" } } }, { required: ["name"] }),
      },
    };
    const tree = { name: "a", children: [{ name: "b", children: [{ name: {} }] }] };
    expect(rejected(validateJsonSchema(schema, tree))).toBe(
      "Validation failed for tool arguments: children[0].children[0].name: expected string, received object",
    );
  });

  it("rejects values only where a reference points nowhere, naming the reference (pi's rule for MCP servers' schemas)", () => {
    const schema = object({ a: { $ref: "#/$defs/Missing" }, b: { type: "string" } });
    expect(rejected(validateJsonSchema(schema, { a: 1 }))).toBe(
      'Validation failed for tool arguments: a: no value is allowed here: the tool\'s schema refers to "#/$defs/Missing", which it does not define',
    );
    expect(accepted(validateJsonSchema(schema, { b: 2 }))).toEqual({ b: "2" });
  });
});

describe("TypeBox-built schemas", () => {
  // What TypeBox 0.3x builds: plain JSON Schema plus symbol keys; 1.x adds non-enumerable "~kind" keys instead.
  const Kind = Symbol.for("TypeBox.Kind");
  const OptionalKind = Symbol.for("TypeBox.Optional");

  function withHiddenKind<T extends object>(schema: T, kind: string): T {
    Object.defineProperty(schema, "~kind", { value: kind, enumerable: false });
    return schema;
  }

  it("validates a 0.3x-style schema and ignores its symbol keys", () => {
    const schema = {
      [Kind]: "Object",
      type: "object",
      required: ["path", "edits"],
      properties: {
        path: { [Kind]: "String", type: "string", description: "file" },
        edits: {
          [Kind]: "Array",
          type: "array",
          items: {
            [Kind]: "Object",
            type: "object",
            required: ["oldText", "newText"],
            properties: { oldText: { [Kind]: "String", type: "string" }, newText: { [Kind]: "String", type: "string" } },
          },
        },
        dryRun: { [Kind]: "Boolean", [OptionalKind]: "Optional", type: "boolean" },
      },
    };
    expect(accepted(validateJsonSchema(schema, { path: "a.ts", edits: [{ oldText: "x", newText: "y" }], dryRun: "false" }))).toEqual({
      path: "a.ts",
      edits: [{ oldText: "x", newText: "y" }],
      dryRun: false,
    });
    expect(rejected(validateJsonSchema(schema, { path: "a.ts", edits: [{ oldText: {}, newText: [] }] }))).toBe(
      "Validation failed for tool arguments: edits[0].oldText: expected string, received object; edits[0].newText: expected string, received array",
    );
  });

  it("validates a 1.x-style cyclic schema that refers by $id", () => {
    const node = withHiddenKind(
      {
        $id: "Node",
        type: "object",
        required: ["name", "children"],
        properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "Node" } } },
      },
      "Object",
    );
    const schema = withHiddenKind({ $defs: { Node: node }, $ref: "Node" }, "Cyclic");
    expect(accepted(validateJsonSchema(schema, { name: "a", children: [{ name: "b", children: [] }] }))).toEqual({
      name: "a",
      children: [{ name: "b", children: [] }],
    });
    expect(rejected(validateJsonSchema(schema, { name: "a", children: [{ name: "b" }] }))).toContain(
      "children[0].children: missing required property, expected array",
    );
  });
});

describe("reporting", () => {
  it("lists at most five problems and counts the rest", () => {
    const properties = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`p${i}`, { type: "string" }]));
    const error = rejected(validateJsonSchema(object(properties, { required: Object.keys(properties) }), {}));
    expect(error.split("; ")).toHaveLength(6);
    expect(error).toContain("p4: missing required property");
    expect(error).not.toContain("p5:");
    expect(error.endsWith("and 3 more problems")).toBe(true);
  });

  it("quotes property names that are not identifiers", () => {
    const schema = object({ "my-key": { type: "string" } });
    expect(rejected(validateJsonSchema(schema, { "my-key": [] }))).toContain('["my-key"]: expected string, received array');
  });
});

describe("schemas that cannot be used", () => {
  it("says so when the schema is not an object", () => {
    for (const bad of [null, "object", 3, [{ type: "object" }]]) {
      expect(rejected(validateJsonSchema(bad as unknown as Record<string, unknown>, {}))).toMatch(
        /^Invalid tool parameters schema: expected a JSON Schema object, received (null|string|number|array)$/,
      );
    }
  });

  it("names the offending keyword of a malformed schema", () => {
    expect(rejected(validateJsonSchema({ type: "text" }, {}))).toContain('Invalid tool parameters schema: #/type: expected one of "string", ');
    expect(rejected(validateJsonSchema({ type: "text" }, {}))).toContain('received "text"');
    expect(rejected(validateJsonSchema(object({ a: { type: "string", pattern: "([" } }), {}))).toContain(
      "Invalid tool parameters schema: #/properties/a/pattern",
    );
    expect(rejected(validateJsonSchema(object({ a: { type: "string", minLength: -1 } }), {}))).toContain(
      "#/properties/a/minLength: expected a number >= 0, received -1",
    );
    expect(rejected(validateJsonSchema(object({}, { required: "a" }), {}))).toContain("#/required: expected array, received string");
    expect(rejected(validateJsonSchema(object({ a: 5 }), {}))).toContain("#/properties/a: expected object, received number");
  });

  it("keeps answering the same way for a cached schema", () => {
    const schema = object({ n: { type: "number" } }, { required: ["n"] });
    expect(accepted(validateJsonSchema(schema, { n: 1 }))).toEqual({ n: 1 });
    expect(rejected(validateJsonSchema(schema, {}))).toContain("n: missing required property");
    expect(accepted(validateJsonSchema(schema, { n: "2" }))).toEqual({ n: 2 });
  });

  it("treats boolean sub-schemas as allow-all and reject-all", () => {
    const schema = object({ anything: true, nothing: false });
    expect(accepted(validateJsonSchema(schema, { anything: { x: [1] } }))).toEqual({ anything: { x: [1] } });
    expect(rejected(validateJsonSchema(schema, { nothing: 1 }))).toContain("nothing: no value is allowed here");
  });
});
