// A codemode script's input, as pi 1.6.0 reads it: JavaScript, whose first line may be
// `// @options: {"max_output_tokens": N, "timeout_ms": N}`. The options line becomes an empty line, so the
// script's line numbers stay the model's.
import { PithError } from "../../kernel/index.js";

const PREFIX = "// @options:";
const FIELDS = "`max_output_tokens` and `timeout_ms`";
const MAX_TIMEOUT_MS = 2_147_483_647;

export interface CodemodeSource {
  code: string;
  maxOutputTokens?: number;
  timeoutMs?: number;
}

const invalid = (message: string) => new PithError("CODEMODE_SOURCE_INVALID", message);
const count = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

export function parseCodemodeSource(input: string): CodemodeSource {
  if (input.trim() === "") throw invalid('Expected JavaScript source text (non-empty). Provide JS only, optionally with a first line `// @options: {"max_output_tokens": 1000}`.');
  const lines = input.split("\n");
  const late = lines.findIndex((line, index) => index > 0 && line.trimStart().startsWith(PREFIX));
  if (late !== -1) throw invalid(`The ${PREFIX} line must be the first line of the input; found one on line ${late + 1}`);
  const first = lines[0]!.replace(/\r$/, "").trimStart();
  if (!first.startsWith(PREFIX)) return { code: input };
  const newline = input.indexOf("\n");
  const code = newline === -1 ? "" : input.slice(newline);
  if (code.trim() === "") throw invalid("The @options line must be followed by JavaScript source on subsequent lines");
  return { code, ...readOptions(first.slice(PREFIX.length).trim()) };
}

function readOptions(text: string): Omit<CodemodeSource, "code"> {
  if (text === "") throw invalid(`@options must be a JSON object with supported fields ${FIELDS}`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw invalid(`@options must be valid JSON with supported fields ${FIELDS}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw invalid(`@options must be a JSON object with supported fields ${FIELDS}`);
  const fields = value as Record<string, unknown>;
  const unknownField = Object.keys(fields).find((key) => key !== "max_output_tokens" && key !== "timeout_ms");
  if (unknownField !== undefined) throw invalid(`@options only supports ${FIELDS}; got \`${unknownField}\``);
  const options: Omit<CodemodeSource, "code"> = {};
  if (fields.max_output_tokens !== undefined) {
    if (!count(fields.max_output_tokens)) throw invalid("@options field `max_output_tokens` must be a non-negative safe integer");
    options.maxOutputTokens = fields.max_output_tokens;
  }
  if (fields.timeout_ms !== undefined) {
    if (!count(fields.timeout_ms) || fields.timeout_ms === 0 || fields.timeout_ms > MAX_TIMEOUT_MS) throw invalid(`@options field \`timeout_ms\` must be a positive integer up to ${MAX_TIMEOUT_MS}`);
    options.timeoutMs = fields.timeout_ms;
  }
  return options;
}
