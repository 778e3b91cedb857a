// The check that lets a stored tool output go into a request as its bytes (lib/stored-json) must accept exactly
// what JSON.parse would: a JSON string literal of valid UTF-8 holding a non-empty, well-formed string. Compared
// with JSON.parse on hand-picked odd literals and on many random ones, valid and damaged.
import { isUtf8 } from "node:buffer";
import { describe, expect, it } from "vitest";
import { isSendableJsonString } from "../../lib/stored-json/stored-json.js";

/** what the stored bytes may be sent for: JSON.parse's answer, the literal alone (no space around it) */
function oracle(bytes: Buffer): boolean {
  if (bytes.length < 2 || bytes[0] !== 0x22 || bytes[bytes.length - 1] !== 0x22 || !isUtf8(bytes)) return false;
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString("utf8"));
  } catch {
    return false;
  }
  return typeof value === "string" && value !== "" && (value as string & { isWellFormed(): boolean }).isWellFormed();
}

const literal = (text: string) => Buffer.from(text, "latin1");

describe("isSendableJsonString", () => {
  const cases: [string, Buffer][] = [
    ["plain", Buffer.from('"hello"')],
    ["empty", Buffer.from('""')],
    ["one quote", Buffer.from('"')],
    ["escaped quotes and backslashes", Buffer.from(String.raw`"say \"hi\" \\ \/ \b\f\n\r\t"`)],
    ["unknown escape", Buffer.from(String.raw`"\x41"`)],
    ["escape at the end", Buffer.from(String.raw`"abc\"`)],
    ["escaped quote as the only content", Buffer.from(String.raw`"\""`)],
    ["unicode escapes", Buffer.from(String.raw`"\u00e9t\u00E9 \u20ac"`)],
    ["short unicode escape", Buffer.from(String.raw`"\u12"`)],
    ["bad hex digit", Buffer.from(String.raw`"\u12g4"`)],
    ["surrogate pair", Buffer.from(String.raw`"\ud83d\ude00"`)],
    ["lone high surrogate", Buffer.from(String.raw`"a\ud83d"`)],
    ["lone high surrogate before text", Buffer.from(String.raw`"\ud83dx"`)],
    ["lone high surrogate before an escape", Buffer.from(String.raw`"\ud83d\n"`)],
    ["two high surrogates", Buffer.from(String.raw`"\ud83d\ud83d\ude00"`)],
    ["lone low surrogate", Buffer.from(String.raw`"\ude00a"`)],
    ["raw newline", Buffer.from('"a\nb"')],
    ["raw tab", Buffer.from('"a\tb"')],
    ["raw DEL", Buffer.from('"a\x7fb"')],
    ["unescaped quote inside", Buffer.from('"a"b"')],
    ["two literals", Buffer.from('"a","b"')],
    ["space around", Buffer.from(' "a" ')],
    ["UTF-8 text", Buffer.from('"été € 😀"')],
    ["cut UTF-8", literal('"\xc3"')],
    ["overlong UTF-8", literal('"\xc0\xaf"')],
    ["surrogate in UTF-8", literal('"\xed\xa0\x80"')],
    ["latin1 byte", literal('"caf\xe9"')],
    ["not a string", Buffer.from("42")],
  ];
  for (const [name, bytes] of cases) {
    it(`answers as JSON.parse for: ${name}`, () => {
      expect(isSendableJsonString(bytes)).toBe(oracle(bytes));
    });
  }

  it("answers as JSON.parse for random literals, valid and damaged", () => {
    let seed = 0x2545f491;
    const random = (below: number): number => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) % below;
    };
    const pieces = ["a", "Z", " ", '"', "\\", "/", "\n", "\t", "\u0001", "\u007f", "é", "€", "😀", "\ud800", "\udc00", "\u2028"];
    const damage = [0x22, 0x5c, 0x75, 0x30, 0x64, 0x38, 0x63, 0x66, 0x6e, 0x0a, 0x00, 0x80, 0xc3, 0xed, 0xa0, 0xff];
    let accepted = 0;
    let rejected = 0;
    for (let round = 0; round < 4000; round++) {
      let text = "";
      for (let i = random(12); i >= 0; i--) text += pieces[random(pieces.length)];
      const bytes = [...Buffer.from(JSON.stringify(text))];
      // JSON.stringify writes a lone surrogate as an escape; now and then write other escapes by hand
      if (random(3) === 0) bytes.splice(1 + random(bytes.length - 1), 0, ...Buffer.from(["\\ud83d\\ude00", "\\u00e9", "\\ud83d", "\\/"][random(4)]!));
      for (let edits = random(4) === 0 ? 1 + random(2) : 0; edits > 0; edits--) {
        const at = random(bytes.length + 1);
        const what = random(3);
        if (what === 0) bytes.splice(at, 0, damage[random(damage.length)]!);
        else if (what === 1 && at < bytes.length) bytes.splice(at, 1);
        else if (at < bytes.length) bytes[at] = damage[random(damage.length)]!;
      }
      const buffer = Buffer.from(bytes);
      const expected = oracle(buffer);
      expect(isSendableJsonString(buffer), buffer.toString("latin1")).toBe(expected);
      if (expected) accepted++;
      else rejected++;
    }
    // both answers were tried often
    expect(accepted).toBeGreaterThan(1000);
    expect(rejected).toBeGreaterThan(500);
  });
});
