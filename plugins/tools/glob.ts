// Glob patterns as fd reads them: `*` and `?` stay within one path segment, `**` spans segments,
// `[...]` / `[!...]` classes, `{a,b}` alternatives and `\` escapes.

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** Splits `a,b{c,d},e` at top-level commas. */
function splitAlternatives(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (let index = 0; index < body.length; index++) {
    const char = body[index]!;
    if (char === "\\" && index + 1 < body.length) {
      current += char + body[++index];
      continue;
    }
    if (char === "{") depth++;
    if (char === "}") depth--;
    if (char === "," && depth === 0) {
      parts.push(current);
      current = "";
      continue;
    }
    current += char;
  }
  parts.push(current);
  return parts;
}

/** Index of the `}` closing the `{` at `open`, or -1. */
function closingBrace(glob: string, open: number): number {
  let depth = 0;
  for (let index = open; index < glob.length; index++) {
    const char = glob[index];
    if (char === "\\") index++;
    else if (char === "{") depth++;
    else if (char === "}" && --depth === 0) return index;
  }
  return -1;
}

function translate(glob: string): string {
  let source = "";
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index]!;
    if (char === "\\") {
      source += escapeRegExp(glob[++index] ?? "\\");
    } else if (char === "*") {
      if (glob[index + 1] === "*") {
        const atSegmentStart = index === 0 || glob[index - 1] === "/";
        index++;
        if (atSegmentStart && glob[index + 1] === "/") {
          index++;
          source += "(?:.*/)?";
        } else {
          source += ".*";
        }
      } else {
        source += "[^/]*";
      }
    } else if (char === "?") {
      source += "[^/]";
    } else if (char === "[") {
      const close = glob.indexOf("]", index + 2);
      if (close === -1) {
        source += "\\[";
        continue;
      }
      let body = glob.slice(index + 1, close);
      const negated = body.startsWith("!") || body.startsWith("^");
      if (negated) body = body.slice(1);
      source += `[${negated ? "^" : ""}${body.replace(/\\/g, "\\\\").replace(/]/g, "\\]")}]`;
      index = close;
    } else if (char === "{") {
      const close = closingBrace(glob, index);
      if (close === -1) {
        source += "\\{";
        continue;
      }
      source += `(?:${splitAlternatives(glob.slice(index + 1, close)).map(translate).join("|")})`;
      index = close;
    } else {
      source += escapeRegExp(char);
    }
  }
  return source;
}

export function globToRegExp(glob: string): RegExp {
  return new RegExp(`^${translate(glob)}$`);
}
