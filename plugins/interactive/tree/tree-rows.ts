// The session tree as the /tree navigator lists it: one row per shown entry, in file order, a straight run of
// entries at one depth and each branch of a fork indented under it (├─ / └─). A filter hides kinds of entries;
// the children of a hidden entry take its place. Assistant messages holding only tool calls are never shown (their
// results are). A folded entry keeps its row and hides what is under it; an entry can be folded where a branch
// starts (a root, or one of several children), as pi's tree folds.
import { messageText, type AgentMessage } from "../../../kernel/index.js";
import type { SessionEntry, SessionTreeNode } from "../../sessions/index.js";

export const TREE_FILTERS = ["default", "no-tools", "user-only", "labeled-only", "all"] as const;
export type TreeFilter = (typeof TREE_FILTERS)[number];

/** how a row's text is coloured (pi's colours for each kind of entry) */
export type RowTone = "user" | "assistant" | "assistantNote" | "assistantError" | "tool" | "custom" | "branch" | "compaction" | "bookkeeping";

export interface TreeRow {
  entry: SessionEntry;
  /** the tree drawing before the text: indentation and the branch connector */
  gutter: string;
  text: string;
  tone: RowTone;
  label?: string;
  /** on the path from the root to the current leaf */
  active: boolean;
  labelTimestamp?: string;
  /** the shown entry above it and the shown entries below it, folded or not */
  parentId?: string;
  childIds: string[];
  /** it starts a branch and has entries below it */
  foldable: boolean;
  folded: boolean;
}

/** entries that record settings or bookkeeping rather than conversation */
const BOOKKEEPING: ReadonlySet<string> = new Set(["thinking_level_change", "model_change", "label", "custom", "session_info", "usage", "context_edit"]);

export function treeRows(
  roots: readonly SessionTreeNode[],
  leafId: string | null,
  activeIds: ReadonlySet<string>,
  filter: TreeFilter,
  folded: ReadonlySet<string> = new Set(),
): TreeRow[] {
  const calls = toolCallsById(roots);
  const rows: TreeRow[] = [];
  const shown = (node: SessionTreeNode) => isShown(node, filter);
  /** a node's nearest shown descendants, in order, standing in for hidden ones */
  const visibleChildren = (nodes: readonly SessionTreeNode[]): SessionTreeNode[] => nodes.flatMap((node) => (shown(node) ? [node] : visibleChildren(node.children)));
  const walk = (nodes: readonly SessionTreeNode[], indent: string, forked: boolean, parentId: string | undefined) => {
    nodes.forEach((node, index) => {
      const last = index === nodes.length - 1;
      const children = visibleChildren(node.children);
      const foldable = children.length > 0 && (parentId === undefined || forked);
      const isFolded = foldable && folded.has(node.entry.id);
      const connector = forked ? `${last ? "└" : "├"}${isFolded ? "⊞" : foldable ? "⊟" : "─"} ` : isFolded ? "⊞ " : "";
      rows.push({
        entry: node.entry,
        gutter: indent + connector,
        ...entryText(node.entry, calls),
        label: node.label,
        labelTimestamp: node.labelTimestamp,
        active: activeIds.has(node.entry.id) || node.entry.id === leafId,
        parentId,
        childIds: children.map((child) => child.entry.id),
        foldable,
        folded: isFolded,
      });
      if (isFolded) return;
      const childIndent = forked ? indent + (last ? "   " : "│  ") : indent;
      walk(children, childIndent, children.length > 1, node.entry.id);
    });
  };
  const top = visibleChildren(roots);
  walk(top, "", top.length > 1, undefined);
  return rows;
}

function isShown(node: SessionTreeNode, filter: TreeFilter): boolean {
  const { entry } = node;
  if (entry.type === "message" && entry.message.role === "assistant" && onlyToolCalls(entry.message)) return false;
  switch (filter) {
    case "all":
      return true;
    case "labeled-only":
      return node.label !== undefined;
    case "user-only":
      return entry.type === "message" && entry.message.role === "user";
    case "no-tools":
      return !BOOKKEEPING.has(entry.type) && !(entry.type === "message" && entry.message.role === "toolResult");
    default:
      return !BOOKKEEPING.has(entry.type);
  }
}

function onlyToolCalls(message: AgentMessage & { role: "assistant" }): boolean {
  return message.content.length > 0 && message.content.every((block) => block.type === "toolCall");
}

type Call = { name: string; arguments: Record<string, unknown> };

function toolCallsById(roots: readonly SessionTreeNode[]): Map<string, Call> {
  const calls = new Map<string, Call>();
  const visit = (node: SessionTreeNode) => {
    const { entry } = node;
    if (entry.type === "message" && entry.message.role === "assistant") {
      for (const block of entry.message.content) if (block.type === "toolCall") calls.set(block.id, { name: block.name, arguments: block.arguments });
    }
    node.children.forEach(visit);
  };
  roots.forEach(visit);
  return calls;
}

