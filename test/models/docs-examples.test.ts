// The models.json examples in docs/providers.md load without errors.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ModelRegistry } from "../../plugins/models/index.js";
import { agentDir } from "./fixtures.js";

const doc = readFileSync(new URL("../../docs/providers.md", import.meta.url), "utf8");
const examples = [...doc.matchAll(/```jsonc\n([\s\S]*?)```/g)].map((match) => match[1]!);

describe("docs/providers.md", () => {
  it("has models.json examples", () => {
    expect(examples.length).toBeGreaterThanOrEqual(2);
  });

  it.each(examples.map((text, index) => [index, text] as const))("example %i loads cleanly", (_, text) => {
    const registry = new ModelRegistry({ agentDir: agentDir({ models: text }), env: {} });
    expect(registry.errors.map((error) => error.message)).toEqual([]);
  });

  it("the local-server example adds the models it shows", () => {
    const registry = new ModelRegistry({ agentDir: agentDir({ models: examples[0]! }), env: {} });
    expect(registry.find("llama-cpp", "qwen2.5-coder-7b")?.baseUrl).toBe("http://127.0.0.1:8080/v1");
    expect(registry.availableModels().map((model) => `${model.provider}/${model.id}`)).toEqual([
      "llama-cpp/qwen2.5-coder-7b",
      "ollama/llama3.1:8b",
      "ollama/gpt-oss:20b",
    ]);
  });
});
