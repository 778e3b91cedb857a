import { describe, expect, it } from "vitest";
import { clampThinkingLevel, supportedThinkingLevels } from "../../kernel/thinking.js";
import { BUILT_IN_PROVIDERS, DEFAULT_MODEL_PER_PROVIDER, KNOWN_PROVIDERS, builtInModels } from "../../plugins/models/index.js";
import { model } from "./fixtures.js";

describe("built-in catalogue", () => {
  const models = builtInModels();

  it("holds Anthropic and OpenAI models on their own wire protocols", () => {
    expect(new Set(models.map((m) => m.provider))).toEqual(new Set(BUILT_IN_PROVIDERS));
    for (const m of models) {
      expect(m.api).toBe(m.provider === "anthropic" ? "anthropic-messages" : "openai-responses");
      expect(m.baseUrl).toBe(KNOWN_PROVIDERS[m.provider]?.baseUrl);
    }
  });

  it("has unique ids per provider and sane numbers", () => {
    const keys = models.map((m) => `${m.provider}/${m.id}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const m of models) {
      expect(m.contextWindow).toBeGreaterThan(m.maxTokens);
      expect(m.cost.output).toBeGreaterThanOrEqual(m.cost.input);
      expect(m.input).toContain("text");
    }
  });

  it("contains each built-in provider's default model", () => {
    for (const provider of BUILT_IN_PROVIDERS) {
      const id = DEFAULT_MODEL_PER_PROVIDER[provider];
      expect(models.some((m) => m.provider === provider && m.id === id), `${provider}/${id}`).toBe(true);
    }
    expect(DEFAULT_MODEL_PER_PROVIDER.anthropic).toBe("claude-opus-4-7");
    expect(DEFAULT_MODEL_PER_PROVIDER.openai).toBe("gpt-5.4");
  });

  it("records prices per million tokens including cache reads and writes", () => {
    const opus = models.find((m) => m.id === "claude-opus-4-7");
    expect(opus?.cost).toEqual({ input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25 });
    expect(opus?.contextWindow).toBe(1_000_000);
  });

  it("returns independent copies", () => {
    builtInModels()[0]!.cost.input = 1234;
    builtInModels().find((m) => m.thinkingLevelMap)!.thinkingLevelMap!.xhigh = null;
    const fresh = builtInModels();
    expect(fresh[0]?.cost.input).not.toBe(1234);
    expect(fresh.find((m) => m.id === "claude-opus-4-7")?.thinkingLevelMap?.xhigh).toBe("xhigh");
  });

  it("knows the key variables of providers it has no catalogue for", () => {
    expect(KNOWN_PROVIDERS.openrouter?.envVars).toEqual(["OPENROUTER_API_KEY"]);
    expect(KNOWN_PROVIDERS.groq?.envVars).toEqual(["GROQ_API_KEY"]);
    expect(KNOWN_PROVIDERS.deepseek?.envVars).toEqual(["DEEPSEEK_API_KEY"]);
    expect(KNOWN_PROVIDERS.anthropic?.envVars).toEqual(["ANTHROPIC_OAUTH_TOKEN", "ANTHROPIC_API_KEY"]);
  });
});

describe("thinking levels of the catalogue (kernel clamping)", () => {
  const catalogue = builtInModels();
  const find = (id: string) => catalogue.find((m) => m.id === id)!;

  it("offers only off to a non-reasoning model", () => {
    expect(supportedThinkingLevels(find("gpt-4o"))).toEqual(["off"]);
    expect(clampThinkingLevel(find("gpt-4o"), "high")).toBe("off");
  });

  it("offers xhigh only where the map gives it a value", () => {
    expect(supportedThinkingLevels(find("claude-opus-4-7"))).toContain("xhigh");
    expect(supportedThinkingLevels(find("claude-sonnet-4-6"))).not.toContain("xhigh");
    expect(clampThinkingLevel(find("claude-sonnet-4-6"), "xhigh")).toBe("high");
    expect(clampThinkingLevel(find("claude-opus-4-7"), "xhigh")).toBe("xhigh");
  });

  it("prefers the nearest level above, then below", () => {
    const sparse = model("x", "sparse", {
      reasoning: true,
      thinkingLevelMap: { minimal: null, low: null, medium: null, high: "high", xhigh: "max" },
    });
    expect(supportedThinkingLevels(sparse)).toEqual(["off", "high", "xhigh"]);
    expect(clampThinkingLevel(sparse, "low")).toBe("high");
    const capped = model("x", "capped", { reasoning: true, thinkingLevelMap: { high: null } });
    expect(clampThinkingLevel(capped, "high")).toBe("medium");
    expect(clampThinkingLevel(capped, "xhigh")).toBe("medium");
  });
});
