// JSON files people edit by hand: parsed by jsonc-parser when JSON.parse says no (comments and trailing commas
// where a file allows them), with the first problem named by line and column, since Node's JSON.parse gives a
// position for some errors and none for others.
import { parse, printParseErrorCode, visit, type ParseError } from "jsonc-parser";

export interface JsonTextOptions {
  /** `//` and `/* *\/` comments and trailing commas are allowed (models.json, auth.json); settings.json is plain JSON */
  comments?: boolean;
}

export interface JsonSyntaxProblem {
  /** 1-based */
  line: number;
  /** 1-based, in characters */
  column: number;
  message: string;
}

export class JsonSyntaxError extends SyntaxError {
  constructor(readonly problem: JsonSyntaxProblem) {
    super(`${problem.message} (line ${problem.line}, column ${problem.column})`);
    this.name = "JsonSyntaxError";
  }
}

/** The value of `text`; a syntax error is thrown as a `JsonSyntaxError` naming the first problem. */
export function parseJsonText(text: string, options: JsonTextOptions = {}): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // the fast path failed: comments, trailing commas or a real mistake
  }
  const errors: ParseError[] = [];
  let value: unknown;
  try {
    value = parse(text, errors, parseOptions(options));
  } catch (error) {
    // jsonc-parser recurses once per level
    if (error instanceof RangeError) throw new JsonSyntaxError(TOO_DEEP);
    throw error;
  }
  if (errors.length === 0) return value;
  throw new JsonSyntaxError(locateJsonSyntaxError(text, options));
}

function parseOptions({ comments = false }: JsonTextOptions) {
  return { disallowComments: !comments, allowTrailingComma: comments, allowEmptyContent: false };
}

/** What the parser waits for next, which says what a token in the wrong place should have been. */
type Expectation = "value" | "property" | "colon" | "after-property" | "after-item" | "end";

const EXPECTED: Record<Exclude<Expectation, "end">, string> = {
  value: "expected a value",
  property: "expected a property name in double quotes",
  colon: 'expected ":" after the property name',
  "after-property": 'expected "," or "}" after a property value',
  "after-item": 'expected "," or "]" after an array item',
};

const TOO_DEEP: JsonSyntaxProblem = { line: 1, column: 1, message: "nesting is too deep" };
const ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t"]);

/** The first problem in a text `parseJsonText` rejects. */
export function locateJsonSyntaxError(text: string, options: JsonTextOptions = {}): JsonSyntaxProblem {
  const containers: ("object" | "array")[] = [];
  let expecting: Expectation = "value";
  const afterValue = () => {
    const top = containers.at(-1);
    expecting = top === undefined ? "end" : top === "object" ? "after-property" : "after-item";
  };
  let first: { offset: number; message: string } | undefined;
  try {
    visit(
      text,
      {
        onObjectBegin: () => void ((expecting = "property"), containers.push("object")),
        onArrayBegin: () => void ((expecting = "value"), containers.push("array")),
        onObjectEnd: () => void (containers.pop(), afterValue()),
        onArrayEnd: () => void (containers.pop(), afterValue()),
        onObjectProperty: () => void (expecting = "colon"),
        onLiteralValue: afterValue,
        onSeparator: (separator) => {
          expecting = separator === ":" ? "value" : containers.at(-1) === "object" ? "property" : "value";
        },
        onError: (code, offset, length) => {
          first ??= describe(text, printParseErrorCode(code), offset, length, expecting);
        },
      },
      parseOptions(options),
    );
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    if (!first) return TOO_DEEP;
  }
  const { offset, message } = first ?? { offset: 0, message: "not valid JSON" };
  return { ...lineAndColumn(text, offset), message };
}

function describe(text: string, code: string, offset: number, length: number, expecting: Expectation) {
  const token = length > 0 ? text.slice(offset, offset + length) : text[offset];
  const found = token === undefined ? "the end of the file" : token.startsWith('"') ? clip(token) : JSON.stringify(clip(token));
  switch (code) {
    case "UnexpectedEndOfString": {
      const end = offset + length;
      if (end >= text.length) return { offset, message: "string is never closed" };
      return { offset: end, message: "line break inside a string (write it as \\n)" };
    }
    case "InvalidCharacter": {
      const control = [...text.slice(offset, offset + length)].findIndex((char) => char < " ");
      return { offset: offset + Math.max(control, 0), message: "control character inside a string (write it as \\n, \\t, …)" };
    }
    case "InvalidEscapeCharacter":
    case "InvalidUnicode":
      return badEscape(text, offset, length);
    case "InvalidNumberFormat":
    case "UnexpectedEndOfNumber":
      return { offset, message: `invalid number ${found}` };
    case "InvalidCommentToken":
      return { offset, message: "comments are not allowed in this file" };
    case "UnexpectedEndOfComment":
      return { offset, message: "comment is never closed" };
  }
  const trailingComma = trailingCommaBefore(text, offset);
  if (trailingComma !== undefined) return { offset: trailingComma, message: `trailing comma before ${text[offset]}` };
  if (expecting === "end") return { offset, message: `unexpected ${found} after the end of the JSON value` };
  return { offset, message: `${EXPECTED[expecting]}, found ${found}` };
}

function badEscape(text: string, stringStart: number, length: number) {
  for (let i = stringStart + 1; i < stringStart + length; i++) {
    if (text[i] !== "\\") continue;
    const next = text[i + 1] ?? "";
    if (ESCAPES.has(next)) i++;
    else if (next === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) i += 5;
    else return { offset: i, message: `invalid escape "${text.slice(i, next === "u" ? i + 6 : i + 2)}" in string` };
  }
  return { offset: stringStart, message: "invalid escape in string" };
}

/** The offset of a comma that only whitespace separates from the `}` or `]` at `offset`. */
function trailingCommaBefore(text: string, offset: number): number | undefined {
  if (text[offset] !== "}" && text[offset] !== "]") return undefined;
  let i = offset - 1;
  while (i >= 0 && " \t\n\r".includes(text[i]!)) i--;
  return text[i] === "," ? i : undefined;
}

function clip(token: string): string {
  return token.length > 30 ? `${token.slice(0, 30)}…` : token;
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return { line, column: offset - before.lastIndexOf("\n") };
}
