// Placeholder substitution, case by case (the ground pi's prompt-templates.test.ts covers, for 0.73.1).
import { describe, expect, it } from "vitest";
import { substituteArgs } from "../../plugins/prompt-templates/substitute-args.js";

describe("$ARGUMENTS and $@", () => {
  it.each([
    ["Test: $ARGUMENTS", ["a", "b", "c"], "Test: a b c"],
    ["Test: $@", ["a", "b", "c"], "Test: a b c"],
    ["Test: $ARGUMENTS", [], "Test: "],
    ["Test: $@", [], "Test: "],
    ["$ARGUMENTS and $ARGUMENTS", ["a", "b"], "a b and a b"],
    ["$@ and $ARGUMENTS", ["a", "b"], "a b and a b"],
    ["pre$ARGUMENTS", ["a", "b"], "prea b"],
    ["pre$@", ["a", "b"], "prea b"],
    ["$ARGUMENTS", ["a", "", "c"], "a  c"],
    ["$ARGUMENTS", ["  leading  ", "trailing  "], "  leading   trailing  "],
    ["$ARGUMENTS", ["日本語", "🎉", "café"], "日本語 🎉 café"],
    ["Prefix $ARGUMENTS suffix", ["ARGUMENTS"], "Prefix ARGUMENTS suffix"],
    ["$arguments $Arguments $ARGUMENTS", ["a", "b"], "$arguments $Arguments a b"],
    ["$A $$ $ $ARGS", ["a"], "$A $$ $ $ARGS"],
    ["Just plain text", ["a", "b"], "Just plain text"],
  ])("%j with %j gives %j", (template, args, expected) => {
    expect(substituteArgs(template, args)).toBe(expected);
  });

  it("joins a long list with single spaces", () => {
    const args = Array.from({ length: 100 }, (_, index) => `arg${index}`);
    expect(substituteArgs("$ARGUMENTS", args)).toBe(args.join(" "));
  });
});

describe("$N", () => {
  it.each([
    ["$1 $2 $3", ["a", "b", "c"], "a b c"],
    ["$1 $2 $3", ["a", "b"], "a b "],
    ["$1 $2 $3 $4 $5", ["a", "b"], "a b   "],
    ["Test: $1", [], "Test: "],
    ["$0", ["a", "b"], ""],
    ["$1$2", ["a", "b"], "ab"],
    ["$1.5", ["a"], "a.5"],
    ["$01", ["a"], "a"],
    ["$1 $2 $@", ["a", "b", "c"], "a b a b c"],
    ["$1: $ARGUMENTS", ["prefix", "a", "b"], "prefix: prefix a b"],
    ["$1: $@ ($ARGUMENTS)", ["first", "second", "third"], "first: first second third (first second third)"],
    ["Price: \\$100", [], "Price: \\"],
    ["\\$1", ["x"], "\\x"],
  ])("%j with %j gives %j", (template, args, expected) => {
    expect(substituteArgs(template, args)).toBe(expected);
  });

  it("reads multi-digit positions ($10 is the tenth argument)", () => {
    const args = Array.from({ length: 15 }, (_, index) => `val${index}`);
    expect(substituteArgs("$10 $12 $15", args)).toBe("val9 val11 val14");
  });

  it("keeps newlines and tabs inside argument values", () => {
    expect(substituteArgs("$1 $2", ["line1\nline2", "tab\there"])).toBe("line1\nline2 tab\there");
  });

  it("reports every placeholder without an argument, $0 included", () => {
    const missing: number[] = [];
    substituteArgs("$1 $3 $0 $3 $2", ["a", "b"], (position) => missing.push(position));
    expect(missing).toEqual([3, 0, 3]);
  });

  it("reports nothing when every placeholder has an argument, or for slices past the end", () => {
    const missing: number[] = [];
    substituteArgs("$1 $2 ${@:5} $@", ["a", "b"], (position) => missing.push(position));
    expect(missing).toEqual([]);
  });
});

describe("${@:N} and ${@:N:L}", () => {
  it.each([
    ["${@:2}", ["a", "b", "c", "d"], "b c d"],
    ["${@:1}", ["a", "b", "c"], "a b c"],
    ["${@:0}", ["a", "b", "c"], "a b c"],
    ["${@:2:2}", ["a", "b", "c", "d"], "b c"],
    ["${@:1:1}", ["a", "b", "c"], "a"],
    ["${@:2:3}", ["a", "b", "c", "d", "e"], "b c d"],
    ["${@:99}", ["a", "b"], ""],
    ["${@:10:5}", ["a", "b"], ""],
    ["${@:2:0}", ["a", "b", "c"], ""],
    ["${@:2:99}", ["a", "b", "c"], "b c"],
    ["${@:2}", [], ""],
    ["${@:2}", ["only"], ""],
    ["${@:2} vs $@", ["a", "b", "c"], "b c vs a b c"],
    ["First: ${@:1:1}, All: $@", ["x", "y", "z"], "First: x, All: x y z"],
    ["$1: ${@:2}", ["cmd", "arg1", "arg2"], "cmd: arg1 arg2"],
    ["${@:1:2} vs ${@:3:2}", ["a", "b", "c", "d", "e"], "a b vs c d"],
    ["prefix${@:2}suffix", ["a", "b", "c"], "prefixb csuffix"],
    ["${@:2}", ["cmd", "first arg", "second arg"], "first arg second arg"],
    ["${@:-1} ${@:x} ${@2}", ["a"], "${@:-1} ${@:x} ${@2}"],
  ])("%j with %j gives %j", (template, args, expected) => {
    expect(substituteArgs(template, args)).toBe(expected);
  });

  it("combines positional, slice and all-argument placeholders", () => {
    expect(substituteArgs("Run $1 on ${@:2:2}, then process $@", ["eslint", "a.ts", "b.ts", "c.ts"])).toBe(
      "Run eslint on a.ts b.ts, then process eslint a.ts b.ts c.ts",
    );
  });
});

describe("no recursion into substituted values", () => {
  it.each([
    ["$ARGUMENTS", ["$1", "$ARGUMENTS"], "$1 $ARGUMENTS"],
    ["$@", ["$100", "$1"], "$100 $1"],
    ["$ARGUMENTS", ["$100", "$1"], "$100 $1"],
    ["${@:1}", ["${@:2}", "test"], "${@:2} test"],
    ["${@:2}", ["a", "${@:3}", "c"], "${@:3} c"],
    ["$1", ["$ARGUMENTS"], "$ARGUMENTS"],
    ["$1 $2", ["$2", "x"], "$2 x"],
    ["$1", ["${@:1}"], "${@:1}"],
  ])("%j with %j gives %j", (template, args, expected) => {
    expect(substituteArgs(template, args)).toBe(expected);
  });

  it("does not build a placeholder out of template text and a value", () => {
    expect(substituteArgs("$$1", ["ARGUMENTS", "x"])).toBe("$ARGUMENTS");
  });
});
