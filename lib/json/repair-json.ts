// JSON as models write it in tool-call arguments: a raw newline or tab inside a string, or a Windows path with
// single backslashes (`"C:\dir"`), breaks JSON.parse although the meaning is plain. pi 1.6.0 repairs exactly those
// two faults before giving up, so pith does the same: the same calls run in both.

const ESCAPABLE = new Set(['"', "\\", "/", "b", "f", "n", "r", "t"]);
const NAMED_CONTROLS: Record<string, string> = { "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t" };

function escapedControl(char: string): string {
  return NAMED_CONTROLS[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/** `json` with raw control characters inside strings escaped and each backslash that starts no valid escape doubled. */
export function repairJson(json: string): string {
  let out = "";
  let inString = false;
  for (let at = 0; at < json.length; at++) {
    const char = json[at]!;
    if (!inString || char === '"') {
      if (char === '"') inString = !inString;
      out += char;
      continue;
    }
    if (char === "\\") {
      const next = json[at + 1];
      const unicode = next === "u" && /^[0-9a-fA-F]{4}$/.test(json.slice(at + 2, at + 6));
      if (unicode) {
        out += json.slice(at, at + 6);
        at += 5;
      } else if (next !== undefined && ESCAPABLE.has(next)) {
        out += char + next;
        at += 1;
      } else {
        out += "\\\\";
      }
      continue;
    }
    out += char < " " ? escapedControl(char) : char;
  }
  return out;
}

/** JSON.parse, then once more on the repaired text when that differs; the first error when neither parses. */
export function parseJsonWithRepair<T>(json: string): T {
  try {
    return JSON.parse(json) as T;
  } catch (error) {
    const repaired = repairJson(json);
    if (repaired === json) throw error;
    return JSON.parse(repaired) as T;
  }
}
