// The session tree at the top of the page: every listed entry of every branch, a line each, linking to where the
// entry is shown. A run of entries without a fork stays at one level; each fork opens one nested list per branch,
// the active branch first. Entries the tree leaves out pass their place on to their nearest listed ancestor.
import { escapeHtml } from "./escape.js";
import type { TreeNode } from "../branch-source.js";

export function treeHtml(nodes: readonly TreeNode[], active: ReadonlySet<string>, leafId: string | undefined): string {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const listedParent = (node: TreeNode): string | null => {
    let parent = node.parentId === null ? undefined : byId.get(node.parentId);
    while (parent && parent.label === undefined) parent = parent.parentId === null ? undefined : byId.get(parent.parentId);
    return parent?.id ?? null;
  };
  const children = new Map<string | null, TreeNode[]>();
  let listed = 0;
  for (const node of nodes) {
    if (node.label === undefined) continue;
    listed++;
    const parent = listedParent(node);
    const siblings = children.get(parent) ?? [];
    siblings.push(node);
    children.set(parent, siblings);
  }
  const onPathFirst = (list: readonly TreeNode[]) => [...list].sort((a, b) => Number(active.has(b.id)) - Number(active.has(a.id)));
  const branches = nodes.filter((node) => node.label !== undefined && !children.has(node.id)).length;

  // each chain is an <ol>; a fork ends its chain with one nested chain per child (an explicit stack, not recursion:
  // a long session is one chain thousands of entries long, and forks may nest deeply)
  const out: string[] = [];
  const stack: (TreeNode[] | string)[] = [onPathFirst(children.get(null) ?? [])];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item === "string") {
      out.push(item);
      continue;
    }
    const roots = item;
    if (roots.length === 1) {
      out.push(`<ol class="chain">`);
      let node: TreeNode | undefined = roots[0];
      while (node) {
        out.push(nodeHtml(node, active, leafId));
        const next: TreeNode[] = onPathFirst(children.get(node.id) ?? []);
        if (next.length === 1) {
          node = next[0];
          continue;
        }
        if (next.length > 1) {
          out.push(`<li class="fork">`);
          // pushed in reverse so the first child is written first
          stack.push(`</li></ol>`);
          for (let i = next.length - 1; i >= 0; i--) stack.push([next[i]!]);
        } else out.push(`</ol>`);
        node = undefined;
      }
    } else if (roots.length > 1) {
      out.push(`<ol class="chain"><li class="fork">`);
      stack.push(`</li></ol>`);
      for (let i = roots.length - 1; i >= 0; i--) stack.push([roots[i]!]);
    }
  }
  const summary = `Session tree: ${listed} ${listed === 1 ? "entry" : "entries"}, ${branches} ${branches === 1 ? "branch" : "branches"}`;
  return `<details class="session-tree"${branches > 1 ? " open" : ""}><summary>${summary}</summary><nav aria-label="Session tree">${out.join("")}</nav></details>`;
}

function nodeHtml(node: TreeNode, active: ReadonlySet<string>, leafId: string | undefined): string {
  const classes = ["node", node.kind, active.has(node.id) ? "on-path" : "off-path", node.id === leafId ? "leaf" : ""].filter(Boolean).join(" ");
  return `<li class="${escapeHtml(classes)}"><a href="#entry-${escapeHtml(node.id)}">${escapeHtml(node.label ?? "")}</a></li>`;
}
