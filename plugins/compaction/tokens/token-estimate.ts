// Token estimates that do not undercount. pi counts every character as a quarter token, which is about right
// for English and code but counts Chinese, Japanese and Korean text at a fraction of its real size (1-3 tokens
// per character), so a CJK session can overflow before pi thinks it is even close. Here each script has its
// own weight; the weights lean high, and `estimateContextTokens` calibrates them against reported usage.
import type { AgentMessage } from "../../../kernel/index.js";
import { peekUnreadContent } from "../../sessions/reading/lazy-entry.js";

/** Latin letters, digits, punctuation, code: about four characters per token. */
const ASCII_WEIGHT = 0.25;
/** Han, kana, Hangul and their punctuation: one to three tokens per character; 1.5 leans high. */
const CJK_WEIGHT = 1.5;
/** Indic, Thai, Lao, Tibetan, Myanmar, Khmer, Ethiopic: scripts most tokenizers split into single characters. */
const DENSE_SCRIPT_WEIGHT = 1;
/** Emoji and other characters outside the basic plane: often two tokens or more. */
const ASTRAL_WEIGHT = 2;
/** Accented Latin, Greek, Cyrillic, Arabic, Hebrew, symbols: about two characters per token. */
const OTHER_WEIGHT = 0.5;

/** An image costs about as much as 4800 characters of text. */
export const IMAGE_TOKENS = 1200;
/** Role markers and separators every message carries on the wire. */
export const MESSAGE_OVERHEAD_TOKENS = 4;

const CJK_RANGES: readonly (readonly [number, number])[] = [
  [0x1100, 0x11ff], // Hangul Jamo
  [0x2e80, 0x9fff], // CJK radicals, punctuation, kana, Bopomofo, compatibility, ideographs (incl. extension A)
  [0xa960, 0xa97f], // Hangul Jamo extended A
  [0xac00, 0xd7ff], // Hangul syllables, Jamo extended B
  [0xf900, 0xfaff], // compatibility ideographs
  [0xfe30, 0xfe4f], // compatibility forms
  [0xff00, 0xffef], // half- and full-width forms
  [0x20000, 0x3ffff], // ideograph extensions B and later
];

const DENSE_RANGES: readonly (readonly [number, number])[] = [
  [0x0900, 0x0dff], // Devanagari to Sinhala
  [0x0e00, 0x0fff], // Thai, Lao, Tibetan
  [0x1000, 0x109f], // Myanmar
  [0x1200, 0x139f], // Ethiopic
  [0x1780, 0x17ff], // Khmer
];

function inRanges(codePoint: number, ranges: readonly (readonly [number, number])[]): boolean {
  for (const [low, high] of ranges) if (codePoint >= low && codePoint <= high) return true;
  return false;
}

function weightOf(codePoint: number): number {
  if (codePoint < 0x80) return ASCII_WEIGHT;
  if (inRanges(codePoint, CJK_RANGES)) return CJK_WEIGHT;
  if (codePoint > 0xffff) return ASTRAL_WEIGHT;
  if (inRanges(codePoint, DENSE_RANGES)) return DENSE_SCRIPT_WEIGHT;
  return OTHER_WEIGHT;
}

const NON_ASCII = /[^\x00-\x7f]/;

export function estimateTextTokens(text: string): number {
  // Most text (code, English, tool output) is pure ASCII, exactly when its UTF-8 form has a byte per character:
  // V8 counts those bytes several times faster than a regex finds the first non-ASCII character.
  if (Buffer.byteLength(text, "utf8") === text.length) return Math.ceil(text.length * ASCII_WEIGHT);
  const firstNonAscii = text.search(NON_ASCII);
  let tokens = firstNonAscii * ASCII_WEIGHT;
  for (let i = firstNonAscii; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      tokens += ASCII_WEIGHT;
      continue;
    }
    const codePoint = text.codePointAt(i)!;
    if (codePoint > 0xffff) i++;
    tokens += weightOf(codePoint);
  }
  return Math.ceil(tokens);
}

type Block = { type: string; text?: string; thinking?: string; name?: string; arguments?: unknown };

function contentTokens(content: unknown): number {
  if (typeof content === "string") return estimateTextTokens(content);
  if (!Array.isArray(content)) return 0;
  let tokens = 0;
  for (const block of content as Block[]) {
    if (block.type === "text" && block.text) tokens += estimateTextTokens(block.text);
    else if (block.type === "image") tokens += IMAGE_TOKENS;
    else if (block.type === "thinking" && block.thinking) tokens += estimateTextTokens(block.thinking);
    else if (block.type === "toolCall") tokens += estimateTextTokens(`${block.name ?? ""}${JSON.stringify(block.arguments ?? {})}`);
  }
  return tokens;
}

/**
 * What one message adds to the context, in tokens. Roles only plugins know count for nothing.
 * Finished messages do not change, and every threshold check walks the whole conversation to calibrate against
 * reported usage: remembering each message's estimate makes those checks cost only the new messages.
 */
const estimates = new WeakMap<object, number>();

export function estimateMessageTokens(message: AgentMessage): number {
  const known = estimates.get(message);
  if (known !== undefined) return known;
  const tokens = estimateUncached(message);
  estimates.set(message, tokens);
  return tokens;
}

function estimateUncached(message: AgentMessage): number {
  const role = (message as { role?: string }).role;
  switch (role) {
    case "user":
    case "assistant":
    case "toolResult":
    case "custom":
      // a resumed session's old content not read yet is estimated without being kept in memory
      return MESSAGE_OVERHEAD_TOKENS + contentTokens(peekUnreadContent(message) ?? (message as { content: unknown }).content);
    case "bashExecution": {
      const run = message as { command: string; output: string };
      return MESSAGE_OVERHEAD_TOKENS + estimateTextTokens(run.command) + estimateTextTokens(run.output);
    }
    case "compactionSummary":
    case "branchSummary":
      return MESSAGE_OVERHEAD_TOKENS + estimateTextTokens((message as { summary: string }).summary);
    default:
      return 0;
  }
}
