// TypeBox's validation errors (Ajv's shape: keyword, instancePath, schemaPath, params) as messages a model can act
// on: each names the path, what was expected and what was received. A failed union is reported once: inside the
// alternative whose type fits the value (where the model most likely went wrong), else as the list of alternatives.
import { describeValue, isRecord, pointerSegments, preview, valueAt } from "./json-values.js";

export interface SchemaError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: object;
  message: string;
}

export interface Problem {
  /** JSON Pointer of the value the problem is about */
  at: string;
  message: string;
  schemaPath: string;
  /** set when the value's type is what failed: a union alternative of another type does not fit the value */
  typeMismatch?: boolean;
  /** what this alternative accepts, for the list of alternatives */
  expects?: string;
}

type Params = Record<string, unknown>;

/** How messages find schemas: for the type a missing property expects, or the properties an object allows. */
export interface SchemaLookup {
  /** the schema an error's `schemaPath` points to, or undefined */
  at(schemaPath: string): unknown;
  /** the schema a `$ref` names, or undefined */
  resolve(ref: string): unknown;
  /** the schema's references that name no schema */
  unresolved: readonly string[];
}

/** `errors` for `value` as problems. */
export function problemsOf(errors: readonly SchemaError[], value: unknown, schemas: SchemaLookup): Problem[] {
  const problems: Problem[] = [];
  const unexpected = new Set<string>();
  for (const error of errors) {
    const params = error.params as Params;
    const actual = valueAt(value, error.instancePath);
    const problem = (message: string, extra: Partial<Problem> = {}): Problem => ({
      at: error.instancePath,
      message,
      schemaPath: error.schemaPath,
      ...extra,
    });
    switch (error.keyword) {
      case "anyOf":
        problems.push(...collapseUnion(problems, error, actual));
        break;
      case "oneOf": {
        const passing = Array.isArray(params.passingSchemas) ? params.passingSchemas.length : 0;
        if (passing === 0) problems.push(...collapseUnion(problems, error, actual));
        else problems.push(problem(`expected exactly one alternative to match, but ${passing} did`));
        break;
      }
      case "required":
        for (const key of params.requiredProperties as string[]) {
          const expected = describeSchema(propertiesOf(objectSchemaAt(error.schemaPath, schemas))?.[key], schemas);
          const message = expected ? `missing required property, expected ${expected}` : "missing required property";
          problems.push(problem(message, { at: `${error.instancePath}/${escapeKey(key)}` }));
        }
        break;
      case "additionalProperties": {
        // an additionalProperties schema explains its failures itself; only `false` makes a property unexpected
        const object = objectSchemaAt(error.schemaPath, schemas);
        if (isRecord(object) && object.additionalProperties !== false) break;
        for (const key of params.additionalProperties as string[]) {
          const at = `${error.instancePath}/${escapeKey(key)}`;
          unexpected.add(at);
          problems.push(problem(unexpectedProperty(propertiesOf(object)), { at }));
        }
        break;
      }
      default:
        problems.push(problem(...describeError(error.keyword, params, actual, error.message, schemas, error.schemaPath)));
    }
  }
  // TypeBox also reports each unexpected property as failing the `false` schema of additionalProperties
  return problems.filter((problem) => !(unexpected.has(problem.at) && problem.message === NOTHING_ALLOWED));
}

const NOTHING_ALLOWED = "no value is allowed here";
const MAX_LISTED_PROPERTIES = 12;

function describeError(
  keyword: string,
  params: Params,
  actual: unknown,
  fallback: string,
  schemas: SchemaLookup,
  schemaPath: string,
): [string, Partial<Problem>?] {
  switch (keyword) {
    case "type": {
      const expects = [params.type].flat().join(" or ");
      return [`expected ${expects}, received ${describeValue(actual)}`, { typeMismatch: true, expects }];
    }
    case "const":
      return [`expected ${preview(params.allowedValue)}, received ${preview(actual)}`, { expects: preview(params.allowedValue) }];
    case "enum": {
      const values = (params.allowedValues as unknown[]).map(preview);
      return [`expected one of ${values.join(", ")}, received ${preview(actual)}`, { expects: values.join(" or ") }];
    }
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return [`expected a number ${String(params.comparison)} ${String(params.limit)}, received ${preview(actual)}`];
    case "minLength":
    case "maxLength":
      return [bound(keyword, params.limit, "character", typeof actual === "string" ? [...actual].length : 0)];
    case "minItems":
    case "maxItems":
      return [bound(keyword, params.limit, "item", Array.isArray(actual) ? actual.length : 0)];
    case "pattern":
      return [`expected a string matching /${String(params.pattern)}/, received ${preview(actual)}`];
    case "boolean":
      // a reference that names no schema compiles to `false` (its error has no path to it): say so
      return schemas.at(schemaPath) !== false && schemas.unresolved.length > 0
        ? [`${NOTHING_ALLOWED}: the tool's schema refers to ${schemas.unresolved.map((ref) => JSON.stringify(ref)).join(", ")}, which it does not define`]
        : [NOTHING_ALLOWED];
    default:
      return [`${fallback}, received ${preview(actual)}`];
  }
}

