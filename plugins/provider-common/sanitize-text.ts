// Lone UTF-16 surrogates (from cut-off emoji in tool output, say) make providers reject the whole request
// as invalid JSON, so they are dropped from every text sent.

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function sanitizeText(text: string): string {
  return text.replace(LONE_SURROGATE, "");
}
