// Tool-call argument text as pi-ai 1.6.0 reads it: partial arguments while the call streams, one strict parse when
// it ends. The partial reading is pith's own lenient parser (kernel/partial-json.ts).
import { parsePartialJson } from "../../../../lib/provider-kit/partial-json.js";
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
  #text = "";
  #partial: Arguments = {};

  get text(): string {
    return this.#text;
  }

  append(delta: string): Arguments {
    this.#text += delta;
    return this.#reparse();
  }

  replace(text: string): { readonly delta: string | undefined; readonly arguments: Arguments } {
    const delta = text.startsWith(this.#text) ? text.slice(this.#text.length) : undefined;
    this.#text = text;
    return { delta, arguments: this.#reparse() };
  }

  finish(): { arguments: Arguments; argumentsError?: string } {
    return parseToolCallArguments(this.#text);
  }

  #reparse(): Arguments {
    const parsed = parsePartialJson(this.#text);
    // a new object only when the arguments changed, as a writer comparing snapshots expects
    if (parsed && JSON.stringify(parsed) !== JSON.stringify(this.#partial)) this.#partial = parsed;
    return this.#partial;
  }
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
