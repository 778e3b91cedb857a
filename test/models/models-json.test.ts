import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ModelRegistry, builtInModels } from "../../plugins/models/index.js";
import { parseJsonText } from "../../lib/json/json-text.js";
import { agentDir } from "./fixtures.js";

const env = {};
const builtInCount = builtInModels().length;

function registry(models: string | object, options: { env?: NodeJS.ProcessEnv } = {}) {
  return new ModelRegistry({ agentDir: agentDir({ models }), env: options.env ?? env });
}

const llamaCpp = {
  providers: {
    "llama-cpp": {
      baseUrl: "http://127.0.0.1:8080/v1",
      api: "openai-completions",
      apiKey: "none",
      models: [{ id: "qwen2.5-coder:7b" }],
    },
  },
};

describe("models.json", () => {
  it("is optional", () => {
    const r = new ModelRegistry({ agentDir: agentDir(), env });
    expect(r.errors).toEqual([]);
    expect(r.all()).toHaveLength(builtInCount);
  });

  it("adds a custom OpenAI-compatible provider with pi's defaults", () => {
    const r = registry(llamaCpp);
    expect(r.errors).toEqual([]);
    expect(r.find("llama-cpp", "qwen2.5-coder:7b")).toEqual({
      id: "qwen2.5-coder:7b",
      name: "qwen2.5-coder:7b",
      api: "openai-completions",
      provider: "llama-cpp",
      baseUrl: "http://127.0.0.1:8080/v1",
      reasoning: false,
      input: ["text"],
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
      contextWindow: 128_000,
      maxTokens: 16_384,
    });
    expect(r.all()).toHaveLength(builtInCount + 1);
  });

  it("accepts // and /* */ comments and trailing commas", () => {
    const text = `{
      // local server
      "providers": {
        "ollama": {
          "baseUrl": "http://127.0.0.1:11434/v1", /* default port */
          "api": "openai-completions",
          "apiKey": "ollama",
          "models": [
            { "id": "llama3.1:8b", "name": "Llama // not a comment, /* nor this */", },
            { "id": "gpt-oss:20b", "reasoning": true, "input": ["text",], },
          ],
        },
      },
    }`;
    const r = registry(text);
    expect(r.errors).toEqual([]);
    expect(r.find("ollama", "llama3.1:8b")?.name).toBe("Llama // not a comment, /* nor this */");
    expect(r.find("ollama", "gpt-oss:20b")?.reasoning).toBe(true);
  });

  it("keeps commas and brackets inside strings", () => {
    expect(parseJsonText('{"a": "x,}", "b": ["]", ",]"], "c": "\\" ,}",}', { comments: true })).toEqual({
      a: "x,}",
      b: ["]", ",]"],
      c: '" ,}',
    });
  });

  it("reports a syntax error with the file, line and column, and keeps the built-ins", () => {
    const dir = agentDir({ models: '{\n  "providers": {\n    "x": { "baseUrl": }\n  }\n}' });
    const r = new ModelRegistry({ agentDir: dir, env });
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]?.code).toBe("MODELS_JSON_INVALID");
    expect(r.errors[0]?.message).toContain(`Cannot parse ${join(dir, "models.json")}`);
    expect(r.errors[0]?.message).toContain("line 3");
    expect(r.errors[0]?.message).toContain("built-in models stay available");
    expect(r.all()).toHaveLength(builtInCount);
  });

  it("counts lines of comments when locating a syntax error", () => {
    const r = registry('// one\n/* two\n three */\n{ "providers": { "x": [1 2] } }');
    expect(r.errors[0]?.message).toContain("(line 4, column 26)");
  });

  it("drops a trailing comma that a comment follows", () => {
    expect(parseJsonText('{"a": [1, // last\n], /* end */\n}', { comments: true })).toEqual({ a: [1] });
  });

  it("reports a file without a providers object", () => {
    const r = registry({ provider: {} });
    expect(r.errors[0]?.message).toContain('expected an object {"providers"');
    expect(r.all()).toHaveLength(builtInCount);
  });

  it("names the file, provider and field of invalid values, and drops only that provider", () => {
    const dir = agentDir({
      models: {
        providers: {
          broken: {
            baseUrl: "http://127.0.0.1:9/v1",
            api: "openai-completions",
            apiKey: "k",
            models: [{ id: "a", contextWindow: -5, input: ["video"], reasoning: "yes" }, { name: "no id" }],
            headers: { "x-n": 5 },
          },
          ...llamaCpp.providers,
        },
      },
    });
    const r = new ModelRegistry({ agentDir: dir, env });
    expect(r.errors).toHaveLength(1);
    const message = r.errors[0]!.message;
    expect(message).toContain(`Invalid provider "broken" in ${join(dir, "models.json")}`);
    expect(message).toContain("models[0].contextWindow: must be a positive number");
    expect(message).toContain('models[0].input[0]: must be "text" or "image"');
    expect(message).toContain("models[0].reasoning:");
    expect(message).toContain("models[1].id: is required");
    expect(message).toContain("headers.x-n: header values must be strings");
    expect(r.find("llama-cpp", "qwen2.5-coder:7b")).toBeDefined();
    expect(r.all().some((m) => m.provider === "broken")).toBe(false);
  });

  it("rejects an unknown api", () => {
    const r = registry({
      providers: { x: { baseUrl: "http://127.0.0.1:1/v1", api: "open-ai", apiKey: "k", models: [{ id: "m" }] } },
    });
    expect(r.errors[0]?.message).toContain('api: unknown api "open-ai"; known apis: anthropic-messages');
    const perModel = registry({
      providers: { x: { baseUrl: "http://127.0.0.1:1/v1", apiKey: "k", models: [{ id: "m", api: "grpc" }] } },
    });
    expect(perModel.errors[0]?.message).toContain('models[0].api: unknown api "grpc"');
  });

  it("requires a baseUrl for a custom provider's models", () => {
    const r = registry({ providers: { mine: { api: "openai-completions", apiKey: "k", models: [{ id: "m" }] } } });
    expect(r.errors[0]?.message).toContain('models[0] ("m"): no "baseUrl"');
    expect(r.find("mine", "m")).toBeUndefined();
  });

  it("requires an api for a custom provider's models", () => {
    const r = registry({ providers: { mine: { baseUrl: "http://127.0.0.1:1/v1", apiKey: "k", models: [{ id: "m" }] } } });
    expect(r.errors[0]?.message).toContain('models[0] ("m"): no "api"');
  });

  it("lists a custom provider's models without an apiKey (pi 1.6.0); they are available once a key is stored", () => {
    const models = { providers: { mine: { baseUrl: "http://127.0.0.1:1/v1", api: "openai-completions", models: [{ id: "m" }] } } };
    const r = registry(models);
    expect(r.errors).toEqual([]);
    expect(r.find("mine", "m")?.baseUrl).toBe("http://127.0.0.1:1/v1");
    expect(r.hasAuth("mine")).toBe(false);
    const stored = new ModelRegistry({ agentDir: agentDir({ models, auth: { mine: { type: "api_key", key: "k" } } }), env });
    expect(stored.availableModels().map((model) => model.id)).toEqual(["m"]);
  });

  it("rejects a baseUrl without a scheme", () => {
    const r = registry({ providers: { mine: { baseUrl: "127.0.0.1:8080/v1" } } });
    expect(r.errors[0]?.message).toContain('baseUrl: must start with "http://" or "https://"');
  });

  it("rejects a provider entry that changes nothing", () => {
    const r = registry({ providers: { anthropic: { name: "Anthropic" } } });
    expect(r.errors[0]?.message).toContain('set at least one of "baseUrl", "headers", "compat", "modelOverrides"');
  });

  it("lets a known provider inherit its endpoint and key variable", () => {
    const r = registry(
      { providers: { openrouter: { models: [{ id: "moonshotai/kimi-k2.6", reasoning: true }] } } },
      { env: { OPENROUTER_API_KEY: "or-key" } },
    );
    expect(r.errors).toEqual([]);
    expect(r.find("openrouter", "moonshotai/kimi-k2.6")).toMatchObject({
      api: "openai-completions",
      baseUrl: "https://openrouter.ai/api/v1",
    });
    expect(new Set(r.availableModels().map((m) => m.provider))).toEqual(new Set(["openrouter"]));
  });

  it("routes a built-in provider through a proxy and merges compat", () => {
    const r = registry({
      providers: { anthropic: { baseUrl: "http://127.0.0.1:4000", compat: { supportsLongCacheRetention: false } } },
    });
    const anthropic = r.all().filter((m) => m.provider === "anthropic");
    expect(anthropic.length).toBeGreaterThan(0);
    expect(anthropic.every((m) => m.baseUrl === "http://127.0.0.1:4000")).toBe(true);
    expect(anthropic.every((m) => m.compat?.supportsLongCacheRetention === false)).toBe(true);
    expect(r.find("openai", "gpt-5.4")?.baseUrl).toBe("https://api.openai.com/v1");
  });

  it("applies modelOverrides to built-in models, merging cost and thinking map", () => {
    const r = registry({
      providers: {
        anthropic: {
          modelOverrides: {
            "claude-opus-4-7": { name: "Opus (proxy)", cost: { input: 1 }, thinkingLevelMap: { minimal: null } },
            "no-such-model": { name: "ignored" },
          },
        },
      },
    });
    expect(r.errors).toEqual([]);
    const opus = r.find("anthropic", "claude-opus-4-7");
    expect(opus?.name).toBe("Opus (proxy)");
    expect(opus?.cost).toEqual({ input: 1, output: 25, cacheRead: 0.5, cacheWrite: 6.25 });
    expect(opus?.thinkingLevelMap).toEqual({ xhigh: "xhigh", max: "max", minimal: null });
    expect(r.find("anthropic", "no-such-model")).toBeUndefined();
  });

  it("takes long-context price tiers from a model definition, and from an override, keeping the catalogue's otherwise", () => {
    const tier = { inputTokensAbove: 100_000, input: 2, output: 8, cacheRead: 0.2, cacheWrite: 0 };
    const r = registry({
      providers: {
        local: { baseUrl: "http://127.0.0.1:9/v1", api: "openai-completions", apiKey: "none", models: [{ id: "tiered", cost: { input: 1, output: 4, tiers: [tier] } }] },
        openai: { modelOverrides: { "gpt-5.4": { cost: { input: 2 } }, "gpt-5.4-mini": { cost: { tiers: [tier] } } } },
      },
    });
    expect(r.errors).toEqual([]);
    expect(r.find("local", "tiered")?.cost).toEqual({ input: 1, output: 4, cacheRead: 0, cacheWrite: 0, tiers: [tier] });
    expect(r.find("openai", "gpt-5.4")?.cost).toEqual({ input: 2, output: 15, cacheRead: 0.25, cacheWrite: 0, tiers: [{ inputTokensAbove: 272_000, input: 5, output: 22.5, cacheRead: 0.5, cacheWrite: 0 }] });
    expect(r.find("openai", "gpt-5.4-mini")?.cost.tiers).toEqual([tier]);
    const bad = registry({ providers: { local: { baseUrl: "http://127.0.0.1:9/v1", api: "openai-completions", apiKey: "none", models: [{ id: "m", cost: { tiers: [{ input: 1 }] } }] } } });
    expect(bad.errors[0]?.message).toContain("inputTokensAbove");
  });

  it("upserts models into a built-in provider by id, inheriting its endpoint", () => {
    const r = registry({
      providers: {
        openai: {
          models: [
            { id: "gpt-5.4", name: "Replaced", contextWindow: 1000, maxTokens: 10 },
            { id: "gpt-new", reasoning: true },
          ],
        },
      },
    });
    expect(r.errors).toEqual([]);
    expect(r.find("openai", "gpt-5.4")).toMatchObject({ name: "Replaced", contextWindow: 1000, reasoning: false });
    expect(r.find("openai", "gpt-new")).toMatchObject({ api: "openai-responses", baseUrl: "https://api.openai.com/v1" });
    expect(r.all()).toHaveLength(builtInCount + 1);
  });

  it("merges model compat over provider compat, one level deep for routing", () => {
    const r = registry({
      providers: {
        router: {
          baseUrl: "http://127.0.0.1:1/v1",
          api: "openai-completions",
          apiKey: "k",
          compat: { supportsDeveloperRole: false, openRouterRouting: { only: ["a"], zdr: true } },
          models: [{ id: "m", compat: { maxTokensField: "max_tokens", openRouterRouting: { only: ["b"] } } }],
        },
      },
    });
    expect(r.find("router", "m")?.compat).toEqual({
      supportsDeveloperRole: false,
      maxTokensField: "max_tokens",
      openRouterRouting: { only: ["b"], zdr: true },
    });
  });

  it("reload() picks up edits", async () => {
    const dir = agentDir({ models: llamaCpp });
    const r = new ModelRegistry({ agentDir: dir, env });
    expect(r.find("llama-cpp", "qwen2.5-coder:7b")).toBeDefined();
    const { writeFileSync } = await import("node:fs");
    writeFileSync(join(dir, "models.json"), "{ \"providers\": { } }");
    r.reload();
    expect(r.find("llama-cpp", "qwen2.5-coder:7b")).toBeUndefined();
  });
});
