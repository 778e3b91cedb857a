// Amazon Bedrock ("bedrock-converse-stream") through the AWS SDK against the mock server's binary event stream
// (whose CRCs the SDK checks): the SDK's credential chain, the request body, thinking, tool calls, images, usage,
// every kind of failure and the proxy.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import type { Model } from "../../kernel/model.js";
import { providerErrorDetails } from "../../lib/provider-kit/assistant-builder.js";
import { streamBedrock } from "../../plugins/provider-bedrock/index.js";
import type { MockLlm } from "../support/mock-llm/index.js";
import { collect, eventTrace, finalMessage, PIXEL_PNG, READ_TOOL, streamRequest, testModel, toolResult, user } from "./support/models.js";
import { useSharedMock } from "./support/request-bodies.js";
import { restoreEnvironmentAfterEach } from "./support/environment.js";
import { startTestServer } from "./support/http-server.js";
import { startTestProxy } from "../support/test-proxy.js";
import { removeAfterTest } from "../support/temp-folders.js";

let mock: MockLlm;
useSharedMock((started) => (mock = started));

const AWS_VARIABLES = [
  "HOME", "AWS_PROFILE", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_REGION", "AWS_DEFAULT_REGION",
  "AWS_BEARER_TOKEN_BEDROCK", "AWS_BEDROCK_SKIP_AUTH", "AWS_CONFIG_FILE", "AWS_SHARED_CREDENTIALS_FILE", "AWS_ENDPOINT_URL_BEDROCK_RUNTIME",
  "AWS_ENDPOINT_URL", "AWS_CONTAINER_CREDENTIALS_RELATIVE_URI", "AWS_CONTAINER_CREDENTIALS_FULL_URI", "AWS_CONTAINER_AUTHORIZATION_TOKEN",
  "AWS_EC2_METADATA_DISABLED", "PI_CACHE_RETENTION", "HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "https_proxy", "NO_PROXY", "no_proxy",
];
restoreEnvironmentAfterEach(AWS_VARIABLES);

let home: string;
beforeEach(() => {
  for (const name of AWS_VARIABLES) delete process.env[name];
  // ~/.aws of a folder of the test's own: the developer's profiles are never read
  home = removeAfterTest(mkdtempSync(join(tmpdir(), "pith-bedrock-")));
  process.env.HOME = home;
  process.env.AWS_ACCESS_KEY_ID = "AKIDEXAMPLE";
  process.env.AWS_SECRET_ACCESS_KEY = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY";
  process.env.AWS_REGION = "us-west-2";
  // the SDK's last credential source is the EC2 instance metadata service, which a test must not reach for
  process.env.AWS_EC2_METADATA_DISABLED = "true";
});

const CLAUDE_ID = "anthropic.claude-sonnet-4-5-20250929-v1:0";
const bedrock = (overrides: Partial<Model> = {}): Model =>
  testModel("anthropic-messages", mock.url, { api: "bedrock-converse-stream", provider: "amazon-bedrock", id: CLAUDE_ID, name: "Claude Sonnet 4.5", baseUrl: mock.url, ...overrides });

