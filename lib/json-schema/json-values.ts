// JSON values as the validator's messages name and show them.

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** A short JSON rendering of a value for messages. */
export function preview(value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    // cycles and bigints cannot be shown as JSON; their kind still helps
  }
  if (text === undefined) return describeValue(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** The segments of a JSON Pointer (`/edits/0/old~1text` -> ["edits", "0", "old/text"]). */
export function pointerSegments(pointer: string): string[] {
  if (pointer === "" || pointer === "#") return [];
  return pointer.replace(/^#/, "").slice(1).split("/").map((raw) => decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** What a JSON Pointer points to in `root`, or undefined. */
export function valueAt(root: unknown, pointer: string): unknown {
  let current = root;
  for (const key of pointerSegments(pointer)) {
    if (typeof current !== "object" || current === null || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
