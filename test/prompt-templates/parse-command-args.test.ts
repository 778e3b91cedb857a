// Splitting the text after `/name` into arguments.
import { describe, expect, it } from "vitest";
import { parseCommandArgs } from "../../plugins/prompt-templates/command-args.js";
import { substituteArgs } from "../../plugins/prompt-templates/substitute-args.js";

describe("parseCommandArgs", () => {
  it.each([
    ["a b c", ["a", "b", "c"]],
    ['"first arg" second', ["first arg", "second"]],
    ["'first arg' second", ["first arg", "second"]],
    [`"double" 'single' "double again"`, ["double", "single", "double again"]],
    ["", []],
    ["   ", []],
    ["a  b   c", ["a", "b", "c"]],
    ["a\tb\tc", ["a", "b", "c"]],
    ["   a b c   ", ["a", "b", "c"]],
    [`"" " "`, [" "]],
    ["$100 @user #tag", ["$100", "@user", "#tag"]],
    ["日本語 🎉 café", ["日本語", "🎉", "café"]],
    ['"line1\nline2" second', ["line1\nline2", "second"]],
    ["one\ntwo", ["one\ntwo"]],
    [`"it's" 'say "hi"'`, ["it's", 'say "hi"']],
    [`pre"quoted part"post`, ["prequoted partpost"]],
    [`"unterminated quote here`, ["unterminated quote here"]],
    [`"quoted \\"text\\""`, ["quoted \\text\\"]],
  ])("%j gives %j", (input, expected) => {
    expect(parseCommandArgs(input)).toEqual(expected);
  });
});

describe("parsing and substitution together", () => {
  it("fills the documented example", () => {
    const args = parseCommandArgs('Button "onClick handler" "disabled support"');
    expect(substituteArgs("Create a React component named $1 with features: $ARGUMENTS", args)).toBe(
      "Create a React component named Button with features: Button onClick handler disabled support",
    );
  });

  it("gives the same text for $@ and $ARGUMENTS", () => {
    const args = parseCommandArgs("feature1 feature2 feature3");
    expect(substituteArgs("Implement: $@", args)).toBe(substituteArgs("Implement: $ARGUMENTS", args));
  });
});
