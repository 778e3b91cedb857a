// Which stored sessions the /resume picker shows, in which order (pi 1.6.0's rules): "threaded" puts forks under
// the session they came from (newest activity first), "recent" keeps the store's newest-first order, "relevance"
// ranks by how well the search matches. The search: words (each must match: in the name, the id, the first
// message or the folder; loosely, in the name or folder), `"an exact phrase"`, or `re:<regular expression>`.
import { fuzzyMatch } from "@earendil-works/pi-tui";
import type { SessionInfo } from "../../sessions/index.js";

export type SortMode = "threaded" | "recent" | "relevance";
export type NameFilter = "all" | "named";

export interface SessionRow {
  info: SessionInfo;
  /** the tree's connector drawn before the session in threaded order ("├─ ", "│  └─ "), else "" */
  prefix: string;
}

type Query = { regex: RegExp } | { words: { text: string; phrase: boolean }[] } | { error: string };

/** a match in the name always ranks above one elsewhere, which ranks above a loose match */
const IN_NAME = 0;
const IN_TEXT = 1_000_000;
const LOOSE = 2_000_000;

export function arrangeSessions(sessions: readonly SessionInfo[], query: string, sort: SortMode, names: NameFilter): SessionRow[] {
  const candidates = names === "named" ? sessions.filter((info) => info.name?.trim()) : sessions;
  if (!query.trim()) return sort === "threaded" ? threaded(candidates) : candidates.map((info) => ({ info, prefix: "" }));
  const parsed = parseQuery(query);
  if ("error" in parsed) return [];
  const scored = candidates.flatMap((info) => {
    const score = scoreSession(info, parsed);
    return score === undefined ? [] : [{ info, score }];
  });
  if (sort !== "recent") scored.sort((a, b) => a.score - b.score || b.info.modified.getTime() - a.info.modified.getTime());
  return scored.map(({ info }) => ({ info, prefix: "" }));
}

function parseQuery(query: string): Query {
  const trimmed = query.trim();
  if (trimmed.startsWith("re:")) {
    const pattern = trimmed.slice(3).trim();
    if (!pattern) return { error: "Empty regex" };
    try {
      return { regex: new RegExp(pattern, "i") };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }
  // an unclosed quote makes every word a plain word
  if ((trimmed.match(/"/g)?.length ?? 0) % 2 === 1) return { words: trimmed.split(/\s+/).map((text) => ({ text, phrase: false })) };
  const words: { text: string; phrase: boolean }[] = [];
  for (const [, phrase, word] of trimmed.matchAll(/"([^"]*)"|([^\s"]+)/g)) {
    if (phrase !== undefined && phrase.trim()) words.push({ text: phrase, phrase: true });
    else if (word) words.push({ text: word, phrase: false });
  }
  return { words };
}

function scoreSession(info: SessionInfo, query: Exclude<Query, { error: string }>): number | undefined {
  if ("regex" in query) {
    if (info.name && query.regex.test(info.name)) return IN_NAME;
    return [info.id, info.firstMessage, info.cwd].some((field) => query.regex.test(field)) ? IN_TEXT : undefined;
  }
  let total = 0;
  for (const word of query.words) {
    const score = word.phrase ? exactScore(info, collapse(word.text), collapse) : (exactScore(info, word.text.toLowerCase(), (text) => text.toLowerCase()) ?? looseScore(info, word.text));
    if (score === undefined) return undefined;
    total += score;
  }
  return total;
}

function exactScore(info: SessionInfo, wanted: string, normalise: (text: string) => string): number | undefined {
  const name = normalise(info.name ?? "");
  if (name.includes(wanted)) return IN_NAME + fuzzyMatch(wanted, name).score;
  return [info.id, info.firstMessage, info.cwd].some((field) => normalise(field).includes(wanted)) ? IN_TEXT : undefined;
}

function looseScore(info: SessionInfo, wanted: string): number | undefined {
  const scores = [info.name ?? "", info.cwd].map((field) => fuzzyMatch(wanted, field)).filter((match) => match.matches);
  return scores.length === 0 ? undefined : LOOSE + Math.min(...scores.map((match) => match.score));
}

function collapse(text: string): string {
  return text.toLowerCase().replace(/\s+/g, " ").trim();
}

interface Node {
  info: SessionInfo;
  children: Node[];
  latest: number;
}

/** forks under their parent session; each level ordered by the newest activity in its subtree */
function threaded(sessions: readonly SessionInfo[]): SessionRow[] {
  const nodes = new Map(sessions.map((info) => [info.path, { info, children: [], latest: info.modified.getTime() } as Node]));
  const roots: Node[] = [];
  for (const node of nodes.values()) {
    const parent = node.info.parentSessionPath ? nodes.get(node.info.parentSessionPath) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  const settle = (node: Node): number => {
    node.latest = Math.max(node.latest, ...node.children.map(settle));
    node.children.sort((a, b) => b.latest - a.latest);
    return node.latest;
  };
  roots.forEach(settle);
  roots.sort((a, b) => b.latest - a.latest);
  const rows: SessionRow[] = [];
  const walk = (node: Node, lead: string, connector: string, last: boolean, depth: number) => {
    rows.push({ info: node.info, prefix: depth === 0 ? "" : `${lead}${connector}` });
    const childLead = depth === 0 ? "" : `${lead}${last ? "   " : "│  "}`;
    node.children.forEach((child, index) => {
      const childLast = index === node.children.length - 1;
      walk(child, childLead, childLast ? "└─ " : "├─ ", childLast, depth + 1);
    });
  };
  roots.forEach((root) => walk(root, "", "", true, 0));
  return rows;
}
