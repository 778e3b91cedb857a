// Where a JSON text is broken, as line and column. Node's JSON.parse messages give a position for some errors
// and none for others, so the text is scanned again to find the first problem.

export interface JsonSyntaxProblem {
  /** 1-based */
  line: number;
  /** 1-based, in characters */
  column: number;
  message: string;
}

class ScanFailure {
  constructor(
    readonly offset: number,
    readonly message: string,
  ) {}
}

const LITERALS = ["true", "false", "null"];
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t"]);
const MAX_DEPTH = 512;

/** Call only with a text JSON.parse rejected. */
export function locateJsonSyntaxError(text: string): JsonSyntaxProblem {
  try {
    scanJson(text);
  } catch (error) {
    if (error instanceof ScanFailure) return { ...lineAndColumn(text, error.offset), message: error.message };
    throw error;
  }
  return { line: 1, column: 1, message: "not valid JSON" };
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return { line, column: offset - before.lastIndexOf("\n") };
}

function scanJson(text: string): void {
  let i = 0;
  const fail = (message: string, at = i): never => {
    throw new ScanFailure(at, message);
  };
  const found = () => (i >= text.length ? "the end of the file" : JSON.stringify(text[i]));
  const skipSpace = () => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
  };

  const scanString = () => {
    const start = i;
    i++;
    for (;;) {
      if (i >= text.length) fail("string is never closed", start);
      const char = text[i]!;
      if (char === '"') {
        i++;
        return;
      }
      if (char === "\\") {
        const next = text[i + 1] ?? "";
        if (next === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) i += 6;
        else if (ESCAPES.has(next)) i += 2;
        else fail(`invalid escape "\\${next}" in string`);
        continue;
      }
      if (char < " ") fail("line break or control character inside a string (write it as \\n, \\t, …)");
      i++;
    }
  };

  const scanValue = (depth: number): void => {
    if (depth > MAX_DEPTH) fail("nesting is too deep");
    skipSpace();
    const char = text[i];
    if (char === "{") return scanObject(depth);
    if (char === "[") return scanArray(depth);
    if (char === '"') return scanString();
    if (char === "-" || (char !== undefined && char >= "0" && char <= "9")) {
      NUMBER.lastIndex = i;
      const match = NUMBER.exec(text);
      if (!match) fail("invalid number");
      i += match![0].length;
      return;
    }
    const literal = LITERALS.find((word) => text.startsWith(word, i));
    if (literal) {
      i += literal.length;
      return;
    }
    fail(`expected a value, found ${found()}`);
  };

  const scanObject = (depth: number) => {
    i++;
    skipSpace();
    if (text[i] === "}") {
      i++;
      return;
    }
    for (;;) {
      skipSpace();
      if (text[i] !== '"') fail(`expected a property name in double quotes, found ${found()}`);
      scanString();
      skipSpace();
      if (text[i] !== ":") fail(`expected ":" after the property name, found ${found()}`);
      i++;
      scanValue(depth + 1);
      skipSpace();
      if (text[i] === "}") {
        i++;
        return;
      }
      if (text[i] !== ",") fail(`expected "," or "}" after a property value, found ${found()}`);
      const comma = i;
      i++;
      skipSpace();
      if (text[i] === "}") fail("trailing comma before }", comma);
    }
  };

  const scanArray = (depth: number) => {
    i++;
    skipSpace();
    if (text[i] === "]") {
      i++;
      return;
    }
    for (;;) {
      scanValue(depth + 1);
      skipSpace();
      if (text[i] === "]") {
        i++;
        return;
      }
      if (text[i] !== ",") fail(`expected "," or "]" after an array item, found ${found()}`);
      const comma = i;
      i++;
      skipSpace();
      if (text[i] === "]") fail("trailing comma before ]", comma);
    }
  };

  scanValue(0);
  skipSpace();
  if (i < text.length) fail(`unexpected ${found()} after the end of the JSON value`);
}
