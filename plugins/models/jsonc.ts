// JSON as people write it by hand: `//` and `/* */` comments and trailing commas are allowed (pi 0.73.1).

/**
 * Blanks out comments and trailing commas outside strings, keeping every other character where it was; the
 * result is plain JSON text for `JSON.parse`.
 */
export function stripJsonExtras(text: string): string {
  const out: string[] = [];
  let i = 0;
  // Where in `out` the last comma is, while only whitespace and comments have followed it.
  let pendingComma = -1;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') {
      const end = endOfString(text, i);
      out.push(text.slice(i, end));
      pendingComma = -1;
      i = end;
    } else if (ch === "/" && (text[i + 1] === "/" || text[i + 1] === "*")) {
      const comment = commentAt(text, i);
      // Blanked, not removed: JSON.parse's error offsets then point into the original text.
      out.push(comment.replace(/[^\n]/g, " "));
      i += comment.length;
    } else if (ch === ",") {
      pendingComma = out.length;
      out.push(ch);
      i++;
    } else if (ch === "}" || ch === "]") {
      if (pendingComma !== -1) out[pendingComma] = " ";
      pendingComma = -1;
      out.push(ch);
      i++;
    } else {
      if (!/\s/.test(ch)) pendingComma = -1;
      out.push(ch);
      i++;
    }
  }
  return out.join("");
}

function commentAt(text: string, start: number): string {
  if (text[start + 1] === "/") {
    const newline = text.indexOf("\n", start);
    return newline === -1 ? text.slice(start) : text.slice(start, newline);
  }
  const close = text.indexOf("*/", start + 2);
  return close === -1 ? text.slice(start) : text.slice(start, close + 2);
}

function endOfString(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    if (text[i] === "\\") i += 2;
    else if (text[i] === '"') return i + 1;
    else i++;
  }
  return text.length;
}

/** Parses; a syntax error's message ends with the line and column of the first bad character. */
export function parseJsonWithComments(text: string): unknown {
  const json = stripJsonExtras(text);
  try {
    return JSON.parse(json);
  } catch (error) {
    const offset = jsonErrorOffset(json);
    if (!(error instanceof SyntaxError) || offset === -1) throw error;
    const before = json.slice(0, offset);
    const line = before.split("\n").length;
    const column = offset - before.lastIndexOf("\n");
    throw new SyntaxError(`${error.message} (line ${line}, column ${column})`, { cause: error });
  }
}

/**
 * Offset of the first character plain JSON rejects, or -1. JSON.parse only sometimes says where (V8 prints a
 * snippet instead of a position for an unexpected token), and people editing a file by hand need a line.
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const skipSpace = () => {
    while (i < text.length && " \t\n\r".includes(text[i])) i++;
  };
  const expect = (ch: string) => {
    skipSpace();
    if (text[i] !== ch) throw new JsonStop(i);
    i++;
  };
  const string = () => {
    expect('"');
    while (i < text.length && text[i] !== '"') {
      if (text[i] < " ") throw new JsonStop(i);
      i += text[i] === "\\" ? 2 : 1;
    }
    expect('"');
  };
  const sequence = (close: string, item: () => void) => {
    skipSpace();
    if (text[i] === close) {
      i++;
      return;
    }
    for (;;) {
      item();
      skipSpace();
      if (text[i] === close) {
        i++;
        return;
      }
      expect(",");
    }
  };
  const value = (): void => {
    skipSpace();
    const ch = text[i];
    if (ch === "{") {
      i++;
      sequence("}", () => {
        string();
        expect(":");
        value();
      });
    } else if (ch === "[") {
      i++;
      sequence("]", value);
    } else if (ch === '"') {
      string();
    } else {
      const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i));
      if (!literal) throw new JsonStop(i);
      i += literal[0].length;
    }
  };
  try {
    value();
    skipSpace();
    return i < text.length ? i : -1;
  } catch (stop) {
    if (stop instanceof JsonStop) return Math.min(stop.offset, text.length);
    throw stop;
  }
}

class JsonStop {
  constructor(readonly offset: number) {}
}
