// pi-ai's ToolCallArgumentsStream as pith serves it: after each piece the arguments parsePartialJson gives for the
// text so far (the last ones while the text reads as none), a new object only when they changed, and pieces read
// once, so a long argument streams in time linear in its length.
import { describe, expect, it } from "vitest";
import { ToolCallArgumentsStream } from "../../plugins/extensions/shims/pi-ai/pi-ai-json.js";
import { parsePartialJson } from "../../lib/provider-kit/partial-json.js";

const TEXT = String.raw`{"path":"C:\dir\a.ts","k\"q":[1,-2.5e3,true,null,{"x":"é\u00e9\ud83d\ude00"}],"content":"one\ntwo	three \"q\"  "}`;

describe("ToolCallArgumentsStream", () => {
  it("gives parsePartialJson's arguments after each piece, and a new object exactly when they changed", () => {
    const stream = new ToolCallArgumentsStream();
    let text = "";
    let previous = stream.append("");
    for (const piece of TEXT) {
      text += piece;
      const shown = stream.append(piece);
      const expected = parsePartialJson(text) ?? previous;
      expect(shown, text).toEqual(expected);
      if (JSON.stringify(expected) === JSON.stringify(previous)) expect(shown, text).toBe(previous);
      else expect(shown, text).not.toBe(previous);
      previous = shown;
    }
    expect(stream.text).toBe(TEXT);
    expect(stream.finish().arguments).toEqual({ path: "C:\\dir\\a.ts", 'k"q': [1, -2500, true, null, { x: "éé😀" }], content: 'one\ntwo\tthree "q"  ' });
  });

  it("replace: the delta when the text goes on from the last one, else none and the new text read afresh", () => {
    const stream = new ToolCallArgumentsStream();
    expect(stream.replace('{"a":"x')).toEqual({ delta: '{"a":"x', arguments: { a: "x" } });
    expect(stream.replace('{"a":"xyz"')).toEqual({ delta: 'yz"', arguments: { a: "xyz" } });
    expect(stream.replace('{"b":[1')).toEqual({ delta: undefined, arguments: { b: [1] } });
    expect(stream.text).toBe('{"b":[1');
  });

  it("streams 1 MB of arguments in 20-character pieces", () => {
    const content = "const x = \"y\"; // a line of code\n".repeat(30_000);
    const text = JSON.stringify({ path: "big.ts", content });
    const stream = new ToolCallArgumentsStream();
    // re-parsing and re-serialising the whole text on each of these 50,000 pieces took minutes, past the time limit
    for (let at = 0; at < text.length; at += 20) stream.append(text.slice(at, at + 20));
    expect(stream.finish().arguments).toEqual({ path: "big.ts", content });
  });
});
