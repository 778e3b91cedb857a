import { describe, expect, it } from "vitest";
import { NO_MODELS_MESSAGE, builtInModels, builtInModelsOf, formatModelList, formatTokenCount } from "../../plugins/models/index.js";
import { model } from "./fixtures.js";

describe("formatModelList", () => {
  it("prints an aligned table sorted by provider then id", () => {
    const text = formatModelList([
      model("zeta", "b-model", { contextWindow: 200_000, maxTokens: 8_192, reasoning: true, input: ["text", "image"] }),
      model("alpha", "long-model-name", { contextWindow: 1_047_576, maxTokens: 512 }),
      model("zeta", "a", { contextWindow: 1_000_000, maxTokens: 64_000 }),
    ]);
    expect(text).toBe(
      [
        "provider  model            context  max-out  thinking  images",
        "alpha     long-model-name  1.0M     512      no        no    ",
        "zeta      a                1M       64K      no        no    ",
        "zeta      b-model          200K     8.2K     yes       yes   ",
      ].join("\n"),
    );
  });

  it("filters with a fuzzy search over provider and id", () => {
    const models = [...builtInModelsOf("anthropic"), ...builtInModelsOf("openai")];
    const rows = (search: string) =>
      formatModelList(models, search)
        .split("\n")
        .slice(1)
        .map((line) => line.split(/\s+/).slice(0, 2).join("/"));
    expect(rows("opus47")).toEqual(["anthropic/claude-opus-4-7"]);
    expect(rows("openai 5.4 mini")).toEqual(["openai/gpt-5.4-mini"]);
    expect(rows("anthropic haiku4")).toEqual(["anthropic/claude-haiku-4-5", "anthropic/claude-haiku-4-5-20251001"]);
  });

  it("matches letters and digits swapped (gpt5 / 5gpt)", () => {
    const models = [model("openai", "5gpt-x"), model("openai", "other")];
    expect(formatModelList(models, "gpt5")).toContain("5gpt-x");
    expect(formatModelList(models, "gpt5")).not.toContain("other");
  });

  it("says when the search matches nothing", () => {
    expect(formatModelList(builtInModels(), "zzzz")).toBe('No models matching "zzzz"');
  });

  it("says how to get models when none is available", () => {
    expect(formatModelList([])).toBe(NO_MODELS_MESSAGE);
    expect(NO_MODELS_MESSAGE).toContain("ANTHROPIC_API_KEY");
  });

  it("formats token counts like pi", () => {
    expect(formatTokenCount(999)).toBe("999");
    expect(formatTokenCount(128_000)).toBe("128K");
    expect(formatTokenCount(32_768)).toBe("32.8K");
    expect(formatTokenCount(1_050_000)).toBe("1.1M");
  });
});
