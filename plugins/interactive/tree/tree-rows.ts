// The session tree as the /tree navigator lists it: one row per shown entry, in file order, a straight run of
// entries at one depth and each branch of a fork indented under it (├─ / └─). A filter hides kinds of entries;
// the children of a hidden entry take its place. Assistant messages holding only tool calls are never shown (their
// results are). A folded entry keeps its row and hides what is under it; an entry can be folded where a branch
// starts (a root, or one of several children), as pi's tree folds.
import { messageText, type AgentMessage } from "../../../kernel/index.js";
import type { SessionEntry, SessionTreeNode } from "../../sessions/index.js";

export const TREE_FILTERS = ["default", "no-tools", "user-only", "labeled-only", "all"] as const;
export type TreeFilter = (typeof TREE_FILTERS)[number];

export interface TreeRow {
  entry: SessionEntry;
  /** the tree drawing before the text: indentation and the branch connector */
  gutter: string;
  text: string;
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
        text: entryText(node.entry, calls),
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

/** one line of what an entry holds */
export function entryText(entry: SessionEntry, calls: ReadonlyMap<string, Call> = new Map()): string {
  switch (entry.type) {
    case "message":
      return messageRow(entry.message, calls);
    case "compaction":
      return `[compaction: ${Math.round(entry.tokensBefore / 1000)}k tokens]`;
    case "branch_summary":
      return `[branch summary]: ${oneLine(entry.summary)}`;
    case "model_change":
      return `[model: ${entry.modelId}]`;
    case "thinking_level_change":
      return `[thinking: ${entry.thinkingLevel}]`;
    case "label":
      return `[label: ${entry.label ?? "(removed)"}]`;
    case "session_info":
      return `[title: ${entry.name ?? ""}]`;
    case "custom":
      return `[custom: ${entry.customType}]`;
    case "custom_message":
      return `[${entry.customType}]: ${oneLine(typeof entry.content === "string" ? entry.content : entry.content.map((part) => (part.type === "text" ? part.text : "")).join(" "))}`;
    default:
      return `[${entry.type}]`;
  }
}

function messageRow(message: AgentMessage, calls: ReadonlyMap<string, Call>): string {
  switch (message.role) {
    case "user":
      return `user: ${oneLine(messageText(message))}`;
    case "assistant":
      return `assistant: ${oneLine(message.content.map((block) => (block.type === "text" ? block.text : "")).join(" ")) || (message.errorMessage ? `(error) ${message.errorMessage}` : "(no text)")}`;
    case "toolResult": {
      const call = calls.get(message.toolCallId);
      const subject = call && (call.arguments.path ?? call.arguments.command ?? call.arguments.pattern);
      return `[${message.toolName}${typeof subject === "string" ? `: ${oneLine(subject)}` : ""}]`;
    }
    case "bashExecution":
      return `[bash]: ${oneLine(message.command)}`;
    case "compactionSummary":
      return `[compaction summary]: ${oneLine(message.summary)}`;
    case "branchSummary":
      return `[branch summary]: ${oneLine(message.summary)}`;
    default:
      return `[${message.role}]`;
  }
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
