// Azure OpenAI ("azure-openai-responses") through the SDK's AzureOpenAI client against the mock server's Azure
// route: endpoint, api-version, api-key header and deployment from pi's variables; the Responses stream mapped.
import { describe, expect, it } from "vitest";
import type { Model } from "../../kernel/model.js";
import { providerErrorDetails } from "../../lib/provider-kit/assistant-builder.js";
import { azureTarget, streamAzureOpenAIResponses } from "../../plugins/provider-openai/index.js";
import type { MockLlm } from "../support/mock-llm/index.js";
import { collect, eventTrace, finalMessage, PIXEL_PNG, READ_TOOL, streamRequest, testModel, user } from "./support/models.js";
import { useSharedMock } from "./support/request-bodies.js";
import { restoreEnvironmentAfterEach } from "./support/environment.js";

let mock: MockLlm;
useSharedMock((started) => (mock = started));

restoreEnvironmentAfterEach(["AZURE_OPENAI_BASE_URL", "AZURE_OPENAI_RESOURCE_NAME", "AZURE_OPENAI_API_VERSION", "AZURE_OPENAI_DEPLOYMENT_NAME_MAP"]);

const azureModel = (overrides: Partial<Model> = {}): Model =>
  testModel("openai-responses", mock.url, { api: "azure-openai-responses", provider: "azure", id: "gpt-5.4", baseUrl: "", ...overrides });

describe("azure endpoint", () => {
  const model = { id: "gpt-5.4", baseUrl: "" } as Model;

  it("takes AZURE_OPENAI_BASE_URL, else the resource name, else the model's base URL, and sends Azure hosts to /openai/v1", () => {
    expect(azureTarget(model, { AZURE_OPENAI_BASE_URL: "https://team.openai.azure.com/" })).toEqual({ baseUrl: "https://team.openai.azure.com/openai/v1", apiVersion: "v1", deployment: "gpt-5.4" });
    expect(azureTarget(model, { AZURE_OPENAI_RESOURCE_NAME: "team", AZURE_OPENAI_API_VERSION: "2025-04-01-preview" })).toEqual({
      baseUrl: "https://team.openai.azure.com/openai/v1",
      apiVersion: "2025-04-01-preview",
      deployment: "gpt-5.4",
    });
    expect(azureTarget({ ...model, baseUrl: "https://gw.example/azure" }, {}).baseUrl).toBe("https://gw.example/azure");
    expect(azureTarget(model, { AZURE_OPENAI_BASE_URL: "https://x.openai.azure.com", AZURE_OPENAI_DEPLOYMENT_NAME_MAP: "gpt-5=a, gpt-5.4 = prod-54" }).deployment).toBe("prod-54");
    expect(() => azureTarget(model, {})).toThrow(/set AZURE_OPENAI_BASE_URL/);
  });
});

describe("azure-openai-responses streaming", () => {
  it("sends the Responses body to the deployment with api-key and api-version, and maps thinking and text", async () => {
    process.env.AZURE_OPENAI_BASE_URL = `${mock.url}/openai/v1`;
    process.env.AZURE_OPENAI_DEPLOYMENT_NAME_MAP = "gpt-5.4=prod-54";
    mock.enqueue({ thinking: "Plan.", text: "Done.", usage: { input: 10, output: 5, cacheRead: 20 } });
    const events = await collect(streamAzureOpenAIResponses(streamRequest(azureModel({ reasoning: true }), { thinkingLevel: "high", apiKey: "azure-key", sessionId: "s-1" })));
    expect(eventTrace(events).filter((entry) => !entry.includes("_delta"))).toEqual(["start", "thinking_start:0", "thinking_end:0", "text_start:1", "text_end:1", "done"]);
    const message = finalMessage(events);
    expect(message).toMatchObject({ api: "azure-openai-responses", provider: "azure", stopReason: "stop" });
    expect(message.usage).toMatchObject({ input: 10, output: 5, cacheRead: 20 });
    const sent = mock.requests[0]!;
    expect(sent.api).toBe("azure-openai-responses");
    expect(sent.path).toBe("/openai/v1/responses?api-version=v1");
    expect(sent.headers["api-key"]).toBe("azure-key");
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.body).toMatchObject({ model: "prod-54", stream: true, store: false, prompt_cache_key: "s-1", reasoning: { effort: "high", summary: "auto" } });
  });

  it("streams a tool call and sends an image", async () => {
    process.env.AZURE_OPENAI_BASE_URL = `${mock.url}/openai/v1`;
    mock.enqueue({ toolCalls: [{ id: "call_1", name: "read", arguments: { path: "a.ts" } }] });
    const request = streamRequest(azureModel(), {
      tools: [READ_TOOL],
      messages: [user([{ type: "text", text: "look" }, { type: "image", data: PIXEL_PNG, mimeType: "image/png" }])],
    });
    const message = finalMessage(await collect(streamAzureOpenAIResponses(request)));
    expect(message.stopReason).toBe("toolUse");
    expect(message.content).toEqual([{ type: "toolCall", id: "call_1|fc_mock_1_1", name: "read", arguments: { path: "a.ts" } }]);
    expect(JSON.stringify(mock.requests[0]!.body.input)).toContain(`data:image/png;base64,${PIXEL_PNG}`);
  });

  it("reports a rate limit with its retry-after, and a dropped stream as a network error", async () => {
    process.env.AZURE_OPENAI_BASE_URL = `${mock.url}/openai/v1`;
    mock.enqueue({ error: { status: 429, headers: { "retry-after": "3" }, message: "Rate limit reached" } }, { text: "partial answer", dropAfterChunks: 4 });
    const limited = finalMessage(await collect(streamAzureOpenAIResponses(streamRequest(azureModel()))));
    expect(limited.stopReason).toBe("error");
    expect(limited.errorMessage).toContain("Rate limit reached");
    expect(providerErrorDetails(limited)).toMatchObject({ kind: "http", status: 429, retryAfterMs: 3000 });
    const dropped = finalMessage(await collect(streamAzureOpenAIResponses(streamRequest(azureModel()))));
    expect(dropped.stopReason).toBe("error");
    expect(providerErrorDetails(dropped)).toMatchObject({ kind: "network" });
  });

  it("fails with a clear message when no endpoint is configured", async () => {
    delete process.env.AZURE_OPENAI_BASE_URL;
    const message = finalMessage(await collect(streamAzureOpenAIResponses(streamRequest(azureModel()))));
    expect(message.stopReason).toBe("error");
    expect(message.errorMessage).toMatch(/Azure OpenAI needs an endpoint: set AZURE_OPENAI_BASE_URL/);
    expect(mock.requests).toHaveLength(0);
  });
});
