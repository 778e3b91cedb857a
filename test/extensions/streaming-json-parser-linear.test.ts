// The served StreamingJsonParser reads each piece once (streaming-json-reader.ts) yet gives what the reference,
// the parser as it was when it read the whole text again on every piece (streaming-json-parser-reference.ts, itself
// compared with pi-ai 1.6.0's parser in served-pi-ai-models.test.ts), gives: the same changes for every piece, the
// same snapshots, and a new snapshot object exactly where the reference makes one. Documents are cut at every
// point, fed a character at a time and in seeded random piece sizes; broken text that stops reading is compared
// the same way. The cost is counted in characters read, for a 1 MB document in 20-character pieces.
import { describe, expect, it } from "vitest";
import { charactersRead, StreamingJsonParser } from "../../plugins/extensions/shims/pi-ai/streaming-json-parser.js";
import { ReferenceStreamingJsonParser } from "./streaming-json-parser-reference.js";
import { randomDocument, seededRandom } from "./streaming-json-documents.js";

interface Parser {
  append(text: string): readonly unknown[];
  snapshot(): unknown;
}

/**
 * What a parser gives piece by piece: the changes, and after the pieces `looks` picks (all by default) the snapshot
 * and whether it is the object shown before.
 */
function feed(parser: Parser, pieces: readonly string[], looks: (index: number) => boolean = () => true): unknown[] {
  let previous = parser.snapshot();
  const steps: unknown[] = [{ start: previous ?? "undefined" }];
  for (const [index, piece] of pieces.entries()) {
    const changes = parser.append(piece);
    if (!looks(index)) {
      steps.push({ piece, changes });
      continue;
    }
    const snapshot = parser.snapshot();
    steps.push({ piece, changes, snapshot: snapshot ?? "undefined", again: parser.snapshot() === snapshot, same: snapshot === previous });
    previous = snapshot;
  }
  return steps;
}

function expectSameAsReference(pieces: readonly string[], looks?: (index: number) => boolean): void {
  const got = feed(new StreamingJsonParser(), pieces, looks);
  const want = feed(new ReferenceStreamingJsonParser(), pieces, looks);
  if (JSON.stringify(got) !== JSON.stringify(want)) expect(got, JSON.stringify(pieces)).toEqual(want);
}

/** `text` cut at every point, a character at a time, and in seeded random piece sizes. */
function cuts(text: string, seed: number): string[][] {
  const random = seededRandom(seed);
  const runs = [Array.from({ length: text.length }, (_, at) => text.slice(at, at + 1))];
  for (let at = 0; at <= text.length; at++) runs.push([text.slice(0, at), text.slice(at)]);
  for (let round = 0; round < 6; round++) {
    const pieces: string[] = [];
    for (let at = 0; at < text.length; ) {
      const size = 1 + Math.floor(random() * (round < 3 ? 6 : 40));
      pieces.push(text.slice(at, at + size));
      at += size;
    }
    runs.push(pieces);
  }
  return runs;
}

const DOCUMENTS = [
  `{"path": "src/a.ts", "edits": [{"old": "x\\ny", "new": "z\\u00e9\\"q\\""}, {"line": 12, "all": true, "none": null}], "n": -1.5e3}`,
  `[1, "two", [3, [4, {"five": false}]], {}, [], "end"]`,
  `  {"text": "trailing   ", "tab":"a\\tb", "emoji": "\\ud83d\\ude00", "raw": "😀é", "big": 123456789, "neg": -0.25, "exp": 2E-2, "e": 1e+21}  `,
  `"just a string with \\\\ and \\/ and \\b\\f\\r"`,
  `{"a": {"b": {"c": {"d": [true, false, null]}}}, "z": "last"}`,
  `42`,
  `-0.5e-7 `,
  `null`,
  `null  `,
  `true`,
  `{"k\\"ey": 1, "b": 2, "2": "two", "1": {"0": [], "x": {}}, "b": "again", "k\\"ey": [1]}`,
  `[[[[[]]]], [[{}]], {"": ""}, ""]`,
  `\u00a0\n {"lone": "\\ud800 and \\udc00", "rawLone": "\ud800x"}`,
  `[1 , 2 ,3,]`,
  `{"a": 1,}`,
  `[0, -0, 10, 1.0, 1e5, 1E-5, 1.5e+3, 123456789012345678901234567890]`,
  `{"long": ${"1".repeat(70)}, "after": 2}`,
];