function bound(keyword: string, limit: unknown, noun: string, count: number): string {
  const side = keyword.startsWith("min") ? "at least" : "at most";
  return `expected ${side} ${plural(Number(limit), noun)}, received ${count}`;
}

/** Takes the problems of the union's alternatives out of `problems` and returns what to report instead. */
function collapseUnion(problems: Problem[], error: SchemaError, actual: unknown): Problem[] {
  const prefix = `${error.schemaPath}/${error.keyword}/`;
  const branches = new Map<string, Problem[]>();
  for (let index = problems.length - 1; index >= 0; index--) {
    const problem = problems[index]!;
    if (!problem.schemaPath.startsWith(prefix)) continue;
    problems.splice(index, 1);
    const branch = problem.schemaPath.slice(prefix.length).split("/")[0]!;
    branches.set(branch, [problem, ...(branches.get(branch) ?? [])]);
  }
  const alternatives = [...branches.entries()].sort(([a], [b]) => Number(a) - Number(b)).map(([, branch]) => branch);
  const fitting = alternatives.filter((branch) => !branch.some((problem) => problem.typeMismatch && problem.at === error.instancePath));
  const structured = typeof actual === "object" && actual !== null;
  if (fitting.length === 1 || (structured && fitting.length > 1)) {
    return fitting.reduce((best, branch) => (branch.length < best.length ? branch : best));
  }
  const expected = alternatives.map((branch) => branch.find((problem) => problem.at === error.instancePath)?.expects ?? "a value");
  const message = alternatives.length > 0 ? `expected ${[...new Set(expected)].join(" or ")}, received ${preview(actual)}` : error.message;
  return [{ at: error.instancePath, message, schemaPath: error.schemaPath }];
}

/** An error inside a referenced schema has a path from that schema: the root's own reference leads to it. */
function objectSchemaAt(schemaPath: string, schemas: SchemaLookup): unknown {
  let node = schemas.at(schemaPath);
  for (let hops = 0; isRecord(node) && typeof node.$ref === "string" && node.properties === undefined && hops < 8; hops++) {
    node = schemas.resolve(node.$ref);
  }
  return node;
}

function propertiesOf(schema: unknown): Record<string, unknown> | undefined {
  return isRecord(schema) && isRecord(schema.properties) ? schema.properties : undefined;
}

function describeSchema(schema: unknown, schemas: SchemaLookup, depth = 0): string | undefined {
  if (!isRecord(schema) || depth > 8) return undefined;
  if (Object.hasOwn(schema, "const")) return preview(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map(preview).join(" or ");
  if (schema.type !== undefined) return [schema.type].flat().join(" or ");
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives)) {
    const described = alternatives.map((alternative) => describeSchema(alternative, schemas, depth + 1) ?? "a value");
    return [...new Set(described)].join(" or ");
  }
  if (typeof schema.$ref === "string") return describeSchema(schemas.resolve(schema.$ref), schemas, depth + 1);
  return undefined;
}

function unexpectedProperty(properties: Record<string, unknown> | undefined): string {
  const names = Object.keys(properties ?? {});
  if (names.length === 0) return "unexpected property, no properties are allowed here";
  if (names.length > MAX_LISTED_PROPERTIES) return "unexpected property";
  return `unexpected property, allowed: ${names.join(", ")}`;
}

function escapeKey(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A JSON Pointer as the path a model reads: `edits[1].oldText`, `["my-key"]`, `root`. */
export function readablePath(pointer: string): string {
  let path = "";
  for (const segment of pointerSegments(pointer)) {
    if (/^\d+$/.test(segment)) path += `[${segment}]`;
    else if (!IDENTIFIER.test(segment)) path += `[${JSON.stringify(segment)}]`;
    else path += path === "" ? segment : `.${segment}`;
  }
  return path || "root";
}
