// YAML front matter: a first line `---`, YAML, a closing `---` line, then the body.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { PithError, errorMessage } from "../../../kernel/index.js";
import { commonJsExports } from "../../loading/commonjs-exports.js";
import { simpleYamlMapping } from "./simple-yaml-mapping.js";

export interface ParsedFrontmatter {
  /** the YAML mapping; empty when the text has no (terminated) front matter */
  data: Record<string, unknown>;
  /** the text after the front matter, trimmed when front matter was present (pi does the same) */
  body: string;
}

const OPENING_LINE = /^---[ \t]*\n/;
const CLOSING_LINE = /\n---[ \t]*(?:\n|$)/;

function normalizeNewlines(text: string): string {
  return text.replace(/\r\n?/g, "\n");
}

/**
 * Splits front matter from the body. Text without an opening line, or whose front matter never closes,
 * is all body. Rejects with `FRONTMATTER_INVALID` for broken YAML and `FRONTMATTER_NOT_MAPPING` when the YAML
 * is a list or a scalar. The YAML library is loaded on the first front matter found, not at start-up.
 */
export async function parseFrontmatter(text: string): Promise<ParsedFrontmatter> {
  const { yamlText, body } = splitFrontmatter(text);
  if (yamlText === undefined) return { data: {}, body };
  const data = simpleYamlMapping(yamlText) ?? yamlMapping(yamlText, commonJsExports(await import("yaml")).parseDocument);
  return { data, body };
}

const requireHere = createRequire(import.meta.url);

/** {@link parseFrontmatter} at once, for pi's synchronous loaders that extensions call (`loadSkillsFromDir`). */
export function parseFrontmatterSync(text: string): ParsedFrontmatter {
  const { yamlText, body } = splitFrontmatter(text);
  if (yamlText === undefined) return { data: {}, body };
  const data = simpleYamlMapping(yamlText) ?? yamlMapping(yamlText, (requireHere("yaml") as typeof import("yaml")).parseDocument);
  return { data, body };
}

function splitFrontmatter(text: string): { yamlText?: string; body: string } {
  const normalized = normalizeNewlines(text.startsWith("\uFEFF") ? text.slice(1) : text);
  const opening = OPENING_LINE.exec(normalized);
  if (!opening) return { body: normalized };
  // Keep the opening line's newline so that an empty block (`---\n---`) finds its closing line.
  const rest = normalized.slice(opening[0].length - 1);
  const closing = CLOSING_LINE.exec(rest);
  if (!closing) return { body: normalized };
  return { yamlText: rest.slice(1, Math.max(1, closing.index)), body: rest.slice(closing.index + closing[0].length).trim() };
}

// parseDocument, unlike parse, never prints warnings to the console (which would tear a TUI).
function yamlMapping(yamlText: string, parseDocument: typeof import("yaml").parseDocument): Record<string, unknown> {
  const document = parseDocument(yamlText);
  const firstError = document.errors[0];
  if (firstError) {
    const summary = firstError.message.split("\n")[0];
    throw new PithError("FRONTMATTER_INVALID", `invalid YAML front matter: ${summary}`, { cause: firstError });
  }
  const value: unknown = document.toJS();
  if (value === null || value === undefined) return {};
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new PithError(
      "FRONTMATTER_NOT_MAPPING",
      "front matter must be a YAML mapping of `key: value` lines, not a list or a single value",
    );
  }
  return value as Record<string, unknown>;
}

/** Reads and parses a resource file; a file that cannot be read or parsed is reported as skipped (undefined). */
export async function readFrontmatterFile(
  filePath: string,
  what: string,
  warn: (message: string) => void,
): Promise<ParsedFrontmatter | undefined> {
  try {
    return await parseFrontmatter(await readFile(filePath, "utf8"));
  } catch (error) {
    warn(`${what} skipped: ${errorMessage(error)}`);
    return undefined;
  }
}
