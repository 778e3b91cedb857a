// `tool_search`: finds MCP tools that are not declared to the model (`deferred` and `codemode` exposure) and
// declares the best matches from the next model call on, so a server with hundreds of tools costs the context
// nothing until one is needed. Ranking is BM25 over each tool's description and argument names, with words of its
// name counting more, and a query that is exactly a tool's name ranking that tool first.
import type { ToolDefinition } from "../../../kernel/index.js";

export const TOOL_SEARCH_NAME = "tool_search";
const DEFAULT_LIMIT = 8;
const NAME_WEIGHT = 3;
const K1 = 1.2;
const B = 0.75;
const STOP_WORDS = new Set(["a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "in", "is", "it", "of", "on", "or", "the", "to", "with"]);

export interface SearchableTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

function singular(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

export function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word && !STOP_WORDS.has(word))
    .map(singular);
}

function propertyNames(schema: unknown, into: string[], depth = 0): void {
  if (depth > 4 || typeof schema !== "object" || schema === null) return;
  const record = schema as Record<string, unknown>;
  if (typeof record.description === "string") into.push(record.description);
  const properties = record.properties;
  if (typeof properties === "object" && properties !== null) {
    for (const [name, property] of Object.entries(properties)) {
      into.push(name);
      propertyNames(property, into, depth + 1);
    }
  }
}

interface Indexed {
  tool: SearchableTool;
  nameWords: Set<string>;
  counts: Map<string, number>;
  length: number;
}

function index(tool: SearchableTool): Indexed {
  const text = [tool.description];
  propertyNames(tool.parameters, text);
  const counts = new Map<string, number>();
  for (const word of words(text.join(" "))) counts.set(word, (counts.get(word) ?? 0) + 1);
  const length = [...counts.values()].reduce((sum, count) => sum + count, 0);
  return { tool, nameWords: new Set(words(tool.name.replace(/^mcp__/, ""))), counts, length };
}

export function rankTools(query: string, tools: readonly SearchableTool[], limit: number): SearchableTool[] {
  const terms = [...new Set(words(query))];
  if (terms.length === 0 || tools.length === 0) return [];
  const exact = query.trim().toLowerCase().replace(/[^a-z0-9_]/g, "_");
  const documents = tools.map(index);
  const average = documents.reduce((sum, document) => sum + document.length, 0) / documents.length || 1;
  const idf = new Map(
    terms.map((term) => {
      const found = documents.filter((document) => document.nameWords.has(term) || document.counts.has(term)).length;
      return [term, Math.log(1 + (documents.length - found + 0.5) / (found + 0.5))];
    }),
  );
  const scored = documents.flatMap((document) => {
    const norm = K1 * (1 - B + (B * document.length) / average);
    let score = 0;
    let matched = 0;
    for (const term of terms) {
      const count = document.counts.get(term) ?? 0;
      const weight = (document.nameWords.has(term) ? NAME_WEIGHT : 0) + (count * (K1 + 1)) / (count + norm);
      if (weight > 0) matched++;
      score += idf.get(term)! * weight;
    }
    const name = document.tool.name.toLowerCase();
    const isExact = name === exact || name.endsWith(`__${exact}`);
    return score > 0 || isExact ? [{ tool: document.tool, score, matched, isExact }] : [];
  });
  scored.sort((a, b) => Number(b.isExact) - Number(a.isExact) || b.matched - a.matched || b.score - a.score);
  return scored.slice(0, limit).map((entry) => entry.tool);
}

export interface ToolSearchHost {
  /** tools that may be loaded: not declared yet; waits for servers still connecting */
  candidates(signal: AbortSignal): Promise<SearchableTool[]>;
  /** declares these tools from the next model call on */
  load(names: string[]): void;
}

export function toolSearchTool(host: ToolSearchHost): ToolDefinition<{ query: string; limit?: number }, { loaded: string[] }> {
  return {
    name: TOOL_SEARCH_NAME,
    label: TOOL_SEARCH_NAME,
    description:
      "Searches the tools that are not declared to you yet, such as the tools of MCP servers, and declares the best matches for your next call. " +
      `Use it whenever a task may need a tool you do not have; describe what the tool should do.`,
    promptSnippet: "Find tools that are not loaded yet (MCP servers' tools) and load the matches",
    parameters: {
      type: "object",
      properties: {
        query: { type: "string", description: "What the tool should do, or its name" },
        limit: { type: "number", description: `How many tools to load at most (default ${DEFAULT_LIMIT})` },
      },
      required: ["query"],
    },
    async execute({ query, limit }, context) {
      if (query.trim() === "") throw new Error("query must not be empty");
      const max = limit ?? DEFAULT_LIMIT;
      if (!Number.isInteger(max) || max <= 0) throw new Error("limit must be a positive integer");
      const found = rankTools(query, await host.candidates(context.signal), max);
      if (found.length > 0) host.load(found.map((tool) => tool.name));
      const text =
        found.length === 0
          ? "No matching tools found."
          : `Loaded ${found.length} tool${found.length === 1 ? "" : "s"}, callable from your next call:\n${found
              .map((tool) => `- ${tool.name}: ${tool.description.trim().split(/\r?\n/, 1)[0]}`)
              .join("\n")}`;
      return { content: [{ type: "text", text }], details: { loaded: found.map((tool) => tool.name) } };
    },
  };
}
