// A small glob matcher for settings entries: `*`, `?`, `**` (whole segment), `[...]` classes and `{a,b}`.
// It covers what pi's settings documentation promises without pulling in minimatch.

const cache = new Map<string, RegExp>();

function globToRegExp(pattern: string): RegExp {
  let compiled = cache.get(pattern);
  if (!compiled) {
    compiled = new RegExp(`^${globSource(pattern)}$`);
    cache.set(pattern, compiled);
  }
  return compiled;
}

export function matchesGlob(path: string, pattern: string): boolean {
  return globToRegExp(pattern).test(path);
}

function globSource(pattern: string): string {
  let source = "";
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index]!;
    if (char === "*") {
      if (pattern[index + 1] === "*" && isSegmentStart(pattern, index) && isSegmentEnd(pattern, index + 2)) {
        const atEnd = index + 2 === pattern.length;
        source += atEnd ? ".*" : "(?:.*/)?";
        index += atEnd ? 1 : 2; // also consume the slash after `**`
        continue;
      }
      while (pattern[index + 1] === "*") index++;
      source += "[^/]*";
    } else if (char === "?") {
      source += "[^/]";
    } else if (char === "[") {
      const close = pattern.indexOf("]", index + 2);
      if (close === -1) {
        source += "\\[";
        continue;
      }
      const body = pattern.slice(index + 1, close);
      const negated = body.startsWith("!") || body.startsWith("^");
      const members = (negated ? body.slice(1) : body).replace(/[\\\]]/g, "\\$&");
      source += negated ? `[^/${members}]` : `[${members}]`;
      index = close;
    } else if (char === "{") {
      const close = pattern.indexOf("}", index + 1);
      const body = close === -1 ? "" : pattern.slice(index + 1, close);
      if (close === -1 || !body.includes(",")) {
        source += "\\{";
        continue;
      }
      source += `(?:${body.split(",").map(globSource).join("|")})`;
      index = close;
    } else {
      source += char.replace(/[.+^$()|\\/]/g, "\\$&");
    }
  }
  return source;
}

function isSegmentStart(pattern: string, index: number): boolean {
  return index === 0 || pattern[index - 1] === "/";
}

function isSegmentEnd(pattern: string, index: number): boolean {
  return index === pattern.length || pattern[index] === "/";
}
