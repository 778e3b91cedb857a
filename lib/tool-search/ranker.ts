// Ranking tools for a search query, as pi 1.6.0's `tool_search` ranks them: Okapi BM25 over a tool's description and
// its arguments' names and descriptions, with the tool's name and its namespace as separate fields.
// - a tool matching more of the query's words, in any field, ranks above one matching fewer, whatever the scores;
// - a word in the name outweighs any number of mentions in the description, a word in the namespace (shared by all
//   of a server's tools) counts half its rarity;
// - a tool whose whole last name part is in the query (`app` for `mcp__peekaboo__app`) gains one more match of
//   every query word;
// - a query that is exactly a tool's name, or its part after a `__`, ranks that tool first.
// Only the description is normalised by length. Ties keep the tools' order.
import { valueAt } from "../json-schema/json-values.js";

export interface SearchDocument {
  name: string;
  /** the description and the arguments' names and descriptions */
  text: string;
  /** the namespace's name, description and instructions */
  namespaceText?: string;
}

export interface SearchableTool {
  name: string;
  description: string;
  parameters?: unknown;
  namespace?: { name: string; description?: string; instructions?: string };
}

const K1 = 1.2;
const B = 0.75;
const NAME_WEIGHT = 3;
const NAMESPACE_WEIGHT = 0.5;
const STOP_WORDS = new Set(["a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "in", "is", "it", "of", "on", "or", "that", "the", "this", "to", "with"]);
const wordSegmenter = new Intl.Segmenter(undefined, { granularity: "word" });

/** a naive singular, so that `issues` finds `issue` and `searches` finds `search` */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(ches|shes|sses|xes|zes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/** Words of `text`: identifiers split at their case changes, stop words left out, English plurals made singular. */
export function searchWords(text: string): string[] {
  const normalized = text
    .normalize("NFC")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, " ");
  // plain ASCII splits at spaces into the same words; the segmenter (much slower) is for scripts written without spaces
  const pieces = /^[a-z0-9 ]*$/.test(normalized)
    ? normalized.split(" ")
    : Array.from(wordSegmenter.segment(normalized), (segment) => (segment.isWordLike ? segment.segment : ""));
  return pieces.filter((word) => word.length > 0 && !STOP_WORDS.has(word)).map((word) => (/^[a-z0-9]+$/.test(word) ? singular(word) : word));
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function schemaRefTarget(ref: string, root: unknown): unknown {
  if (ref !== "#" && !ref.startsWith("#/")) return undefined;
  try {
    return valueAt(root, ref);
  } catch {
    return undefined; // a malformed escape names nothing
  }
}

/** descriptions and property names, following local `$ref`s once each */
function schemaText(schema: unknown, root: unknown, parts: string[], seen: Set<unknown>): void {
  if (!isRecord(schema)) return;
  if (typeof schema.$ref === "string") {
    const target = schemaRefTarget(schema.$ref, root);
    if (isRecord(target) && !seen.has(target)) {
      seen.add(target);
      schemaText(target, root, parts, seen);
    }
  }
  if (typeof schema.description === "string") parts.push(schema.description);
  if (isRecord(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      parts.push(name);
      schemaText(property, root, parts, seen);
    }
  }
  schemaText(schema.items, root, parts, seen);
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    const variants = schema[key];
    if (Array.isArray(variants)) for (const variant of variants) schemaText(variant, root, parts, seen);
  }
}

export function searchDocument(tool: SearchableTool): SearchDocument {
  const parts = [tool.description];
  schemaText(tool.parameters, tool.parameters, parts, new Set([tool.parameters]));
  const { namespace } = tool;
  return {
    name: tool.name,
    text: parts.filter((part) => part.trim()).join(" "),
    namespaceText: namespace ? [namespace.name, namespace.description ?? "", namespace.instructions ?? ""].join(" ") : "",
  };
}

/** lower case, characters a script identifier cannot hold as `_` (`dev-radius` names `dev_radius`) */
const identifierName = (name: string) => name.trim().toLowerCase().replace(/[^a-z0-9_$]/g, "_");

interface Indexed {
  name: string;
  nameWords: Set<string>;
  lastNameWords: string[];
  counts: Map<string, number>;
  length: number;
  namespaceWords: Set<string>;
}

function indexed(document: SearchDocument): Indexed {
  const counts = new Map<string, number>();
  for (const word of searchWords(document.text)) counts.set(word, (counts.get(word) ?? 0) + 1);
  return {
    name: document.name,
    nameWords: new Set(searchWords(document.name)),
    lastNameWords: [...new Set(searchWords(document.name.split("__").at(-1)!))],
    counts,
    length: [...counts.values()].reduce((sum, count) => sum + count, 0),
    namespaceWords: new Set(searchWords(document.namespaceText ?? "")),
  };
}

/** The best `limit` documents for `query`, best first, with their scores. */
export function rankDocuments(query: string, documents: readonly SearchDocument[], limit: number): { name: string; score: number }[] {
  const queryWords = new Set(searchWords(query));
  if (queryWords.size === 0 || documents.length === 0 || limit <= 0) return [];
  const index = documents.map(indexed);
  const averageLength = index.reduce((sum, document) => sum + document.length, 0) / index.length || 1;
  const rarity = new Map(
    [...queryWords].map((word) => {
      const found = index.filter((document) => document.nameWords.has(word) || document.counts.has(word) || document.namespaceWords.has(word)).length;
      return [word, Math.log(1 + (index.length - found + 0.5) / (found + 0.5))];
    }),
  );
  const wholeNameBonus = [...rarity.values()].reduce((sum, value) => sum + value, 0);
  const exactQuery = identifierName(query);
  const matches = index.flatMap((document) => {
    const norm = K1 * (1 - B + (B * document.length) / averageLength);
    let score = 0;
    let covered = 0;
    for (const word of queryWords) {
      const count = document.counts.get(word) ?? 0;
      const weight =
        (document.nameWords.has(word) ? NAME_WEIGHT : 0) + (document.namespaceWords.has(word) ? NAMESPACE_WEIGHT : 0) + (count * (K1 + 1)) / (count + norm);
      if (weight > 0) covered++;
      score += rarity.get(word)! * weight;
    }
    if (score === 0) return [];
    if (document.lastNameWords.length > 0 && document.lastNameWords.every((word) => queryWords.has(word))) score += wholeNameBonus;
    const name = identifierName(document.name);
    return [{ name: document.name, score, covered, exact: name === exactQuery || name.endsWith(`__${exactQuery}`) }];
  });
  return matches
    .sort((a, b) => Number(b.exact) - Number(a.exact) || b.covered - a.covered || b.score - a.score)
    .slice(0, limit)
    .map(({ name, score }) => ({ name, score }));
}

/** The best `limit` of `tools` for `query`, best first. */
export function rankTools<T extends SearchableTool>(query: string, tools: readonly T[], limit: number): T[] {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  return rankDocuments(query, tools.map(searchDocument), limit).map((match) => byName.get(match.name)!);
}