const BROKEN = [
  // text after the value, or a second value
  `{"a": [1, 2]} trailing garbage ] } {`,
  `{"a": 1}{"b": 2}`,
  `"done" "again"`,
  `[1, 2] [3]`,
  `true false`,
  `12, 13`,
  // tokens that never read
  `{"a": tru, "b": 1}`,
  `[1, nul]`,
  `[1, x, 2]`,
  `{"a": 01, "b": 2}`,
  `[1., 2]`,
  `[1e, 2, 3E+]`,
  `[1 x, 2]`,
  `{"a": 1"b"}`,
  `[-]`,
  `[tru  e, 1]`,
  `xyz`,
  `tru e`,
  `{"a": [1, 2 x`,
  // lone surrogates, escaped and raw, and a pair cut in two
  `["\\udc00\\ud800", "\udc00", "\ud83d\ude00"]`,
  // not JSON in ways the reader cannot foresee, which stop the text reading for good
  `{"a": "x\ny", "b": 1}`,
  `{a: 1, "b": 2}`,
  `[1, 2}`,
  `{"a" 1}`,
  `[truex, 1]`,
  `1 e`,
  `]`,
];

/** broken text that still reads in changing ways: read again only as the text grows, so its changes come batched */
const STILL_READING = [`{"a": "bad \\q escape"}`, `{"a": 1 "b": 2}`, `["a" "b"]`, `{"__proto__": {"x": 1}, "y": 2}`, `{"a": "raw\ncontrol", "b": [1, 2]}`, `[1 e, 2]`];

const PIECE = 20;
const pieces = (text: string): string[] => Array.from({ length: Math.ceil(text.length / PIECE) }, (_, at) => text.slice(at * PIECE, (at + 1) * PIECE));

/** About 1 MB of JSON: a file's text full of escapes, then many small objects. */
function megabyteDocument(): string {
  const content = Array.from({ length: 12000 }, (_, line) => `line ${line}:\\t\\"quoted\\" \\\\ path\\n`).join("");
  const edits = Array.from({ length: 12000 }, (_, at) => `{"line": ${at}, "old": "a\\u00e9b", "new": [true, null, -1.5e3]}`);
  return `{"path": "src/big.ts", "content": "${content}", "edits": [${edits.join(", ")}]}`;
}

describe("the served StreamingJsonParser gives the reference's changes and snapshots, reading each piece once", () => {
  it("for JSON documents cut at every point and in random pieces", () => {
    for (const [index, document] of DOCUMENTS.entries()) for (const pieces of cuts(document, index)) expectSameAsReference(pieces);
  });

  it("for random nested documents with escapes, numbers, literals and blank space", () => {
    const random = seededRandom(7);
    for (let round = 0; round < 150; round++) {
      const document = randomDocument(random);
      for (const pieces of cuts(document, round)) expectSameAsReference(pieces);
    }
  });

  it("when snapshots are taken after some pieces only", () => {
    const random = seededRandom(11);
    for (let round = 0; round < 100; round++) {
      const document = randomDocument(random);
      for (const pieces of cuts(document, round)) {
        const looks = pieces.map(() => random() < 0.3);
        expectSameAsReference(pieces, (index) => looks[index]!);
      }
    }
  });

  it("for broken text: trailing text, second values, tokens that never read, lone surrogates; none throws", () => {
    for (const [index, document] of BROKEN.entries()) for (const pieces of cuts(document, 100 + index)) expectSameAsReference(pieces);
  });

  it("for broken text that still reads: the same when it comes whole, and no piece throws", () => {
    for (const [index, document] of STILL_READING.entries()) {
      expectSameAsReference([document]);
      for (const pieces of cuts(document, 200 + index)) expect(() => feed(new StreamingJsonParser(), pieces)).not.toThrow();
    }
  });
});

describe("the served StreamingJsonParser's cost grows with the text's length", () => {
  it("reads each character of a 1 MB document in 20-character pieces about twice (its own scan and the reader)", () => {
    const document = megabyteDocument();
    expect(document.length).toBeGreaterThan(1_000_000);
    const parser = new StreamingJsonParser();
    let changes = 0;
    for (const piece of pieces(document)) changes += parser.append(piece).length;
    expect(parser.snapshot()).toEqual(JSON.parse(document));
    expect(changes).toBeGreaterThan(12000 * 5);
    expect(charactersRead(parser)).toBeLessThanOrEqual(2 * document.length);
  });

  it("reads broken text again only as it grows by a quarter, so 1 MB of it costs a small multiple of its length", () => {
    const document = `{oops: 1, "content": "${"x".repeat(1_000_000)}"}`;
    const parser = new StreamingJsonParser();
    for (const piece of pieces(document)) {
      parser.append(piece);
      parser.snapshot();
    }
    // each reading is granted once the text grew by a quarter: at most twice (with and without the open token) the
    // length of 1, 4/5, 16/25, ... of the text
    expect(charactersRead(parser)).toBeLessThanOrEqual(12 * document.length);
    expect(charactersRead(parser)).toBeGreaterThan(2 * document.length);
  });
});
