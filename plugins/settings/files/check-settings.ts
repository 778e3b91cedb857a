// Checks settings key by key, so one bad value costs only that key: it is left out (its default applies) and
// reported, while every other key, known or unknown, is kept. Values are never filled with defaults here;
// defaults apply once, after the global and project files are merged.
import * as z from "zod/mini";
import { isPlainObject, type JsonObject } from "./json-object.js";

export interface SettingIssue {
  /** the setting that falls back to its default: `compaction.reserveTokens`, `packages` */
  setting: string;
  /** where exactly the bad value is: `compaction.reserveTokens`, `packages[2].source` */
  key: string;
  found: unknown;
  expected: string;
}

export interface CheckResult {
  /** absent when the value itself is invalid */
  value?: unknown;
  issues: SettingIssue[];
}

export function checkObject(schema: z.ZodMiniObject, value: JsonObject, path: readonly string[]): CheckResult {
  return checkFields((key) => schema.shape[key], value, path);
}

/** checkObject with each key's schema from `fieldOf` (undefined: a key pith does not know) */
export function checkFields(fieldOf: (key: string) => z.core.$ZodType | undefined, value: JsonObject, path: readonly string[]): CheckResult {
  const kept: JsonObject = {};
  const issues: SettingIssue[] = [];
  for (const [key, item] of Object.entries(value)) {
    const field = fieldOf(key);
    if (!field) {
      kept[key] = item;
      continue;
    }
    const result = checkValue(field, item, [...path, key]);
    issues.push(...result.issues);
    if ("value" in result) kept[key] = result.value;
  }
  return { value: kept, issues };
}

export function checkValue(schema: z.core.$ZodType, value: unknown, path: readonly string[]): CheckResult {
  const objectSchema = objectInside(schema);
  if (objectSchema && isPlainObject(value)) return checkObject(objectSchema, value, path);
  const parsed = z.safeParse(schema, value);
  if (parsed.success) return { value, issues: [] };
  const issue = parsed.error.issues[0]!;
  return {
    issues: [
      {
        setting: formatKey(path),
        key: formatKey([...path, ...issue.path.map((segment) => (typeof segment === "number" ? segment : String(segment)))]),
        found: valueAt(value, issue.path),
        expected: describeExpected(issue),
      },
    ],
  };
}

/** The schema of a dotted key path, or undefined when the path is not a known setting. */
export function schemaAt(root: z.core.$ZodType, path: readonly string[]): z.core.$ZodType | undefined {
  let schema: z.core.$ZodType = root;
  for (const key of path) {
    const objectSchema = objectInside(schema);
    const field = objectSchema?.shape[key];
    if (!field) return undefined;
    schema = field;
  }
  return schema;
}

function objectInside(schema: z.core.$ZodType): z.ZodMiniObject | undefined {
  let current: z.core.$ZodType = schema;
  while (
    current instanceof z.ZodMiniOptional ||
    current instanceof z.ZodMiniDefault ||
    current instanceof z.ZodMiniPrefault
  ) {
    current = current.def.innerType;
  }
  return current instanceof z.ZodMiniObject ? current : undefined;
}

export function formatKey(path: readonly (string | number)[]): string {
  return path.reduce<string>((text, segment) => {
    if (typeof segment === "number") return `${text}[${segment}]`;
    return text === "" ? segment : `${text}.${segment}`;
  }, "");
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const segment of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}

const ARTICLE: Record<string, string> = {
  int: "a whole number",
  number: "a number",
  string: "a string",
  boolean: "true or false",
  array: "a list",
  object: "an object",
};

function describeExpected(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return ARTICLE[issue.expected] ?? issue.expected;
    case "invalid_value":
      return `one of ${issue.values.map((option) => JSON.stringify(option)).join(", ")}`;
    case "too_small":
      if (issue.origin === "array") return issue.minimum === 1 ? "a non-empty list" : `a list of at least ${issue.minimum} items`;
      return `a number ${issue.inclusive ? ">=" : ">"} ${issue.minimum}`;
    case "too_big":
      return `a number ${issue.inclusive ? "<=" : "<"} ${issue.maximum}`;
    case "invalid_union":
      return issue.errors
        .map((branch) => {
          const first = branch[0];
          if (!first) return "another shape";
          if (first.path.length === 0) return describeExpected(first);
          return `an object whose "${formatKey(first.path.map(String))}" is ${describeExpected(first)}`;
        })
        .join(", or ");
    default:
      return issue.message;
  }
}
