// Tool-call argument text as pi-ai 1.6.0 reads it: partial arguments while the call streams, one strict parse when
// it ends. The partial reading is pith's own lenient parser, read incrementally
// (lib/provider-kit/partial-json-reader.ts).
import { PartialJsonReader } from "../../../../lib/provider-kit/partial-json-reader.js";
import { parseJsonWithRepair } from "../../../../lib/json/repair-json.js";

export { parseJsonWithRepair, repairJson } from "../../../../lib/json/repair-json.js";

type Arguments = Record<string, unknown>;

/** The finished arguments text: an object, else `{}` and an `argumentsError` that quotes what the model sent. */
export function parseToolCallArguments(json: string | undefined): { arguments: Arguments; argumentsError?: string } {
  if (json === undefined || json.trim() === "") return { arguments: {} };
  try {
    const value: unknown = parseJsonWithRepair(json);
    if (value !== null && typeof value === "object" && !Array.isArray(value)) return { arguments: value as Arguments };
    return { arguments: {}, argumentsError: `Tool call arguments must be a JSON object, got: ${json}` };
  } catch (error) {
    return { arguments: {}, argumentsError: `Invalid JSON in tool call arguments (${(error as Error).message}): ${json}` };
  }
}

/** One streaming tool call's arguments: the raw text, and the arguments parsed so far after each piece. */
export class ToolCallArgumentsStream {
  #reader = new PartialJsonReader();
  #partial: Arguments = {};

  get text(): string {
    return this.#reader.text;
  }

  append(delta: string): Arguments {
    this.#reader.append(delta);
    return this.#reread();
  }

  replace(text: string): { readonly delta: string | undefined; readonly arguments: Arguments } {
    const before = this.#reader.text;
    const delta = text.startsWith(before) ? text.slice(before.length) : undefined;
    if (delta === undefined) {
      this.#reader = new PartialJsonReader();
      this.#reader.append(text);
    } else this.#reader.append(delta);
    return { delta, arguments: this.#reread() };
  }

  finish(): { arguments: Arguments; argumentsError?: string } {
    return parseToolCallArguments(this.#reader.text);
  }

  #reread(): Arguments {
    const parsed = this.#reader.value;
    // a new object only when the arguments changed, as a writer comparing snapshots expects
    if (parsed && !sameJson(parsed, this.#partial)) this.#partial = parsed;
    return this.#partial;
  }
}

/**
 * Whether two values read as the same JSON. Containers a reader finished are shared between its values, and an open
 * string that grew differs in length, so comparing two successive values costs the open containers, not the text.
 */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  return aKeys.length === bKeys.length && aKeys.every((key, at) => key === bKeys[at] && sameJson((a as Arguments)[key], (b as Arguments)[key]));
}

/** pi-ai's error for model-catalogue problems, with a `code`. */
export class ModelsError extends Error {
  constructor(
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ModelsError";
  }
}
