// The incremental reader of streamed tool-call arguments against parsePartialJson, its spec: after every fragment,
// at every split and at seeded random fragment sizes, the reader's value deep-equals parsePartialJson(text so far).
import { describe, expect, it } from "vitest";
import { PartialJsonReader } from "../../lib/provider-kit/partial-json-reader.js";
import { parsePartialJson } from "../../lib/provider-kit/partial-json.js";
import { AssistantMessageBuilder } from "../../lib/provider-kit/assistant-builder.js";
import { parseJsonWithRepair } from "../../lib/json/repair-json.js";

const WELL_FORMED: Record<string, string> = {
  "escapes": String.raw`{"path":"src/a.ts","content":"line 1\nline 2\t\"quoted\" \\ back \/ slash \b\f\r \u00e9 \u00E9 \ud83d\ude00 end"}`,
  "nested containers": `{"a":{"b":[1,2,{"c":[]}],"d":{}},"e":[[],[{}],[[1]]],"f":"x","g":[{"h":[{"i":{}}]}]}`,
  "numbers": `{"n":-12.5e+3,"m":0,"o":-0,"p":1E-2,"q":[1.5,-3,0.25e2,7,0,-0.5],"r":12,"s":3.25,"t":10e5,"u":-1.5E-7}`,
  "literals": `{"t":true,"f":false,"n":null,"arr":[true,false,null],"o":{"x":null}}`,
  "white space everywhere": ` \n {\n  "a" :\t[ 1 , 2 ,\r\n true ] ,\r\n "b" : { "c" : "d" , "e" : [ ] } , "f" : -1.5 , "g" : null \n}\n `,
  "raw control characters in strings": `{"cmd":"echo a\necho b\tc\r\u0001x\u001f","tail":"ends with a newline\n"}`,
  "stray backslashes": String.raw`{"path":"C:\dir\new\u12zz\q\uABCD\u\\","next":"\"}`,
  "escape at the end of strings": String.raw`{"a":"x\\","b":"\\\\","c":"\"","d":"\u0041\\"}`,
  "keys with escaped quotes": String.raw`{"k\"x":1,"y\"":"v","z":{"q\"":[1]},"\\":2}`,
  "unicode white space in strings": '{"a":"x\u00a0 \u3000","b":"\u2028","c":" \ufeff lead","d":"trail \u2003"}',
  "__proto__ and duplicate keys": `{"__proto__":{"x":1},"a":1,"b":2,"a":"again","c":{"__proto__":[1]}}`,
  "raw surrogate pairs": `{"e":"😀 ok 🎉","k😀":"v"}`,
  "empty object": `{}`,
  "empty object with spaces": `  {  }  `,
  "byte order mark before": `\ufeff {"a":1}`,
  "empty strings and keys": `{"":"","a":[""],"b":{"":{}}}`,
  "long string": JSON.stringify({ path: "big.ts", content: Array.from({ length: 40 }, (_, i) => `line ${i}: "q" \\ \t end  `).join("\n") }),
  "array root": `[1,{"a":2},"x"]`,
  "string root": `"just text"`,
  "number root": ` 42`,
  "literal root": `true`,
};

const MALFORMED: Record<string, string> = {
  "text after the object": `{"a":1} x {"b":2}`,
  "a second closer": `{"a":1}}`,
  "a key after the object": `{"a":1},"b":2`,
  "leading zero": `{"a":01,"b":"text"}`,
  "trailing comma": `{"a":1,}`,
  "missing colon": `{"a" 1,"b":2}`,
  "bad literal": `{"a":tx,"b":"c"}`,
  "number cut short": `{"a":1.,"b":"c"}`,
  "unquoted key": `{a:1}`,
  "array trailing comma": `{"a":[1,],"b":2}`,
  "non-JSON white space": `{"a":1\u00a0,"b":2}`,
  "mismatched closer": `{"a":[1}, "b": "x"}`,
  "literal in an array cut by space": `{"a":[tr ue]}`,
};

