// The session's tree for the export's navigation: one small node per entry (id, parent, a one-line label), and the
// branches off the active one cut into segments so that each entry is written once. Labels come from each entry as
// read, or from the start of a line too long to parse in the first pass.
import { isRecord, type RawEntry, type TreeNode } from "./branch-source.js";

const LABEL_CHARS = 90;

/** The node of a parsed entry. */
export function treeNode(entry: RawEntry, id: string, parentId: string | null): TreeNode {
  const type = typeof entry.type === "string" ? entry.type : "";
  if (type === "message" && isRecord(entry.message)) return { id, parentId, ...messageLabel(entry.message) };
  switch (type) {
    case "compaction":
      return { id, parentId, kind: "compaction", label: "Compaction" };
    case "branch_summary":
      return { id, parentId, kind: "branch-summary", label: `Branch summary: ${firstLine(entry.summary)}` };
    case "custom_message":
      return entry.display === true ? { id, parentId, kind: "custom", label: `${text(entry.customType) || "custom"}: ${firstLine(contentText(entry.content))}` } : { id, parentId, kind: type };
    default:
      return { id, parentId, kind: type };
  }
}

function messageLabel(message: RawEntry): { kind: string; label?: string } {
  const role = text(message.role);
  switch (role) {
    case "user":
      return { kind: role, label: `You: ${firstLine(contentText(message.content))}` };
    case "assistant": {
      const said = firstLine(contentText(message.content));
      const calls = Array.isArray(message.content) ? message.content.filter((block) => isRecord(block) && block.type === "toolCall").map((block) => text((block as RawEntry).name)) : [];
      return { kind: role, label: `Assistant: ${said || (calls.length ? `→ ${calls.join(", ")}` : "…")}` };
    }
    case "toolResult":
      return { kind: role, label: `${message.isError === true ? "✗" : "✓"} ${text(message.toolName) || "tool"}` };
    case "bashExecution":
      return { kind: role, label: `$ ${firstLine(message.command)}` };
    case "custom":
      return message.display === false ? { kind: role } : { kind: role, label: `${text(message.customType) || "custom"}: ${firstLine(contentText(message.content))}` };
    default:
      return { kind: role || "message" };
  }
}

const ROLE = /"role":"([A-Za-z]{1,32})"/;
const TOOL_NAME = /"toolName":"([^"\\]{1,64})"/;
const FIRST_TEXT = /"text":"((?:[^"\\]|\\.){0,400})/;

/** The node of a message line known only by its start (`head`: its first bytes as text). */
export function treeNodeFromHead(type: string, id: string, parentId: string | null, head: string): TreeNode {
  if (type !== "message") return treeNode({ type }, id, parentId);
  const role = ROLE.exec(head)?.[1] ?? "message";
  if (role === "toolResult") return { id, parentId, kind: role, label: `${TOOL_NAME.exec(head)?.[1] ?? "tool"} (long output)` };
  const said = FIRST_TEXT.exec(head)?.[1];
  return treeNode({ type, message: { role, content: said === undefined ? [] : [{ type: "text", text: unescapeJson(said) }] } }, id, parentId);
}

/** A piece of a JSON string's body, decoded as far as it is complete. */
function unescapeJson(body: string): string {
  for (let end = body.length; end > 0; end--) {
    try {
      return JSON.parse(`"${body.slice(0, end)}"`) as string;
    } catch {
      // an escape cut in the middle: try a shorter piece
    }
  }
  return "";
}

/** The tree and reader of a session held in memory (entries with string ids, in file order). */
export function inMemoryTree(entries: readonly RawEntry[]): { tree: TreeNode[]; read(ids: readonly string[]): AsyncIterable<RawEntry> } {
  const byId = new Map<string, RawEntry>();
  const tree: TreeNode[] = [];
  for (const entry of entries) {
    if (typeof entry.id !== "string") continue;
    byId.set(entry.id, entry);
    tree.push(treeNode(entry, entry.id, typeof entry.parentId === "string" ? entry.parentId : null));
  }
  return {
    tree,
    read: async function* (ids) {
      for (const id of ids) {
        const entry = byId.get(id);
        if (entry) yield entry;
      }
    },
  };
}

/**
 * The entries of the other branches, cut into segments that each continue a path written before: a segment starts at
 * the first entry of a branch not yet written, so every entry appears once. Leaves are taken newest first.
 */
export function sideSegments(nodes: readonly TreeNode[], active: ReadonlySet<string>): { from: string | null; ids: string[] }[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const hasChild = new Set(nodes.map((node) => node.parentId).filter((id): id is string => id !== null));
  const written = new Set(active);
  const segments: { from: string | null; ids: string[] }[] = [];
  for (let i = nodes.length - 1; i >= 0; i--) {
    const leaf = nodes[i]!;
    if (hasChild.has(leaf.id) || written.has(leaf.id)) continue;
    const ids: string[] = [];
    let current: TreeNode | undefined = leaf;
    while (current && !written.has(current.id)) {
      ids.push(current.id);
      written.add(current.id);
      current = current.parentId === null ? undefined : byId.get(current.parentId);
    }
    segments.push({ from: current?.id ?? null, ids: ids.reverse() });
  }
  return segments;
}

function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  const block = content.find((item) => isRecord(item) && item.type === "text" && typeof item.text === "string" && item.text.trim() !== "");
  return block ? (block as { text: string }).text : content.some((item) => isRecord(item) && item.type === "image") ? "[image]" : "";
}

function firstLine(value: unknown): string {
  const line = text(value).trim().split("\n", 1)[0]!.trim();
  return line.length > LABEL_CHARS ? `${line.slice(0, LABEL_CHARS - 1)}…` : line;
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}
