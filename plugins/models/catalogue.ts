// Built-in models: the current Anthropic and OpenAI models, with facts (ids, windows, prices) from pi-ai's list.
import type { Model, ThinkingLevelMap } from "../../kernel/model.js";

const ANTHROPIC_BASE_URL = "https://api.anthropic.com";
const OPENAI_BASE_URL = "https://api.openai.com/v1";

/** One row: id, name, $ input, $ output, $ cache read, $ cache write, context window, max output, thinking map. */
type Row = [string, string, number, number, number, number, number, number, ThinkingLevelMap?];

// Dated ids stay beside their aliases so pattern matching can prefer the alias, as pi does.
const ANTHROPIC_ROWS: Row[] = [
  ["claude-opus-4-7", "Claude Opus 4.7", 5, 25, 0.5, 6.25, 1_000_000, 128_000, { xhigh: "xhigh" }],
  ["claude-opus-4-6", "Claude Opus 4.6", 5, 25, 0.5, 6.25, 1_000_000, 128_000, { xhigh: "max" }],
  ["claude-opus-4-5", "Claude Opus 4.5 (latest)", 5, 25, 0.5, 6.25, 200_000, 64_000],
  ["claude-opus-4-5-20251101", "Claude Opus 4.5", 5, 25, 0.5, 6.25, 200_000, 64_000],
  ["claude-sonnet-4-6", "Claude Sonnet 4.6", 3, 15, 0.3, 3.75, 1_000_000, 64_000],
  ["claude-sonnet-4-5", "Claude Sonnet 4.5 (latest)", 3, 15, 0.3, 3.75, 200_000, 64_000],
  ["claude-sonnet-4-5-20250929", "Claude Sonnet 4.5", 3, 15, 0.3, 3.75, 200_000, 64_000],
  ["claude-haiku-4-5", "Claude Haiku 4.5 (latest)", 1, 5, 0.1, 1.25, 200_000, 64_000],
  ["claude-haiku-4-5-20251001", "Claude Haiku 4.5", 1, 5, 0.1, 1.25, 200_000, 64_000],
];

// GPT-5 models cannot switch reasoning off; 5.2 and later accept xhigh.
const GPT5: ThinkingLevelMap = { off: null };
const GPT5_XHIGH: ThinkingLevelMap = { off: null, xhigh: "xhigh" };

const OPENAI_ROWS: Row[] = [
  ["gpt-5.5", "GPT-5.5", 5, 30, 0.5, 0, 272_000, 128_000, GPT5_XHIGH],
  ["gpt-5.5-pro", "GPT-5.5 Pro", 30, 180, 0, 0, 1_050_000, 128_000, GPT5_XHIGH],
  ["gpt-5.4", "GPT-5.4", 2.5, 15, 0.25, 0, 272_000, 128_000, GPT5_XHIGH],
  ["gpt-5.4-mini", "GPT-5.4 mini", 0.75, 4.5, 0.075, 0, 400_000, 128_000, GPT5_XHIGH],
  ["gpt-5.4-nano", "GPT-5.4 nano", 0.2, 1.25, 0.02, 0, 400_000, 128_000, GPT5_XHIGH],
  ["gpt-5.4-pro", "GPT-5.4 Pro", 30, 180, 0, 0, 1_050_000, 128_000, GPT5_XHIGH],
  ["gpt-5.3-codex", "GPT-5.3 Codex", 1.75, 14, 0.175, 0, 400_000, 128_000, GPT5_XHIGH],
  ["gpt-5.2", "GPT-5.2", 1.75, 14, 0.175, 0, 400_000, 128_000, GPT5_XHIGH],
  ["gpt-5.2-codex", "GPT-5.2 Codex", 1.75, 14, 0.175, 0, 400_000, 128_000, GPT5_XHIGH],
  ["gpt-5.1", "GPT-5.1", 1.25, 10, 0.13, 0, 400_000, 128_000, GPT5],
  ["gpt-5.1-codex-max", "GPT-5.1 Codex Max", 1.25, 10, 0.125, 0, 400_000, 128_000, GPT5],
  ["gpt-5", "GPT-5", 1.25, 10, 0.125, 0, 400_000, 128_000, GPT5],
  ["gpt-5-mini", "GPT-5 Mini", 0.25, 2, 0.025, 0, 400_000, 128_000, GPT5],
  ["o3", "o3", 2, 8, 0.5, 0, 200_000, 100_000],
  ["o4-mini", "o4-mini", 1.1, 4.4, 0.28, 0, 200_000, 100_000],
  ["gpt-4.1", "GPT-4.1", 2, 8, 0.5, 0, 1_047_576, 32_768],
  ["gpt-4o", "GPT-4o", 2.5, 10, 1.25, 0, 128_000, 16_384],
];

/** OpenAI's non-reasoning chat models; every other OpenAI row reasons. */
const OPENAI_NON_REASONING = new Set(["gpt-4.1", "gpt-4o"]);

function toModel(provider: string, api: string, baseUrl: string, row: Row, reasoning: boolean): Model {
  const [id, name, input, output, cacheRead, cacheWrite, contextWindow, maxTokens, thinkingLevelMap] = row;
  const model: Model = {
    id,
    name,
    api,
    provider,
    baseUrl,
    reasoning,
    input: ["text", "image"],
    cost: { input, output, cacheRead, cacheWrite },
    contextWindow,
    maxTokens,
  };
  if (thinkingLevelMap) model.thinkingLevelMap = { ...thinkingLevelMap };
  return model;
}

/** A fresh copy each call, so a caller that edits a model never changes the catalogue. */
export function builtInModels(): Model[] {
  return [
    ...ANTHROPIC_ROWS.map((row) => toModel("anthropic", "anthropic-messages", ANTHROPIC_BASE_URL, row, true)),
    ...OPENAI_ROWS.map((row) =>
      toModel("openai", "openai-responses", OPENAI_BASE_URL, row, !OPENAI_NON_REASONING.has(row[0])),
    ),
  ];
}

export const BUILT_IN_PROVIDERS: readonly string[] = ["anthropic", "openai"];
