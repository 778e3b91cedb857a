import { describe, expect, it } from "vitest";
import { locateJsonSyntaxError } from "../../plugins/settings/json-syntax-error.js";

describe("locating JSON syntax errors", () => {
  const cases: [string, string, number, number, RegExp][] = [
    ["missing value", '{\n  "a": }', 2, 8, /expected a value, found "}"/],
    ["trailing comma", '{\n  "a": 1,\n}', 2, 9, /trailing comma/],
    ["unquoted key", "{ a: 1 }", 1, 3, /property name in double quotes/],
    ["missing comma", '{\n  "a": 1\n  "b": 2\n}', 3, 3, /"," or "}"/],
    ["bad literal", '{"a": tru}', 1, 7, /expected a value/],
    ["unclosed string", '{"a": "text', 1, 7, /never closed/],
    ["line break in string", '{"a": "one\ntwo"}', 1, 11, /line break/],
    ["bad escape", '{"a": "\\x"}', 1, 8, /invalid escape/],
    ["text after the value", '{"a": 1} x', 1, 10, /after the end/],
    ["unclosed object", '{"a": [1, 2]', 1, 13, /the end of the file/],
    ["array trailing comma", "[1, 2,]", 1, 6, /trailing comma before \]/],
    ["bad number", '{"a": -x}', 1, 7, /invalid number/],
  ];
  it.each(cases)("%s", (_name, text, line, column, message) => {
    expect(() => JSON.parse(text)).toThrow();
    const problem = locateJsonSyntaxError(text);
    expect(problem.message).toMatch(message);
    expect([problem.line, problem.column]).toEqual([line, column]);
  });
});
