import { describe, expect, it } from "vitest";
import { builtInModels, resolveCliModel } from "../../plugins/models/index.js";
import { model } from "./fixtures.js";

const catalogue = builtInModels();
const openrouter = [
  model("openrouter", "openai/gpt-4o:extended"),
  model("openrouter", "qwen/qwen3-coder:exacto"),
  model("openrouter", "anthropic/claude-sonnet-4"),
];
const zaiGateway = model("vercel-ai-gateway", "zai/glm-5");
const zai = model("zai", "glm-5");
const all = [...catalogue, ...openrouter, zaiGateway, zai];

describe("resolveCliModel", () => {
  it("does nothing without --model", () => {
    expect(resolveCliModel({ provider: "anthropic", models: all }).model).toBeUndefined();
    expect(resolveCliModel({ provider: "anthropic", models: all }).error).toBeUndefined();
  });

  it("reports an empty model list", () => {
    expect(resolveCliModel({ model: "x", models: [] }).error).toContain("No models available");
  });

  it("resolves an exact provider/id", () => {
    const result = resolveCliModel({ model: "anthropic/claude-opus-4-7", models: all });
    expect(result.model?.provider).toBe("anthropic");
    expect(result.model?.id).toBe("claude-opus-4-7");
    expect(result.error).toBeUndefined();
  });

  it("resolves a bare exact id across providers by the one with a key, else calls it ambiguous", () => {
    expect(resolveCliModel({ model: "gpt-5.4", models: all, usable: (p) => p === "openai" }).model?.provider).toBe("openai");
    expect(resolveCliModel({ model: "gpt-5.4", models: all }).error).toMatch(/^Model "gpt-5.4" is ambiguous across providers: azure\/gpt-5.4, .*openai\/gpt-5.4.*No matching provider has a key/);
    expect(resolveCliModel({ model: "gpt-5.4", models: all, usable: (p) => p === "openai" || p === "azure" }).error).toContain("More than one matching provider has a key.");
  });

  it("fuzzy-matches within the inferred provider", () => {
    expect(resolveCliModel({ model: "openai/5.4-mini", models: all }).model?.id).toBe("gpt-5.4-mini");
  });

  it("prefers the provider reading of a slash over an id that contains the slash", () => {
    const result = resolveCliModel({ model: "zai/glm-5", models: all });
    expect(result.model).toBe(zai);
  });

  it("falls back to a raw id when the inferred provider has no such model", () => {
    const result = resolveCliModel({ model: "openai/gpt-4o:extended", models: all });
    expect(result.model?.provider).toBe("openrouter");
    expect(result.model?.id).toBe("openai/gpt-4o:extended");
  });

  it("returns the thinking level of a :level suffix", () => {
    const result = resolveCliModel({ model: "sonnet-4-6:high", models: all, usable: (p) => p === "anthropic" });
    expect(result.model?.id).toBe("claude-sonnet-4-6");
    expect(result.thinkingLevel).toBe("high");
  });

  it("keeps a colon id intact and still splits a level after it", () => {
    expect(resolveCliModel({ model: "qwen/qwen3-coder:exacto", models: all }).model?.id).toBe(
      "qwen/qwen3-coder:exacto",
    );
    const withLevel = resolveCliModel({ model: "openrouter/qwen/qwen3-coder:exacto:low", models: all });
    expect(withLevel.model?.id).toBe("qwen/qwen3-coder:exacto");
    expect(withLevel.thinkingLevel).toBe("low");
  });

  it("fails on an invalid thinking level instead of guessing", () => {
    const result = resolveCliModel({ model: "claude-sonnet-4-6:turbo", models: all });
    expect(result.model).toBeUndefined();
    expect(result.error).toBe('Model "claude-sonnet-4-6:turbo" not found. Use --list-models to see available models.');
  });

  it("restricts matching to --provider, case-insensitively", () => {
    const result = resolveCliModel({ provider: "OpenRouter", model: "sonnet", models: all });
    expect(result.model?.provider).toBe("openrouter");
    // the highest of the aliases that contain the text, as pi picks
    expect(result.model?.id).toBe("anthropic/claude-sonnet-5.5:batch");
  });

  it("strips a duplicated provider prefix when --provider is given", () => {
    const result = resolveCliModel({ provider: "anthropic", model: "anthropic/claude-opus-4-6", models: all });
    expect(result.model?.id).toBe("claude-opus-4-6");
    expect(result.warning).toBeUndefined();
  });

  it("rejects an unknown --provider", () => {
    const result = resolveCliModel({ provider: "nope", model: "x", models: all });
    expect(result.model).toBeUndefined();
    expect(result.error).toBe('Unknown provider "nope". Use --list-models to see available providers and models.');
  });

  it("builds a custom model id from the provider's default model, with a warning", () => {
    const result = resolveCliModel({ provider: "anthropic", model: "claude-opus-9", models: all });
    expect(result.model).toMatchObject({
      id: "claude-opus-9",
      name: "claude-opus-9",
      provider: "anthropic",
      api: "anthropic-messages",
      contextWindow: 1_000_000,
    });
    expect(result.warning).toBe('Model "claude-opus-9" not found for provider "anthropic". Using custom model id.');
    expect(result.error).toBeUndefined();
  });

  it("also builds a custom model for an inferred provider", () => {
    const result = resolveCliModel({ model: "openai/gpt-9", models: all });
    expect(result.model?.id).toBe("gpt-9");
    expect(result.model?.provider).toBe("openai");
    expect(result.model?.baseUrl).toBe("https://api.openai.com/v1");
  });

  it("does not change the catalogue model it copies", () => {
    const result = resolveCliModel({ provider: "openai", model: "gpt-9", models: all });
    result.model!.cost.input = 999;
    expect(all.find((m) => m.provider === "openai" && m.id === "gpt-5.4")?.cost.input).toBe(2.5);
  });

  it("errors when nothing matches and no provider is known", () => {
    const result = resolveCliModel({ model: "definitely-not-a-model", models: all });
    expect(result.model).toBeUndefined();
    expect(result.error).toBe('Model "definitely-not-a-model" not found. Use --list-models to see available models.');
  });
});
