import { describe, expect, it } from "vitest";
import { THINKING_LEVELS } from "../../lib/provider-kit/thinking-levels.js";
import type { Model } from "../../kernel/index.js";
import { resolveModelScope } from "../../plugins/models/index.js";
import { resolveModelReference } from "../../plugins/models/selection/model-reference.js";
import { model } from "./fixtures.js";

const sonnet = model("anthropic", "claude-sonnet-4-5", { name: "Claude Sonnet 4.5", reasoning: true });
const gpt4o = model("openai", "gpt-4o", { name: "GPT-4o" });
const qwenExacto = model("openrouter", "qwen/qwen3-coder:exacto", { name: "Qwen3 Coder Exacto" });
const gpt4oExtended = model("openrouter", "openai/gpt-4o:extended", { name: "GPT-4o Extended" });
const models = [sonnet, gpt4o, qwenExacto, gpt4oExtended];

/** what a reference resolves to, as a scope pattern reads it (`lenient`) or `--model` does (`strict`) */
function reference(text: string, list: readonly Model[], thinkingSuffix: "lenient" | "strict" = "lenient") {
  const result = resolveModelReference({ text, thinkingSuffix, fuzzy: true }, list, () => true);
  return result.status === "resolved"
    ? { model: result.model, thinkingLevel: result.thinkingLevel, warning: result.warning }
    : { model: undefined, thinkingLevel: undefined, warning: undefined };
}

describe("resolveModelReference", () => {
  it("matches an exact id without a thinking level", () => {
    expect(reference("claude-sonnet-4-5", models)).toEqual({
      model: sonnet,
      thinkingLevel: undefined,
      warning: undefined,
    });
  });

  it("matches a substring of the id", () => {
    expect(reference("sonnet", models).model).toBe(sonnet);
  });

  it("matches a substring of the name, case-insensitively", () => {
    expect(reference("QWEN3 CODER", models).model).toBe(qwenExacto);
  });

  it("finds nothing for an unknown pattern", () => {
    expect(reference("nonexistent", models)).toEqual({
      model: undefined,
      thinkingLevel: undefined,
      warning: undefined,
    });
  });

  it("splits a valid :level suffix", () => {
    expect(reference("sonnet:high", models)).toEqual({ model: sonnet, thinkingLevel: "high", warning: undefined });
    expect(reference("gpt-4o:medium", models).thinkingLevel).toBe("medium");
  });

  it("accepts every thinking level as a suffix", () => {
    for (const level of THINKING_LEVELS) {
      const result = reference(`sonnet:${level}`, models);
      expect(result.model).toBe(sonnet);
      expect(result.thinkingLevel).toBe(level);
      expect(result.warning).toBeUndefined();
    }
  });

  it("warns about an invalid level and keeps the model (scope mode)", () => {
    const result = reference("sonnet:random", models);
    expect(result.model).toBe(sonnet);
    expect(result.thinkingLevel).toBeUndefined();
    expect(result.warning).toContain('Invalid thinking level "random"');
    expect(result.warning).toContain('"sonnet:random"');
  });

  it("fails on an invalid level in strict (--model) mode", () => {
    const result = reference("sonnet:random", models, "strict");
    expect(result.model).toBeUndefined();
    expect(result.warning).toBeUndefined();
  });

  it("treats an empty suffix as an invalid level", () => {
    const result = reference("sonnet:", models);
    expect(result.model).toBe(sonnet);
    expect(result.warning).toContain("Invalid thinking level");
  });

  it("matches ids that contain colons before splitting", () => {
    expect(reference("qwen/qwen3-coder:exacto", models)).toEqual({
      model: qwenExacto,
      thinkingLevel: undefined,
      warning: undefined,
    });
    expect(reference("openai/gpt-4o:extended", models).model).toBe(gpt4oExtended);
  });

  it("matches a provider-prefixed id that contains a slash and a colon", () => {
    const result = reference("openrouter/qwen/qwen3-coder:exacto", models);
    expect(result.model).toBe(qwenExacto);
    expect(result.thinkingLevel).toBeUndefined();
  });

  it("splits the level off a colon id at the last colon", () => {
    expect(reference("qwen/qwen3-coder:exacto:high", models)).toEqual({
      model: qwenExacto,
      thinkingLevel: "high",
      warning: undefined,
    });
    expect(reference("openrouter/qwen/qwen3-coder:exacto:high", models).thinkingLevel).toBe("high");
  });

  it("warns about an invalid level after a colon id", () => {
    const result = reference("qwen/qwen3-coder:exacto:random", models);
    expect(result.model).toBe(qwenExacto);
    expect(result.thinkingLevel).toBeUndefined();
    expect(result.warning).toContain("random");
  });

  it("drops a valid level when an inner suffix was invalid", () => {
    const result = reference("qwen/qwen3-coder:exacto:random:high", models);
    expect(result.model).toBe(qwenExacto);
    expect(result.thinkingLevel).toBeUndefined();
    expect(result.warning).toContain("random");
  });

  it("finds nothing for a blank reference", () => {
    expect(reference("  ", models).model).toBeUndefined();
  });

  it("prefers an alias over dated ids, and the highest alias", () => {
    const list = [
      model("anthropic", "claude-sonnet-4-5-20250929"),
      model("anthropic", "claude-sonnet-4-5"),
      model("anthropic", "claude-sonnet-4-0"),
    ];
    expect(reference("sonnet", list).model?.id).toBe("claude-sonnet-4-5");
  });

  it("takes a -latest id as an alias", () => {
    const list = [model("x", "haiku-20241022"), model("x", "haiku-latest")];
    expect(reference("haiku", list).model?.id).toBe("haiku-latest");
  });

  it("picks the newest dated id when there is no alias", () => {
    const list = [model("x", "opus-20240229"), model("x", "opus-20250514"), model("x", "opus-20241022")];
    expect(reference("opus", list).model?.id).toBe("opus-20250514");
  });
});

