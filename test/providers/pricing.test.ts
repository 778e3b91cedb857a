// A reply's cost as pi 1.6.0 prices it, through the real clients against the mock: cache writes kept for an hour
// (Anthropic's `cache_creation.ephemeral_1h_input_tokens`, Bedrock's `cacheDetails`) at twice the input rate, and a
// model's long-context tier applied to the whole request once the prompt goes above it.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import type { Model } from "../../kernel/model.js";
import { streamAnthropic } from "../../plugins/provider-anthropic/index.js";
import { streamBedrock } from "../../plugins/provider-bedrock/index.js";
import { streamOpenAIResponses } from "../../plugins/provider-openai/index.js";
import type { MockLlm } from "../support/mock-llm/index.js";
import { restoreEnvironmentAfterEach } from "./support/environment.js";
import { collect, finalMessage, streamRequest, testModel } from "./support/models.js";
import { useSharedMock } from "./support/request-bodies.js";
import { removeAfterTest } from "../support/temp-folders.js";

let mock: MockLlm;
useSharedMock((started) => (mock = started));

const VARIABLES = ["HOME", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_REGION", "AWS_EC2_METADATA_DISABLED", "AWS_PROFILE"];
restoreEnvironmentAfterEach(VARIABLES);
beforeEach(() => {
  for (const name of VARIABLES) delete process.env[name];
  process.env.HOME = removeAfterTest(mkdtempSync(join(tmpdir(), "pith-pricing-")));
  process.env.AWS_ACCESS_KEY_ID = "AKIDEXAMPLE";
  process.env.AWS_SECRET_ACCESS_KEY = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY";
  process.env.AWS_REGION = "us-west-2";
  process.env.AWS_EC2_METADATA_DISABLED = "true";
});

// testModel's rates: input 3, output 15, cache read 0.3, cache write 3.75 dollars per million tokens
const HOUR_WRITES = { input: 1000, output: 100, cacheRead: 0, cacheWrite: 2000, cacheWrite1h: 500 };
/** 1,500 five-minute writes at 3.75 and 500 one-hour writes at twice the input rate of 3 */
const HOUR_WRITES_COST = (1500 * 3.75 + 500 * 6) / 1_000_000;

describe("cache writes kept for an hour", () => {
  it("Anthropic: the 1-hour part of cache_creation costs twice the input rate", async () => {
    mock.enqueue({ text: "cached", usage: HOUR_WRITES });
    const message = finalMessage(await collect(streamAnthropic(streamRequest(testModel("anthropic-messages", mock.url)))));
    expect(message.usage).toMatchObject({ cacheWrite: 2000, cacheWrite1h: 500 });
    expect(message.usage.cost.cacheWrite).toBeCloseTo(HOUR_WRITES_COST, 12);
    expect(message.usage.cost.total).toBeCloseTo(HOUR_WRITES_COST + (1000 * 3 + 100 * 15) / 1_000_000, 12);
  });

  it("Bedrock: cacheDetails with a 1h TTL cost twice the input rate", async () => {
    mock.enqueue({ text: "cached", usage: HOUR_WRITES });
    const model: Model = testModel("anthropic-messages", mock.url, { api: "bedrock-converse-stream", provider: "amazon-bedrock", id: "anthropic.claude-sonnet-4-5-20250929-v1:0", baseUrl: mock.url });
    const message = finalMessage(await collect(streamBedrock(streamRequest(model, { apiKey: "<authenticated>" }))));
    expect(message.usage).toMatchObject({ cacheWrite: 2000, cacheWrite1h: 500 });
    expect(message.usage.cost.cacheWrite).toBeCloseTo(HOUR_WRITES_COST, 12);
  });
});

describe("long-context tiers", () => {
  const tiered = () =>
    testModel("openai-responses", mock.url, {
      cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 0, tiers: [{ inputTokensAbove: 200_000, input: 6, output: 22.5, cacheRead: 0.6, cacheWrite: 0 }, { inputTokensAbove: 100_000, input: 4, output: 18, cacheRead: 0.4, cacheWrite: 0 }] },
    });
  const cost = async (usage: { input: number; output: number; cacheRead: number }) => {
    mock.enqueue({ text: "priced", usage });
    return finalMessage(await collect(streamOpenAIResponses(streamRequest(tiered())))).usage.cost;
  };

  it("prices the whole request at the highest tier the prompt (input and cache reads) goes above", async () => {
    const above = await cost({ input: 150_000, output: 1000, cacheRead: 60_000 });
    expect(above.input).toBeCloseTo((150_000 * 6) / 1_000_000, 12);
    expect(above.cacheRead).toBeCloseTo((60_000 * 0.6) / 1_000_000, 12);
    expect(above.output).toBeCloseTo((1000 * 22.5) / 1_000_000, 12);
    const middle = await cost({ input: 150_000, output: 1000, cacheRead: 0 });
    expect(middle.input).toBeCloseTo((150_000 * 4) / 1_000_000, 12);
    expect(middle.output).toBeCloseTo((1000 * 18) / 1_000_000, 12);
  });

  it("keeps the base rates at or below the lowest threshold", async () => {
    const base = await cost({ input: 100_000, output: 1000, cacheRead: 0 });
    expect(base.input).toBeCloseTo((100_000 * 3) / 1_000_000, 12);
    expect(base.output).toBeCloseTo((1000 * 15) / 1_000_000, 12);
  });
});
