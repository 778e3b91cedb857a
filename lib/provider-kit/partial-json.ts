// Lenient parse of a JSON object that is still streaming in, so tool-call arguments can be shown as they arrive.
// Closes open strings, arrays and objects; drops a dangling key or a half-written literal.
import { repairJson } from "../json/repair-json.js";
import { forEachStructuralCharacter } from "../json/structural-characters.js";

export function parsePartialJson(text: string): Record<string, unknown> | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return {};
  // a raw newline or a stray backslash in a string is repaired as the finished arguments will be
  return tryParse(trimmed) ?? tryParse(closeJson(trimmed)) ?? tryParse(closeJson(repairJson(trimmed)));
}

function tryParse(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function closeJson(text: string): string {
  const closers: string[] = [];
  const { inString, escaped } = forEachStructuralCharacter(text, (char) => {
    if (char === "{") closers.push("}");
    else if (char === "[") closers.push("]");
    else if (char === "}" || char === "]") closers.pop();
  });
  let body = text;
  if (inString) body += escaped ? '\\"' : '"';
  // A value cut short after a key or a comma cannot be completed; drop back to the last complete member.
  body = body.replace(/,\s*$/, "").replace(/,?\s*"[^"]*"\s*:\s*$/, "").replace(/:\s*(t|tr|tru|f|fa|fal|fals|n|nu|nul|-|\d+\.)$/, ": null");
  return body + closers.reverse().join("");
}
