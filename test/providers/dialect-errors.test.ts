// The failures a retry decision rests on, for every dialect beyond the three of provider-errors.test.ts: a rate
// limit with retry-after, an overloaded server (retry-after-ms winning over retry-after), a context overflow and a
// stream dropped mid-reply, each through the dialect's real client (SDK or HTTP) against the mock server.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import type { AssistantMessageEvent, StreamRequest } from "../../kernel/provider.js";
import type { Model } from "../../kernel/model.js";
import { providerErrorDetails } from "../../lib/provider-kit/assistant-builder.js";
import { streamBedrock } from "../../plugins/provider-bedrock/index.js";
import { streamGoogleGenerativeAi, streamGoogleVertex } from "../../plugins/provider-google/index.js";
import { streamMistral } from "../../plugins/provider-mistral/index.js";
import { streamAzureOpenAIResponses, streamOpenAICodexResponses } from "../../plugins/provider-openai/index.js";
import { streamPiMessages } from "../../plugins/provider-pi-messages/index.js";
import type { MockLlm } from "../support/mock-llm/index.js";
import { codexAccessToken } from "../support/mock-oauth-server.js";
import { restoreEnvironmentAfterEach } from "./support/environment.js";
import { collect, finalMessage, streamRequest, testModel } from "./support/models.js";
import { useSharedMock } from "./support/request-bodies.js";
import { removeAfterTest } from "../support/temp-folders.js";

let mock: MockLlm;
useSharedMock((started) => (mock = started));

const VARIABLES = ["HOME", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_REGION", "AWS_EC2_METADATA_DISABLED", "AWS_PROFILE", "AZURE_OPENAI_BASE_URL", "GOOGLE_CLOUD_API_KEY"];
restoreEnvironmentAfterEach(VARIABLES);
beforeEach(() => {
  for (const name of VARIABLES) delete process.env[name];
  process.env.HOME = removeAfterTest(mkdtempSync(join(tmpdir(), "pith-dialect-errors-")));
  process.env.AWS_ACCESS_KEY_ID = "AKIDEXAMPLE";
  process.env.AWS_SECRET_ACCESS_KEY = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY";
  process.env.AWS_REGION = "us-west-2";
  process.env.AWS_EC2_METADATA_DISABLED = "true";
  process.env.AZURE_OPENAI_BASE_URL = `${mock.url}/openai/v1`;
});

interface Dialect {
  name: string;
  model: () => Model;
  stream: (request: StreamRequest) => AsyncIterable<AssistantMessageEvent>;
  request?: Partial<StreamRequest>;
  /** the status an overloaded server answers in this dialect */
  overloadedStatus: number;
  /** a context overflow as the provider words it */
  overflow: string;
}

const model = (api: string, provider: string, id: string, baseUrl: () => string) => (): Model =>
  testModel("openai-completions", mock.url, { api, provider, id, baseUrl: baseUrl() });

const DIALECTS: Dialect[] = [
  {
    name: "google-generative-ai",
    model: model("google-generative-ai", "google", "gemini-2.5-flash", () => `${mock.url}/v1beta`),
    stream: streamGoogleGenerativeAi,
    overloadedStatus: 503,
    overflow: "The input token count (2000000) exceeds the maximum number of tokens allowed (1048576).",
  },
  {
    name: "google-vertex",
    model: model("google-vertex", "google-vertex", "gemini-2.5-flash", () => mock.url),
    stream: streamGoogleVertex,
    request: { apiKey: "vertex-key" },
    overloadedStatus: 503,
    overflow: "The input token count (2000000) exceeds the maximum number of tokens allowed (1048576).",
  },
  {
    name: "bedrock-converse-stream",
    model: model("bedrock-converse-stream", "amazon-bedrock", "anthropic.claude-sonnet-4-5-20250929-v1:0", () => mock.url),
    stream: streamBedrock,
    request: { apiKey: "<authenticated>" },
    overloadedStatus: 503,
    overflow: "Input is too long for requested model.",
  },
  {
    name: "mistral-conversations",
    model: model("mistral-conversations", "mistral", "devstral-medium-latest", () => mock.url),
    stream: streamMistral,
    overloadedStatus: 503,
    overflow: "Prompt contains 300000 tokens and 0 draft tokens, too large for model with 262144 maximum context length",
  },
  {
    name: "azure-openai-responses",
    model: model("azure-openai-responses", "azure", "gpt-5.4", () => ""),
    stream: streamAzureOpenAIResponses,
    overloadedStatus: 503,
    overflow: "Your input exceeds the context window of this model.",
  },
  {
    name: "openai-codex-responses",
    model: model("openai-codex-responses", "openai-codex", "gpt-5.4", () => `${mock.url}/backend-api`),
    stream: streamOpenAICodexResponses,
    request: { transport: "sse", apiKey: codexAccessToken(7, "acct-42") },
    overloadedStatus: 503,
    overflow: "Your input exceeds the context window of this model.",
  },
  {
    name: "pi-messages",
    model: model("pi-messages", "radius", "balanced", () => `${mock.url}/radius/v1`),
    stream: streamPiMessages,
    overloadedStatus: 529,
    overflow: "prompt is too long: 213462 tokens > 200000 maximum",
  },
];

describe.each(DIALECTS)("$name failures", (dialect) => {
  const run = async () => finalMessage(await collect(dialect.stream(streamRequest(dialect.model(), dialect.request))));

  it("a rate limit carries its status and retry-after", async () => {
    mock.enqueue({ error: { status: 429, message: "Rate limit reached", headers: { "retry-after": "7" } } });
    const message = await run();
    expect(message.stopReason).toBe("error");
    expect(message.errorMessage).toMatch(/^429 /);
    expect(providerErrorDetails(message)).toMatchObject({ kind: "http", status: 429, retryAfterMs: 7000 });
  });

  it("an overloaded server carries its status, retry-after-ms winning over retry-after", async () => {
    mock.enqueue({ error: { status: dialect.overloadedStatus, message: "The model is overloaded", headers: { "retry-after-ms": "1500", "retry-after": "30" } } });
    const message = await run();
    expect(message.errorMessage).toMatch(new RegExp(`^${dialect.overloadedStatus} .*overloaded`));
    expect(providerErrorDetails(message)).toMatchObject({ kind: "http", status: dialect.overloadedStatus, retryAfterMs: 1500 });
  });

  it("a context overflow keeps the provider's text and is marked as overflow", async () => {
    mock.enqueue({ error: { status: 400, message: dialect.overflow } });
    const message = await run();
    expect(message.errorMessage).toContain(dialect.overflow);
    expect(providerErrorDetails(message)).toMatchObject({ kind: "overflow", status: 400 });
  });

  it("a stream dropped mid-reply ends in an error that keeps what arrived", async () => {
    mock.enqueue({ text: ["one ", "two ", "three ", "four"], dropAfterChunks: 3 });
    const events = await collect(dialect.stream(streamRequest(dialect.model(), dialect.request)));
    const message = finalMessage(events);
    expect(events[0]?.type).toBe("start");
    expect(message.stopReason).toBe("error");
    expect(providerErrorDetails(message)?.kind).toMatch(/network|stream/);
  });
});
