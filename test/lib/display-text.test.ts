// Output a program printed, made safe to draw and keep: escape sequences and control characters dropped, also when a
// sequence arrives split over two pieces.
import { describe, expect, it } from "vitest";
import { DisplayTextStream, displayText } from "../../lib/process/display-text.js";

const COLOURED = "\x1b[31mred\x1b[0m plain\r\n\x1b]8;;https://example.org\x07link\x1b]8;;\x07 \x1b[2K\x1b[1Gdone\x07\x00\n";

describe("displayText", () => {
  it("drops colours, links, cursor moves, bells, NULs and carriage returns, and keeps tabs and newlines", () => {
    expect(displayText(COLOURED)).toBe("red plain\nlink done\n");
    expect(displayText("a\tb\nc")).toBe("a\tb\nc");
  });
});

describe("DisplayTextStream", () => {
  it("gives the same text for every way of cutting the output into two pieces", () => {
    for (let cut = 0; cut <= COLOURED.length; cut++) {
      const stream = new DisplayTextStream();
      const text = stream.write(COLOURED.slice(0, cut)) + stream.write(COLOURED.slice(cut)) + stream.end();
      expect(text, `cut at ${cut}`).toBe("red plain\nlink done\n");
    }
  });

  it("gives the same text one character at a time", () => {
    const stream = new DisplayTextStream();
    let text = "";
    for (const char of COLOURED) text += stream.write(char);
    expect(text + stream.end()).toBe("red plain\nlink done\n");
  });

  it("lets go of a sequence that never ends once the output does, dropping what starts it", () => {
    const stream = new DisplayTextStream();
    expect(stream.write("before \x1b[31")).toBe("before ");
    expect(stream.end()).toBe("31");
  });
});
