import { describe, expect, it } from "vitest";
import { JsonSyntaxError, locateJsonSyntaxError, parseJsonText } from "../../lib/json/json-text.js";

describe("locating JSON syntax errors", () => {
  const cases: [string, string, number, number, RegExp][] = [
    ["missing value", '{\n  "a": }', 2, 8, /expected a value, found "}"/],
    ["trailing comma", '{\n  "a": 1,\n}', 2, 9, /trailing comma before }/],
    ["unquoted key", "{ a: 1 }", 1, 3, /property name in double quotes, found "a"/],
    ["missing comma", '{\n  "a": 1\n  "b": 2\n}', 3, 3, /expected "," or "}" after a property value, found "b"/],
    ["missing comma in an array", "[1 2]", 1, 4, /expected "," or "]" after an array item/],
    ["missing colon", '{"a" 1}', 1, 6, /expected ":" after the property name/],
    ["bad literal", '{"a": tru}', 1, 7, /expected a value, found "tru"/],
    ["unclosed string", '{"a": "text', 1, 7, /never closed/],
    ["line break in string", '{"a": "one\ntwo"}', 1, 11, /line break/],
    ["tab in string", '{"a": "x\ty"}', 1, 9, /control character/],
    ["bad escape", '{"a": "\\x"}', 1, 8, /invalid escape "\\x"/],
    ["bad unicode escape", '{"a": "ok \\u12"}', 1, 11, /invalid escape "\\u12"/],
    ["text after the value", '{"a": 1} x', 1, 10, /unexpected "x" after the end/],
    ["unclosed object", '{"a": [1, 2]', 1, 13, /the end of the file/],
    ["array trailing comma", "[1, 2,]", 1, 6, /trailing comma before \]/],
    ["bad number", '{"a": -x}', 1, 7, /expected a value, found "-"/],
    ["comment", '{\n  // note\n  "a": 1\n}', 2, 3, /comments are not allowed/],
    ["empty", "", 1, 1, /expected a value, found the end of the file/],
  ];
  it.each(cases)("%s", (_name, text, line, column, message) => {
    expect(() => JSON.parse(text)).toThrow();
    const problem = locateJsonSyntaxError(text);
    expect(problem.message).toMatch(message);
    expect([problem.line, problem.column]).toEqual([line, column]);
  });

  it("throws a JsonSyntaxError whose message ends with the line and column", () => {
    const error = (() => {
      try {
        parseJsonText('{\n  "a": 1,\n  "b": [1 2]\n}');
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(JsonSyntaxError);
    expect((error as JsonSyntaxError).message).toBe('expected "," or "]" after an array item, found "2" (line 3, column 11)');
    expect((error as JsonSyntaxError).problem).toMatchObject({ line: 3, column: 11 });
  });

  it("reports nesting too deep to scan instead of overflowing the stack", () => {
    const text = "[".repeat(200_000);
    expect(() => parseJsonText(text)).toThrow(/nesting is too deep/);
    expect(locateJsonSyntaxError(text).message).toBe("nesting is too deep");
  });
});

describe("files people write by hand (comments: true)", () => {
  it("reads comments and trailing commas, and leaves strings alone", () => {
    const text = '// header\n{ "a": "// not a comment", /* note */ "b": [1, 2,], }';
    expect(parseJsonText(text, { comments: true })).toEqual({ a: "// not a comment", b: [1, 2] });
    expect(() => parseJsonText(text)).toThrow(/comments are not allowed in this file \(line 1, column 1\)/);
  });

  it("locates the first mistake after comments", () => {
    const text = "/* one\n two */\n{ \"a\": [1 2] }";
    expect(() => parseJsonText(text, { comments: true })).toThrow(/after an array item, found "2" \(line 3, column 11\)/);
  });

  it("reports a comment that is never closed", () => {
    expect(() => parseJsonText('{"a": 1 /* open', { comments: true })).toThrow(/comment is never closed \(line 1, column 9\)/);
  });
});