/** one line of what an entry holds, worded as pi 1.6.0 words it */
function entryText(entry: SessionEntry, calls: ReadonlyMap<string, Call>): { text: string; tone: RowTone } {
  switch (entry.type) {
    case "message":
      return messageRow(entry.message, calls);
    case "compaction":
      return { text: `[compaction: ${Math.round(entry.tokensBefore / 1000)}k tokens]`, tone: "compaction" };
    case "branch_summary":
      return { text: `[branch summary]: ${oneLine(entry.summary)}`, tone: "branch" };
    case "custom_message":
      return { text: `[${entry.customType}]: ${oneLine(typeof entry.content === "string" ? entry.content : entry.content.map((part) => (part.type === "text" ? part.text : "")).join(""))}`, tone: "custom" };
    default:
      return { text: bookkeepingText(entry), tone: "bookkeeping" };
  }
}

function bookkeepingText(entry: SessionEntry): string {
  switch (entry.type) {
    case "model_change":
      return `[model: ${entry.modelId}]`;
    case "thinking_level_change":
      return `[thinking: ${entry.thinkingLevel}]`;
    case "label":
      return `[label: ${entry.label ?? "(cleared)"}]`;
    case "session_info":
      return `[title: ${entry.name ?? "empty"}]`;
    case "custom":
      return `[custom: ${entry.customType}]`;
    case "context_edit":
      return `[context ${entry.replacement === null ? "omit" : "replace"}: ${entry.targetId}]`;
    default:
      return `[${entry.type}]`;
  }
}

function messageRow(message: AgentMessage, calls: ReadonlyMap<string, Call>): { text: string; tone: RowTone } {
  switch (message.role) {
    case "user":
      return { text: `user: ${oneLine(messageText(message))}`, tone: "user" };
    case "assistant": {
      const text = oneLine(message.content.map((block) => (block.type === "text" ? block.text : "")).join(""));
      if (text) return { text: `assistant: ${text}`, tone: "assistant" };
      if (message.stopReason === "aborted") return { text: "assistant: (aborted)", tone: "assistantNote" };
      if (message.errorMessage) return { text: `assistant: ${oneLine(message.errorMessage).slice(0, 80)}`, tone: "assistantError" };
      return { text: "assistant: (no content)", tone: "assistantNote" };
    }
    case "toolResult": {
      const call = calls.get(message.toolCallId);
      return { text: call ? toolCallText(call) : `[${message.toolName ?? "tool"}]`, tone: "tool" };
    }
    case "bashExecution":
      return { text: `[bash]: ${oneLine(message.command)}`, tone: "bookkeeping" };
    default:
      return { text: `[${message.role}]`, tone: "bookkeeping" };
  }
}

/** what the copy key copies of an entry (pi's choice): a message's text, a command, a summary; nothing else */
export function entryCopyText(entry: SessionEntry | undefined): string | undefined {
  let text: string | undefined;
  if (entry?.type === "message") {
    const { message } = entry;
    if (message.role === "bashExecution") text = message.command;
    else if (message.role === "user" || message.role === "assistant" || message.role === "toolResult") text = messageText(message) || (message.role === "assistant" ? message.errorMessage : undefined);
  } else if (entry?.type === "custom_message") text = typeof entry.content === "string" ? entry.content : entry.content.map((part) => (part.type === "text" ? part.text : "")).join("");
  else if (entry?.type === "compaction" || entry?.type === "branch_summary") text = entry.summary;
  return text?.trim() ? text : undefined;
}

/** a tool call as pi's tree lists it: the tool and what it worked on */
function toolCallText({ name, arguments: args }: Call): string {
  const path = (fallback: string) => homeShortened(String(args.path || args.file_path || fallback));
  switch (name) {
    case "read":
      return `[read: ${path("")}${readRange(args.offset, args.limit)}]`;
    case "write":
    case "edit":
      return `[${name}: ${path("")}]`;
    case "bash": {
      const command = String(args.command || "");
      return `[bash: ${oneLine(command).slice(0, 50)}${command.length > 50 ? "..." : ""}]`;
    }
    case "grep":
      return `[grep: /${String(args.pattern || "")}/ in ${path(".")}]`;
    case "find":
      return `[find: ${String(args.pattern || "")} in ${path(".")}]`;
    case "ls":
      return `[ls: ${path(".")}]`;
    default: {
      const json = JSON.stringify(args);
      return `[${name}: ${json.slice(0, 40)}${json.length > 40 ? "..." : ""}]`;
    }
  }
}

function readRange(offset: unknown, limit: unknown): string {
  if (typeof offset !== "number" && typeof limit !== "number") return "";
  const from = typeof offset === "number" ? offset : 1;
  return typeof limit === "number" ? `:${from}-${from + limit - 1}` : `:${from}`;
}

function homeShortened(path: string): string {
  const home = process.env.HOME || process.env.USERPROFILE || "";
  return home && path.startsWith(home) ? `~${path.slice(home.length)}` : path;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
