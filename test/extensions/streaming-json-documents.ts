// Seeded random JSON text for streaming-json-parser-linear.test.ts: nested objects and arrays (empty ones too),
// strings written with every escape (\uXXXX, surrogate pairs escaped and raw, escaped quotes in keys), numbers with
// fractions and exponents, the three literals, keys that look like array indexes or come twice, and blank space of
// random lengths between the parts.

export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, options: readonly T[]): T => options[Math.floor(random() * options.length)]!;

const STRING_PARTS = ["a", "bc", " ", "é", "😀", "\\n", "\\t", '\\"', "\\\\", "\\/", "\\b", "\\u00e9", "\\u0041", "\\ud83d\\ude00", "\\uD83D\\uDE00", "\\ud800", "\\udc00", "x y", "\\r\\f"];
const NUMBERS = ["0", "-0", "7", "-12", "3.25", "-0.5", "1e3", "2E-2", "6.02e+23", "1.5E10", "123456789", "0.000001"];
const KEYS = ["a", "b", "key", 'k\\"q', "0", "1", "10", "2", "", "x y", "\\u0041"];

function blank(random: () => number): string {
  return random() < 0.6 ? "" : pick(random, [" ", "  ", "\n", "\t", " \r\n "]);
}

function string(random: () => number): string {
  const parts = Math.floor(random() * 5);
  return `"${Array.from({ length: parts }, () => pick(random, STRING_PARTS)).join("")}"`;
}

function value(random: () => number, depth: number): string {
  const roll = random();
  if (depth < 4 && roll < 0.25) {
    const count = Math.floor(random() * 4);
    const members = Array.from({ length: count }, () => `${blank(random)}"${pick(random, KEYS)}"${blank(random)}:${blank(random)}${value(random, depth + 1)}${blank(random)}`);
    return `{${members.join(",") || blank(random)}}`;
  }
  if (depth < 4 && roll < 0.45) {
    const count = Math.floor(random() * 4);
    const elements = Array.from({ length: count }, () => `${blank(random)}${value(random, depth + 1)}${blank(random)}`);
    return `[${elements.join(",") || blank(random)}]`;
  }
  if (roll < 0.7) return string(random);
  if (roll < 0.88) return pick(random, NUMBERS);
  return pick(random, ["true", "false", "null"]);
}

/** A JSON document, blank space around it, its root most often a container. */
export function randomDocument(random: () => number): string {
  const root = random() < 0.85 ? value(() => (random() < 0.5 ? random() * 0.45 : random()), 0) : value(random, 0);
  return `${blank(random)}${root}${blank(random)}`;
}
