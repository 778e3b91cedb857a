// Lone UTF-16 surrogates (from cut-off emoji in tool output, say) make providers reject the whole request
// as invalid JSON, so they are dropped from every text sent.

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `String.prototype.isWellFormed` (Node 20+; not yet in the ES2022 typings this project compiles against). */
type MaybeWellFormed = string & { isWellFormed(): boolean };

export function sanitizeText(text: string): string {
  // Almost every text is well formed, and checking is a fast scan; the look-behind regex takes about 20 ms
  // per MB of text with any character outside Latin-1 (seconds for a 100 MB conversation).
  if ((text as MaybeWellFormed).isWellFormed()) return text;
  return text.replace(LONE_SURROGATE, "");
}
