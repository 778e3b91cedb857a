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
      await put(headHtml(source, nonce, facts));
      const conversation = new ConversationRenderer();
      for await (const entry of source.entries(signal)) await put(conversation.add(entry));
      await put(conversation.flush());
      await put(`</section><section class="totals-section" aria-label="Totals">${totalsHtml(conversation.totals)}</section></main>`);
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
    `</header><section class="conversation" aria-label="Conversation">`
  );
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