describe("resolveModelScope", () => {
  const antigravity = [
    model("google-antigravity", "claude-sonnet-4-5", { reasoning: true }),
    model("google-antigravity", "gemini-3-flash", { reasoning: true }),
  ];

  it("resolves a provider/id pattern", () => {
    const { scoped, warnings } = resolveModelScope(["google-antigravity/claude-sonnet-4-5"], antigravity);
    expect(scoped.map((entry) => `${entry.model.provider}/${entry.model.id}`)).toEqual([
      "google-antigravity/claude-sonnet-4-5",
    ]);
    expect(warnings).toEqual([]);
  });

  it("expands a glob with a thinking level", () => {
    const { scoped } = resolveModelScope(["google-antigravity/*:high"], antigravity);
    expect(scoped).toHaveLength(2);
    expect(scoped.every((entry) => entry.thinkingLevel === "high")).toBe(true);
  });

  it("matches a glob against the bare id too, case-insensitively", () => {
    const { scoped } = resolveModelScope(["*SONNET*"], [...antigravity, ...models]);
    expect(scoped.map((entry) => entry.model.id).sort()).toEqual(["claude-sonnet-4-5", "claude-sonnet-4-5"]);
  });

  it("supports ? and [..] and does not let * cross a slash", () => {
    expect(resolveModelScope(["gpt-4?"], models).scoped.map((e) => e.model.id)).toEqual(["gpt-4o"]);
    expect(resolveModelScope(["gpt-4[ox]"], models).scoped.map((e) => e.model.id)).toEqual(["gpt-4o"]);
    expect(resolveModelScope(["openrouter/*"], models).scoped).toEqual([]);
  });

  it("warns about unmatched patterns and lists each model once", () => {
    const { scoped, warnings } = resolveModelScope(["sonnet", "claude-sonnet-4-5", "nope", "zz*"], models);
    expect(scoped.map((entry) => entry.model)).toEqual([sonnet]);
    expect(warnings).toEqual(['No models match pattern "nope"', 'No models match pattern "zz*"']);
  });

  it("passes on a pattern's invalid-level warning", () => {
    const { scoped, warnings } = resolveModelScope(["sonnet:turbo"], models);
    expect(scoped[0]?.model).toBe(sonnet);
    expect(warnings[0]).toContain('Invalid thinking level "turbo"');
  });

  it("keeps every provider of an id several offer, and says to choose one (pi 1.6's rule)", () => {
    const shared = [model("openai", "gpt-9"), model("azure", "gpt-9")];
    const { scoped, warnings } = resolveModelScope(["gpt-9:high", "openai/gpt-9"], shared);
    expect(scoped.map((entry) => `${entry.model.provider}/${entry.model.id}:${entry.thinkingLevel}`)).toEqual(["openai/gpt-9:high", "azure/gpt-9:high"]);
    expect(warnings).toEqual(['Pattern "gpt-9:high" matches several providers: azure, openai. Use provider/id to choose one.']);
  });
});

// What pi matches for a glob in `--models` / `enabledModels` (minimatch, case-insensitive, against `provider/id`
// and against `id`). The expected lists were observed by running pi's resolveModelScope on these models.
describe("resolveModelScope glob rules", () => {
  const hidden = model("local", ".hidden-model");
  const all = [...models, hidden];
  const scope = (pattern: string) =>
    resolveModelScope([pattern], all).scoped.map((entry) => `${entry.model.provider}/${entry.model.id}${entry.thinkingLevel ? `:${entry.thinkingLevel}` : ""}`);

  it.each<[string, string[]]>([
    ["GPT-4?", ["openai/gpt-4o"]],
    ["gpt-4[!x]", ["openai/gpt-4o"]],
    ["gpt-4[^o]", []],
    ["*sonnet*:high", ["anthropic/claude-sonnet-4-5:high"]],
    ["openrouter/*/*:exacto", ["openrouter/qwen/qwen3-coder:exacto"]],
    ["*:extended", []],
    // `*` never crosses a `/`; `**` does, as a whole segment
    ["*", ["anthropic/claude-sonnet-4-5", "openai/gpt-4o"]],
    ["openrouter/**", ["openrouter/qwen/qwen3-coder:exacto", "openrouter/openai/gpt-4o:extended"]],
    ["**", ["anthropic/claude-sonnet-4-5", "openai/gpt-4o", "openrouter/qwen/qwen3-coder:exacto", "openrouter/openai/gpt-4o:extended"]],
    // nor does it match an id that starts with a dot, unless the pattern spells the dot
    ["local/*", []],
    ["*hidden*", []],
    ["local/.*", ["local/.hidden-model"]],
    // alternatives; a leading `!` negates (so it matches every `provider/id`); a leading `#` is a comment
    ["*{sonnet,4o}*", ["anthropic/claude-sonnet-4-5", "openai/gpt-4o"]],
    ["!*sonnet*", ["anthropic/claude-sonnet-4-5", "openai/gpt-4o", "openrouter/qwen/qwen3-coder:exacto", "openrouter/openai/gpt-4o:extended", "local/.hidden-model"]],
    ["#*", []],
  ])("%s", (pattern, expected) => {
    expect(scope(pattern)).toEqual(expected);
  });
});
