// Writes the export page: a head with the style sheet and a content security policy that allows no request and
// no script but the page's own, then the conversation, written piece by piece as the branch is read.
import { randomBytes } from "node:crypto";
import type { BranchSource, RawEntry } from "../branch-source.js";
import { writeInPieces } from "../output-file.js";
import { loadHighlighter } from "../../../lib/ui/syntax-highlight.js";
import { escapeHtml } from "./escape.js";
import { foldedPre, stringField, timeHtml } from "./blocks.js";
import { ConversationRenderer, toolDefinitionHtml } from "./conversation.js";
import { PAGE_CSS } from "./styles.js";
import { PAGE_SCRIPT } from "./page-script.js";
import { totalsHtml } from "./usage.js";
import { treeHtml } from "./tree.js";
import type { TreeNode } from "../branch-source.js";
import { sideSegments } from "../session-tree.js";

/** What only a running session knows: the prompt and tools it would send now. */
export interface LiveSessionFacts {
  systemPrompt?: string;
  tools?: readonly { name: string; description?: string; parameters?: unknown }[];
}

export async function writeHtmlPage(source: BranchSource, outputPath: string, facts: LiveSessionFacts = {}, signal?: AbortSignal): Promise<void> {
  await loadHighlighter();
  await writeInPieces(
    outputPath,
    async (put) => {
      const nonce = randomBytes(16).toString("base64");
      const active = pathIds(source.tree, source.leafId);
      await put(headHtml(source, nonce, facts));
      await put(`${treeHtml(source.tree, active, source.leafId)}<section class="conversation" aria-label="Conversation">`);
      const conversation = new ConversationRenderer();
      for await (const entry of source.entries(signal)) await put(conversation.add(entry));
      await put(conversation.flush());
      await put(`</section><section class="totals-section" aria-label="Totals">${totalsHtml(conversation.totals)}</section>`);
      await writeOtherBranches(source, active, put, signal);
      await put(`</main>`);
      await put(`<script nonce="${nonce}">${PAGE_SCRIPT}</script></body></html>\n`);
    },
    signal,
  );
}

function headHtml(source: BranchSource, nonce: string, facts: LiveSessionFacts): string {
  const header = source.header;
  const id = stringField(header, "id") ?? "";
  const title = source.name ?? `Session ${id}`;
  const policy = `default-src 'none'; img-src data:; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'`;
  return (
    `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="${policy}">` +
    `<meta name="referrer" content="no-referrer"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="color-scheme" content="light dark"><meta name="generator" content="pith">` +
    `<title>${escapeHtml(title)}</title><style nonce="${nonce}">${PAGE_CSS}</style></head><body><main>` +
    `<header class="session-header"><h1>${escapeHtml(title)}</h1>` +
    `<div class="controls"><button type="button" id="theme-toggle">Dark theme</button><button type="button" id="tools-toggle">Expand tool calls</button></div>` +
    `<dl class="meta"><dt>Session</dt><dd>${escapeHtml(id)}</dd>` +
    `<dt>Folder</dt><dd>${escapeHtml(stringField(header, "cwd") ?? "")}</dd>` +
    `<dt>Started</dt><dd>${timeHtml(header.timestamp)}</dd></dl>` +
    liveFactsHtml(facts) +
    `</header>`
  );
}

/**
 * The other branches, each segment folded under the entry it continues from (a link to it); the tree's links open
 * them. Their usage is not counted in the totals, which are the active branch's.
 */
async function writeOtherBranches(source: BranchSource, active: ReadonlySet<string>, put: (html: string) => Promise<void>, signal?: AbortSignal): Promise<void> {
  const segments = sideSegments(source.tree, active);
  if (segments.length === 0) return;
  const labels = new Map(source.tree.map((node) => [node.id, node.label]));
  await put(`<section class="branches" aria-label="Other branches"><h2>Other branches</h2>`);
  for (const segment of segments) {
    const from = segment.from === null ? "the start" : `<a href="#entry-${escapeHtml(segment.from)}">${escapeHtml(labels.get(segment.from) ?? "an earlier entry")}</a>`;
    await put(`<details class="branch" id="branch-${escapeHtml(segment.ids[0]!)}"><summary>Branch from ${from}</summary><div class="branch-body">`);
    const conversation = new ConversationRenderer();
    for await (const entry of source.read(segment.ids, signal)) await put(conversation.add(entry));
    await put(`${conversation.flush()}</div></details>`);
  }
  await put(`</section>`);
}

/** The ids from the root to `leafId`. */
function pathIds(tree: readonly TreeNode[], leafId: string | undefined): Set<string> {
  const parents = new Map(tree.map((node) => [node.id, node.parentId]));
  const ids = new Set<string>();
  for (let id: string | null | undefined = leafId; id !== undefined && id !== null && !ids.has(id); id = parents.get(id)) ids.add(id);
  return ids;
}

function liveFactsHtml(facts: LiveSessionFacts): string {
  const prompt = facts.systemPrompt?.trim()
    ? `<details class="system-prompt"><summary>System prompt</summary>${foldedPre(facts.systemPrompt, "prompt")}</details>`
    : "";
  const tools = facts.tools?.length
    ? `<details class="tool-list"><summary>Tools (${facts.tools.length})</summary>${facts.tools.map((tool) => toolDefinitionHtml(tool as unknown as RawEntry)).join("")}</details>`
    : "";
  return prompt + tools;
}
