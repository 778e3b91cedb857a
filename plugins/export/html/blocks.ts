// The pieces every part of the page is made of: content blocks read defensively (a session line may hold any
// JSON), long text folded after its first lines, images, dates and token counts.
import { escapeHtml, imageDataUrl } from "./escape.js";
import { isRecord } from "../branch-source.js";

/** lines shown before the rest of a long output is folded away */
export const VISIBLE_LINES = 20;

export interface Block {
  type: string;
  [field: string]: unknown;
}

/** Content as blocks: a string is one text block; anything that is not a block is left out. */
export function blocksOf(content: unknown): Block[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  if (!Array.isArray(content)) return [];
  return content.filter((block): block is Block => isRecord(block) && typeof block.type === "string");
}

export function textOf(content: unknown): string {
  return blocksOf(content)
    .filter((block) => block.type === "text" && typeof block.text === "string")
    .map((block) => block.text as string)
    .join("\n");
}

export function imagesHtml(content: unknown): string {
  return blocksOf(content)
    .filter((block) => block.type === "image")
    .map((block) => {
      const url = imageDataUrl(block.mimeType, block.data);
      const label = typeof block.mimeType === "string" ? block.mimeType : "unknown type";
      return url ? `<img class="attachment" src="${url}" alt="image (${escapeHtml(label)})">` : `<p class="note">[image not shown: ${escapeHtml(label)}]</p>`;
    })
    .join("");
}

/** Preformatted text; beyond VISIBLE_LINES lines the rest waits behind a "show" toggle. */
export function foldedPre(text: string, className = "output", rowHtml: (line: string) => string = escapeHtml): string {
  const lines = text.split("\n");
  if (lines.length <= VISIBLE_LINES + 2) return `<pre class="${className}">${lines.map(rowHtml).join("\n")}</pre>`;
  const head = lines.slice(0, VISIBLE_LINES).map(rowHtml).join("\n");
  const rest = lines.slice(VISIBLE_LINES).map(rowHtml).join("\n");
  const more = lines.length - VISIBLE_LINES;
  return (
    `<pre class="${className}">${head}</pre>` +
    `<details class="more"><summary>${more.toLocaleString("en-US")} more lines</summary><pre class="${className}">${rest}</pre></details>`
  );
}

export function timeHtml(timestamp: unknown): string {
  const date = typeof timestamp === "number" || typeof timestamp === "string" ? new Date(timestamp) : undefined;
  if (!date || Number.isNaN(date.getTime())) return "";
  const iso = date.toISOString();
  return `<time datetime="${iso}">${iso.slice(0, 19).replace("T", " ")} UTC</time>`;
}

export function count(value: number): string {
  return value.toLocaleString("en-US");
}

export function money(value: number): string {
  return `$${value.toFixed(value > 0 && value < 0.01 ? 4 : 2)}`;
}

export function numberField(record: unknown, key: string): number {
  const value = isRecord(record) ? record[key] : undefined;
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

export function stringField(record: unknown, key: string): string | undefined {
  const value = isRecord(record) ? record[key] : undefined;
  return typeof value === "string" ? value : undefined;
}
