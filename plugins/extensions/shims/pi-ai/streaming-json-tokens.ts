// A number or literal token (a run of characters that are not JSON delimiters) as the served StreamingJsonParser's
// reader (./partial-json-value.ts, PARSER_RULES) reads it: while it may still go on, and once a delimiter ends it.
// These rules are what the incremental reader must give back for each token, so they follow that reader exactly,
// exponent without digits and all.

const WORDS: readonly [string, boolean | null][] = [
  ["null", null],
  ["true", true],
  ["false", false],
];
/** a JSON number, all of it */
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
/** an exponent mark, maybe its sign, with no digits yet */
const BARE_EXPONENT = /[eE][+-]?$/;
/** the characters that end the digits the reader takes for a number */
export const ENDS_DIGITS = new Set([",", "]", "}"]);

export type TokenValue = { readonly value: number | boolean | null };

/** The value a token at the very end of the text shows (undefined: none, the member left out). */
export function openTokenValue(token: string): TokenValue | undefined {
  for (const [word, value] of WORDS) if (word.startsWith(token)) return { value };
  if (token === "-") return undefined;
  return numberOf(token);
}

/** Whether the token begins with a whole word and goes on (`truex`): the reader then reads a second value in it. */
export function overrunsWord(token: string): boolean {
  return WORDS.some(([word]) => token.length > word.length && token.startsWith(word));
}

/**
 * What a token ended by `delimiter` is: its value; "dead" when the reader takes it for digits that never parse
 * and that go on to the next `,`, `]` or `}` (a `,`, `]` or `}` ending it makes it "fails": the whole text no
 * longer reads); "unknown" for what the reader reads in ways this module does not follow.
 */
export function finishedToken(token: string, delimiter: string): TokenValue | "dead" | "fails" | "unknown" {
  for (const [word, value] of WORDS) if (token === word) return { value };
  if (overrunsWord(token)) return "unknown";
  if (!ENDS_DIGITS.has(delimiter)) return NUMBER.test(token) && isBlank(delimiter) ? { value: Number(token) } : "dead";
  // a lone minus sign ended by `,` stops the reader's container where it is, leaving it to read on from there
  if (token === "-") return "unknown";
  return numberOf(token) ?? "fails";
}

const isBlank = (char: string): boolean => char === " " || char === "\t" || char === "\n" || char === "\r";

/** The number the reader reads from `digits`, an exponent without its digits dropped. */
function numberOf(digits: string): TokenValue | undefined {
  if (NUMBER.test(digits)) return { value: Number(digits) };
  const exponent = digits.search(BARE_EXPONENT);
  if (exponent > 0 && NUMBER.test(digits.slice(0, exponent))) return { value: Number(digits.slice(0, exponent)) };
  return undefined;
}