describe("bedrock-converse-stream", () => {
  it("signs the call, sends the Converse body with cache points and Claude thinking, and maps thinking, text and usage", async () => {
    mock.enqueue({ thinking: "Plan it.", text: "Done.", thinkingSignature: "sig-1", usage: { input: 10, output: 5, cacheRead: 20, cacheWrite: 3 } });
    const model = bedrock({ reasoning: true });
    const events = await collect(streamBedrock(streamRequest(model, { thinkingLevel: "medium", apiKey: "<authenticated>", temperature: 0.5 })));
    expect(eventTrace(events).filter((entry) => !entry.includes("_delta"))).toEqual(["start", "thinking_start:0", "thinking_end:0", "text_start:1", "text_end:1", "done"]);
    const message = finalMessage(events);
    expect(message.content).toEqual([{ type: "thinking", thinking: "Plan it.", thinkingSignature: "sig-1" }, { type: "text", text: "Done." }]);
    expect(message.usage).toMatchObject({ input: 10, output: 5, cacheRead: 20, cacheWrite: 3, totalTokens: 38 });
    const sent = mock.requests[0]!;
    expect(sent.api).toBe("bedrock-converse-stream");
    expect(sent.path).toBe("/model/anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse-stream");
    expect(sent.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-west-2\/bedrock\/aws4_request, SignedHeaders=[a-z0-9;-]*content-type;host;[a-z0-9;-]*x-amz-date[a-z0-9;-]*, Signature=[0-9a-f]{64}$/);
    const cache = { cachePoint: { type: "default" } };
    expect(sent.body).toEqual({
      messages: [{ role: "user", content: [{ text: "Hello" }, cache] }],
      system: [{ text: "You are a test assistant." }, cache],
      inferenceConfig: { temperature: 0.5, maxTokens: 64000 },
      additionalModelRequestFields: { thinking: { type: "enabled", budget_tokens: 8192, display: "summarized" }, anthropic_beta: ["interleaved-thinking-2025-05-14"] },
    });
  });

  it("streams a tool call's input, and replays it, its signed thinking, the result and an image", async () => {
    mock.enqueue({ thinking: "Read first.", thinkingSignature: "sig-2", toolCalls: [{ id: "tooluse_1", name: "read", arguments: { path: "a.ts" } }] });
    const model = bedrock({ reasoning: true });
    const first = finalMessage(await collect(streamBedrock(streamRequest(model, { tools: [READ_TOOL], thinkingLevel: "low" }))));
    expect(first.stopReason).toBe("toolUse");
    expect(first.content[1]).toEqual({ type: "toolCall", id: "tooluse_1", name: "read", arguments: { path: "a.ts" } });
    expect(mock.requests[0]!.body.toolConfig).toEqual({ tools: [{ toolSpec: { name: "read", description: "Read a file", inputSchema: { json: READ_TOOL.parameters } } }] });

    const messages = [
      user([{ type: "text", text: "look" }, { type: "image", data: PIXEL_PNG, mimeType: "image/png" }]),
      first,
      toolResult("tooluse_1", "read", [{ type: "text", text: "contents" }]),
    ];
    await collect(streamBedrock(streamRequest(model, { tools: [READ_TOOL], messages })));
    expect(mock.requests[1]!.body.messages).toEqual([
      { role: "user", content: [{ text: "look" }, { image: { format: "png", source: { bytes: PIXEL_PNG } } }] },
      { role: "assistant", content: [{ reasoningContent: { reasoningText: { text: "Read first.", signature: "sig-2" } } }, { toolUse: { toolUseId: "tooluse_1", name: "read", input: { path: "a.ts" } } }] },
      { role: "user", content: [{ toolResult: { toolUseId: "tooluse_1", content: [{ text: "contents" }], status: "success" } }, { cachePoint: { type: "default" } }] },
    ]);
  });

  it("reports throttling and overflow errors with pi's prefixes, an exception in the stream, a malformed event and a dropped stream", async () => {
    mock.enqueue(
      { error: { status: 429, message: "Too many requests, please wait before trying again." } },
      { error: { status: 400, message: "Input is too long for requested model." } },
      { text: "partial", streamError: { type: "modelStreamErrorException", message: "the model stopped" } },
      { text: "partial", malformed: true },
      { text: "partial answer", dropAfterChunks: 2 },
    );
    const run = async () => finalMessage(await collect(streamBedrock(streamRequest(bedrock(), { apiKey: "<authenticated>" }))));
    const throttled = await run();
    expect(throttled.errorMessage).toBe("429 ThrottlingException: Throttling error: Too many requests, please wait before trying again.");
    expect(providerErrorDetails(throttled)).toMatchObject({ kind: "http", status: 429, errorType: "ThrottlingException" });
    expect(providerErrorDetails(await run())).toMatchObject({ kind: "overflow", status: 400 });
    const inStream = await run();
    expect(inStream.errorMessage).toBe("Model stream error: the model stopped");
    expect(providerErrorDetails(await run())).toMatchObject({ kind: "invalid_response" });
    expect(providerErrorDetails(await run())?.kind).toMatch(/network|stream/);
  });

  it("sends a Bedrock API key as Bearer instead of signing", async () => {
    process.env.AWS_BEARER_TOKEN_BEDROCK = "bedrock-api-key";
    await collect(streamBedrock(streamRequest(bedrock(), { apiKey: "<authenticated>" })));
    expect(mock.requests[0]!.headers.authorization).toBe("Bearer bedrock-api-key");
  });

  it("takes AWS_PROFILE's credential_process and region over the environment's keys", async () => {
    const config = join(home, "config");
    writeFileSync(config, `[profile work]\nregion = eu-central-1\ncredential_process = printf '{"Version":1,"AccessKeyId":"AKIDPROCESS","SecretAccessKey":"s","SessionToken":"t"}'\n`);
    process.env.AWS_CONFIG_FILE = config;
    process.env.AWS_PROFILE = "work";
    delete process.env.AWS_REGION;
    await collect(streamBedrock(streamRequest(bedrock(), { apiKey: "<authenticated>" })));
    const headers = mock.requests[0]!.headers;
    expect(headers.authorization).toMatch(/Credential=AKIDPROCESS\/\d{8}\/eu-central-1\/bedrock\//);
    expect(headers["x-amz-security-token"]).toBe("t");
  });

  it("says how to get credentials when there are none, and what to do about an SSO profile without a login", async () => {
    delete process.env.AWS_ACCESS_KEY_ID;
    const none = finalMessage(await collect(streamBedrock(streamRequest(bedrock(), { apiKey: "<authenticated>" }))));
    expect(none.errorMessage).toMatch(/^No AWS credentials for Amazon Bedrock: .+\. Set AWS_PROFILE \(run `aws sso login` for an SSO profile\)/);
    writeFileSync(
      join(home, "config"),
      "[profile sso]\nsso_session = corp\nsso_account_id = 123456789012\nsso_role_name = Dev\n[sso-session corp]\nsso_start_url = https://corp.awsapps.com/start\nsso_region = us-east-1\n",
    );
    process.env.AWS_CONFIG_FILE = join(home, "config");
    process.env.AWS_PROFILE = "sso";
    const sso = finalMessage(await collect(streamBedrock(streamRequest(bedrock(), { apiKey: "<authenticated>" }))));
    expect(sso.errorMessage).toMatch(/^No AWS credentials for Amazon Bedrock: .*aws sso login/);
    expect(mock.requests).toHaveLength(0);
  });

  it("takes temporary keys from a container credentials endpoint (ECS, EKS Pod Identity)", async () => {
    delete process.env.AWS_ACCESS_KEY_ID;
    const endpoint = await startTestServer();
    try {
      const expiration = new Date(Date.now() + 3600_000).toISOString();
      endpoint.handle((_req, res) => res.end(JSON.stringify({ AccessKeyId: "AKIDCONTAINER", SecretAccessKey: "s", Token: "container-token", Expiration: expiration })));
      process.env.AWS_CONTAINER_CREDENTIALS_FULL_URI = `${endpoint.url}/credentials`;
      process.env.AWS_CONTAINER_AUTHORIZATION_TOKEN = "task-token";
      await collect(streamBedrock(streamRequest(bedrock(), { apiKey: "<authenticated>" })));
      expect(endpoint.requests.map((request) => [request.path, request.headers.authorization])).toEqual([["/credentials", "task-token"]]);
      expect(mock.requests[0]!.headers.authorization).toMatch(/Credential=AKIDCONTAINER\/\d{8}\/us-west-2\/bedrock\//);
      expect(mock.requests[0]!.headers["x-amz-security-token"]).toBe("container-token");
    } finally {
      await endpoint.close();
    }
  });

  it("goes through HTTP_PROXY's tunnel, and sends the model's and the request's headers", async () => {
    const proxy = await startTestProxy();
    try {
      process.env.HTTP_PROXY = proxy.url;
      mock.enqueue({ text: "via proxy" });
      const model = bedrock({ headers: { "x-team": "core", "x-drop": "model" } });
      const message = finalMessage(await collect(streamBedrock(streamRequest(model, { apiKey: "<authenticated>", headers: { "x-drop": null, "x-run": "1" } }))));
      expect(message.content).toEqual([{ type: "text", text: "via proxy" }]);
      expect(proxy.tunnels).toEqual([{ authority: new URL(mock.url).host }]);
      expect(mock.requests[0]!.headers).toMatchObject({ "x-team": "core", "x-run": "1" });
      expect(mock.requests[0]!.headers["x-drop"]).toBeUndefined();
    } finally {
      await proxy.close();
    }
  });

  it("ends aborted when the signal fires mid-stream", async () => {
    mock.enqueue({ text: ["one ", "two ", "three"], delayMs: 200 });
    const controller = new AbortController();
    let message;
    for await (const event of streamBedrock(streamRequest(bedrock(), { signal: controller.signal, apiKey: "<authenticated>" }))) {
      if (event.type === "text_delta") controller.abort();
      if (event.type === "error") message = event.error;
    }
    expect(message?.stopReason).toBe("aborted");
  });
});
