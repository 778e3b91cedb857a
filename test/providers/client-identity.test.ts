// How pith names itself on provider requests, as pi 1.6.0 names pi: its User-Agent on every API's requests, and the
// attribution headers of OpenRouter, NVIDIA NIM and OpenCode only while attribution is on (install telemetry).
// Checked on the headers the mock LLM server receives from each provider's real client.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Model } from "../../kernel/model.js";
import type { AssistantMessageEvent, StreamRequest } from "../../kernel/provider.js";
import { PITH_VERSION } from "../../lib/version/pith-version.js";
import { streamBedrock } from "../../plugins/provider-bedrock/index.js";
import { streamGoogleGenerativeAi } from "../../plugins/provider-google/index.js";
import { streamMistral } from "../../plugins/provider-mistral/index.js";
import { streamAzureOpenAIResponses } from "../../plugins/provider-openai/index.js";
import { streamPiMessages } from "../../plugins/provider-pi-messages/index.js";
import { installTelemetryEnabled } from "../../plugins/settings/install-telemetry.js";
import { startMockLlm, type MockLlm } from "../support/mock-llm/index.js";
import { APIS } from "./support/apis.js";
import { restoreEnvironmentAfterEach } from "./support/environment.js";
import { collect, finalMessage, streamRequest, testModel } from "./support/models.js";
import { removeAfterTest } from "../support/temp-folders.js";

const USER_AGENT = `pith/${PITH_VERSION} (${process.platform}; node/${process.version}; ${process.arch})`;
const ATTRIBUTION_HEADERS = ["http-referer", "x-openrouter-title", "x-openrouter-categories", "x-billing-invoke-origin", "x-opencode-client"];

let mock: MockLlm;
beforeAll(async () => {
  mock = await startMockLlm();
});
afterAll(async () => {
  await mock.close();
});
afterEach(() => {
  mock.requests.length = 0;
});
restoreEnvironmentAfterEach(["HOME", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_REGION", "AWS_EC2_METADATA_DISABLED"]);

type Stream = (request: StreamRequest) => AsyncIterable<AssistantMessageEvent>;

/** The headers of the one request `stream` sends for `model`, with attribution on or off. */
async function sentHeaders(stream: Stream, model: Model, attribution: boolean, overrides: Partial<StreamRequest> = {}): Promise<Record<string, string>> {
  mock.requests.length = 0;
  mock.enqueue({ text: "hi" });
  const message = finalMessage(await collect(stream(streamRequest(model, { attribution, ...overrides }))));
  expect(message.stopReason).toBe("stop");
  expect(mock.requests).toHaveLength(1);
  return mock.requests[0]!.headers as Record<string, string>;
}

function attributionOf(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(ATTRIBUTION_HEADERS.filter((name) => headers[name] !== undefined).map((name) => [name, headers[name]!]));
}

describe.each(APIS)("$api", ({ api, stream }) => {
  it("names pith to OpenRouter while attribution is on, and sends its User-Agent either way", async () => {
    const openrouter = testModel(api, mock.url, { provider: "openrouter" });
    const on = await sentHeaders(stream, openrouter, true);
    expect(on["user-agent"]).toBe(USER_AGENT);
    expect(attributionOf(on)).toEqual({ "x-openrouter-title": "pith", "x-openrouter-categories": "cli-agent" });
    const off = await sentHeaders(stream, openrouter, false);
    expect(off["user-agent"]).toBe(USER_AGENT);
    expect(attributionOf(off)).toEqual({});
  });

  it("names pith to NVIDIA NIM and OpenCode, and to no other provider", async () => {
    expect(attributionOf(await sentHeaders(stream, testModel(api, mock.url, { provider: "nvidia" }), true))).toEqual({ "x-billing-invoke-origin": "Pith" });
    expect(attributionOf(await sentHeaders(stream, testModel(api, mock.url, { provider: "opencode-go" }), true))).toEqual({ "x-opencode-client": "pith" });
    expect(attributionOf(await sentHeaders(stream, testModel(api, mock.url), true))).toEqual({});
  });

  it("lets the model's and the request's headers override the identity", async () => {
    const model = testModel(api, mock.url, { provider: "opencode", headers: { "User-Agent": "my-gateway/1" } });
    const headers = await sentHeaders(stream, model, true, { headers: { "x-opencode-client": null } });
    expect(headers["user-agent"]).toBe("my-gateway/1");
    expect(headers["x-opencode-client"]).toBeUndefined();
  });
});

describe("the other APIs", () => {
  const openrouterLike = (api: Model["api"], baseUrl: string): Model => testModel("openai-completions", mock.url, { api, provider: "openrouter", baseUrl });

  it.each([
    ["google-generative-ai", streamGoogleGenerativeAi, () => `${mock.url}/v1beta`],
    ["mistral-conversations", streamMistral, () => `${mock.url}/mistral`],
    ["pi-messages", streamPiMessages, () => `${mock.url}/radius/v1`],
    ["azure-openai-responses", streamAzureOpenAIResponses, () => `${mock.url}/openai/v1`],
  ] as const)("%s sends pith's User-Agent, and attribution only while it is on", async (api, stream, baseUrl) => {
    const on = await sentHeaders(stream, openrouterLike(api, baseUrl()), true);
    expect(on["user-agent"]).toBe(USER_AGENT);
    expect(attributionOf(on)).toEqual({ "x-openrouter-title": "pith", "x-openrouter-categories": "cli-agent" });
    const off = await sentHeaders(stream, openrouterLike(api, baseUrl()), false);
    expect(off["user-agent"]).toBe(USER_AGENT);
    expect(attributionOf(off)).toEqual({});
  });

  it("bedrock-converse-stream adds pith/<version> to the AWS SDK's user agent, attribution on or off", async () => {
    process.env.HOME = removeAfterTest(mkdtempSync(join(tmpdir(), "pith-identity-")));
    process.env.AWS_ACCESS_KEY_ID = "AKIDEXAMPLE";
    process.env.AWS_SECRET_ACCESS_KEY = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY";
    process.env.AWS_REGION = "us-west-2";
    process.env.AWS_EC2_METADATA_DISABLED = "true";
    const model = testModel("anthropic-messages", mock.url, { api: "bedrock-converse-stream", provider: "amazon-bedrock", id: "anthropic.claude-sonnet-4-5-20250929-v1:0", baseUrl: mock.url });
    for (const attribution of [true, false]) {
      const headers = await sentHeaders(streamBedrock, model, attribution, { apiKey: "<authenticated>" });
      expect(headers["x-amz-user-agent"]).toContain(`pith/${PITH_VERSION}`);
      expect(attributionOf(headers)).toEqual({});
    }
  });
});

describe("whether attribution is on", () => {
  it("follows PI_TELEMETRY when it is set, as pi does, else the enableInstallTelemetry setting", () => {
    expect(installTelemetryEnabled(true, undefined)).toBe(true);
    expect(installTelemetryEnabled(false, undefined)).toBe(false);
    for (const on of ["1", "true", "YES"]) expect(installTelemetryEnabled(false, on)).toBe(true);
    for (const off of ["0", "false", "no", ""]) expect(installTelemetryEnabled(true, off)).toBe(false);
  });
});