/** mulberry32: the same fragment sizes on every run */
function seeded(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomSplit(text: string, random: () => number, largest: number): string[] {
  const pieces: string[] = [];
  for (let at = 0; at < text.length; ) {
    const size = 1 + Math.floor(random() * largest);
    pieces.push(text.slice(at, at + size));
    at += size;
  }
  return pieces;
}

function everySplit(text: string): string[][] {
  const splits: string[][] = [];
  for (let at = 0; at <= text.length; at++) splits.push([text.slice(0, at), text.slice(at)]);
  splits.push(Array.from(text.split("")));
  return splits;
}

/** Feeds the pieces; after each, the reader's value against parsePartialJson of the text so far. */
function expectSameAsParsePartialJson(pieces: string[]): void {
  const reader = new PartialJsonReader();
  let text = "";
  for (const piece of pieces) {
    reader.append(piece);
    text += piece;
    expect(reader.value, JSON.stringify(text)).toEqual(parsePartialJson(text));
  }
  expect(reader.text).toBe(text);
}

describe("PartialJsonReader gives parsePartialJson's value after every fragment", () => {
  it.each(Object.entries(WELL_FORMED))("%s, split at every position and fed one character at a time", (_name, text) => {
    for (const pieces of everySplit(text)) expectSameAsParsePartialJson(pieces);
  });

  it.each(Object.entries(WELL_FORMED))("%s, in seeded random fragment sizes", (_name, text) => {
    const random = seeded(text.length);
    // each round checks every prefix against a whole parse: a long text has every split size in fewer rounds
    const rounds = text.length > 500 ? 12 : 40;
    for (let round = 0; round < rounds; round++) expectSameAsParsePartialJson(randomSplit(text, random, 1 + (round % 12)));
  });

  it("on 300 seeded random documents (strings with escapes, raw control characters and stray backslashes; white space between every token)", () => {
    const random = seeded(2026);
    for (let document = 0; document < 300; document++) {
      const text = `${space(random)}${randomObject(random, 0)}${space(random)}`;
      // well formed once repaired, so the reader follows every one of them to its end
      expect(parsePartialJson(text)).toEqual(parseJsonWithRepair(text));
      expectSameAsParsePartialJson(randomSplit(text, random, 1 + (document % 16)));
    }
  });

  it("keeps -0, large exponents and the __proto__ member as JSON.parse does", () => {
    const reader = new PartialJsonReader();
    reader.append(`{"__proto__":{"polluted":true},"z":-0,"big":1e400`);
    const value = reader.value!;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(["__proto__", "z", "big"]);
    expect(Object.is(value.z, -0)).toBe(true);
    expect(value.big).toBe(Infinity);
  });

  it("hands out a new object when text arrived, so a consumer comparing snapshots sees each change", () => {
    const reader = new PartialJsonReader();
    reader.append(`{"content":"ab`);
    const first = reader.value;
    expect(reader.value).toBe(first);
    reader.append("c");
    expect(reader.value).not.toBe(first);
    expect(first).toEqual({ content: "ab" });
  });
});

describe("text PartialJsonReader cannot follow", () => {
  it.each(Object.entries(MALFORMED))("%s: parsePartialJson's value, read again as the text grows by a quarter", (_name, text) => {
    for (const pieces of [...everySplit(text), randomSplit(text, seeded(7), 5)]) {
      const reader = new PartialJsonReader();
      let sofar = "";
      let previous: unknown = {};
      for (const piece of pieces) {
        reader.append(piece);
        sofar += piece;
        const value = reader.value;
        // exact until the text goes wrong and when it does; after that, the value of an earlier reading
        if (!isDeepEqual(value, parsePartialJson(sofar))) expect(value).toEqual(previous);
        previous = value;
      }
    }
  });

  it("stays linear when the text goes wrong early and a long argument follows", () => {
    const reader = new PartialJsonReader();
    const text = `{"path" "x", "content": "${"some code; ".repeat(100_000)}"}`;
    // re-reading the whole text on each of these 55,000 fragments would take minutes, past the test's time limit
    for (let at = 0; at < text.length; at += 20) reader.append(text.slice(at, at + 20));
    expect(reader.text).toBe(text);
  });
});

describe("AssistantMessageBuilder.toolCallDelta", () => {
  it("shows after each delta the arguments parsePartialJson gives, keeping the last ones while the text reads as none", () => {
    const text = `${WELL_FORMED["keys with escaped quotes"]!.slice(0, -1)},${WELL_FORMED["escapes"]!.slice(1)}`;
    for (const pieces of [text.split(""), randomSplit(text, seeded(3), 9)]) {
      const builder = new AssistantMessageBuilder({ id: "m", api: "x", provider: "p" } as ConstructorParameters<typeof AssistantMessageBuilder>[0]);
      const { index } = builder.toolCallStart("call_1", "write");
      let sofar = "";
      let shown: unknown = {};
      for (const piece of pieces) {
        sofar += piece;
        shown = parsePartialJson(sofar) ?? shown;
        const event = builder.toolCallDelta(index, piece);
        expect(event.type === "toolcall_delta" && event.partial.content[index]).toMatchObject({ type: "toolCall", arguments: shown });
      }
      builder.toolCallEnd(index);
      expect((builder.message.content[index] as { arguments: unknown }).arguments).toEqual(JSON.parse(text));
    }
  });
});

const pick = <T>(random: () => number, choices: readonly T[]): T => choices[Math.floor(random() * choices.length)]!;

const space = (random: () => number) => pick(random, ["", "", " ", "\n  ", "\t", "\r\n"]);

/** string text as models write it: escapes of every kind, and the faults repairJson mends */
const STRING_PIECES = ["a", "text ", " ", "\\\"", "\\\\", "\\/", "\\n", "\\t", "\\b\\f\\r", "\\u00e9", "\\ud83d\\ude00", "\\u20AC", "é", "😀", "\u2028", "\u00a0", "\n", "\t", "\u0001", "\\q", "\\u12x", "\\ "];

function randomString(random: () => number): string {
  let text = "";
  for (let pieces = Math.floor(random() * 6); pieces > 0; pieces--) text += pick(random, STRING_PIECES);
  return `"${text}"`;
}

const SCALARS = ["0", "-0", "12", "-3.25", "1e5", "2.5E-3", "-7e+2", "true", "false", "null", "1234567890"];

function randomValue(random: () => number, depth: number): string {
  const roll = random();
  if (depth < 3 && roll < 0.2) return randomObject(random, depth + 1);
  if (depth < 3 && roll < 0.35) {
    const items = Array.from({ length: Math.floor(random() * 4) }, () => `${space(random)}${randomValue(random, depth + 1)}${space(random)}`);
    return `[${items.join(",")}${items.length === 0 ? space(random) : ""}]`;
  }
  return roll < 0.7 ? randomString(random) : pick(random, SCALARS);
}

function randomObject(random: () => number, depth: number): string {
  const keys = ['"path"', '"content"', '"__proto__"', '""', '"k\\"q"', '"a b"', '"n"'];
  const members = Array.from({ length: Math.floor(random() * 4) + (depth === 0 ? 1 : 0) }, () => `${space(random)}${pick(random, keys)}${space(random)}:${space(random)}${randomValue(random, depth)}${space(random)}`);
  return `{${members.join(",")}${members.length === 0 ? space(random) : ""}}`;
}

function isDeepEqual(a: unknown, b: unknown): boolean {
  try {
    expect(a).toEqual(b);
    return true;
  } catch {
    return false;
  }
}
