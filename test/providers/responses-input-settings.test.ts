// GPT-6.x over the Responses APIs: the tools as a leading `additional_tools` item, the level as
// `configuration_update` items, across a conversation whose level or tools change. The expected bodies are what
// pi 1.6.0's pi-ai builds for the same messages (pi16-request-bodies.test.ts compares a single turn beside pi itself).
import { describe, expect, it } from "vitest";
import type { Model, StreamRequest } from "../../kernel/index.js";
import { streamAzureOpenAIResponses, streamOpenAICodexResponses, streamOpenAIResponses } from "../../plugins/provider-openai/index.js";
import { codexAccessToken } from "../support/mock-oauth-server.js";
import type { MockLlm } from "../support/mock-llm/index.js";
import { restoreEnvironmentAfterEach } from "./support/environment.js";
import { assistant, BASH_TOOL, collect, finalMessage, READ_TOOL, streamRequest, testModel, user } from "./support/models.js";
import { sentBody, useSharedMock } from "./support/request-bodies.js";

let mock: MockLlm;
useSharedMock((started) => (mock = started));
restoreEnvironmentAfterEach(["AZURE_OPENAI_BASE_URL"]);

const GPT6_COMPAT = { supportsMidConvoSystemMessages: true, supportsAdditionalTools: true, supportsMidConvoEffort: true };
const gpt6 = (overrides: Partial<Model> = {}): Model =>
  testModel("openai-responses", mock.url, { id: "gpt-6.2-sol", reasoning: true, compat: GPT6_COMPAT, ...overrides });
const codexGpt6 = (): Model => ({ ...gpt6(), api: "openai-codex-responses", provider: "openai-codex", baseUrl: `${mock.url}/backend-api` });

const developer = { role: "developer", content: "You are a test assistant." };
const configuration = (effort: string) => ({ type: "configuration_update", reasoning: { effort } });
const reply = (id: string, text: string) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }], status: "completed", id });
const inputText = (text: string) => ({ role: "user", content: [{ type: "input_text", text }] });
const toolsItem = (names: string[], strict?: false | null) => ({
  type: "additional_tools",
  role: "developer",
  tools: [READ_TOOL, BASH_TOOL]
    .filter((tool) => names.includes(tool.name))
    .map((tool) => ({ type: "function", name: tool.name, description: tool.description, parameters: tool.parameters, ...(strict === undefined ? {} : { strict }) })),
});

describe("openai-responses with supportsAdditionalTools and supportsMidConvoEffort", () => {
  it("sends the tools as a leading item, the level as a trailing configuration update, and records it on the reply", async () => {
    const events = await collect(streamOpenAIResponses(streamRequest(gpt6(), { thinkingLevel: "high", tools: [READ_TOOL, BASH_TOOL] })));
    expect(finalMessage(events).providerThinkingLevel).toBe("high");
    const body = mock.requests.at(-1)!.body;
    expect(body.input).toEqual([toolsItem(["read", "bash"]), developer, inputText("Hello"), configuration("high")]);
    expect(body.tools).toBeUndefined();
    expect(body.reasoning).toEqual({ effort: "medium", summary: "auto" });
    expect(body.include).toEqual(["reasoning.encrypted_content"]);
  });

  it("puts each earlier reply's level before it and appends the new one, so a level change only adds items", async () => {
    const model = gpt6();
    const first = assistant(model, [{ type: "text", text: "One." }], { providerThinkingLevel: "high" });
    const second = assistant(model, [{ type: "text", text: "Two." }], { providerThinkingLevel: "low" });
    const otherModel = assistant({ ...model, id: "gpt-6.1-sol" }, [{ type: "text", text: "Elsewhere." }], { providerThinkingLevel: "xhigh" });
    const unrecorded = assistant(model, [{ type: "text", text: "Before." }]);
    const messages = [user("a"), first, user("b"), second, user("c"), otherModel, user("d"), unrecorded, user("e")];
    const body = await sentBody(mock, streamOpenAIResponses, streamRequest(model, { thinkingLevel: "medium", messages }));
    expect(body.input).toEqual([
      developer,
      inputText("a"), configuration("high"), reply("msg_pi_1", "One."),
      inputText("b"), configuration("low"), reply("msg_pi_3", "Two."),
      // another model's reply, and one without a recorded level, get none
      inputText("c"), reply("msg_pi_5", "Elsewhere."),
      inputText("d"), reply("msg_pi_7", "Before."),
      inputText("e"), configuration("medium"),
    ]);
  });

  it("with thinking off sends reasoning none and no configuration updates, even for replies that recorded one", async () => {
    const model = gpt6();
    const messages = [user("a"), assistant(model, [{ type: "text", text: "One." }], { providerThinkingLevel: "high" }), user("b")];
    const events = await collect(streamOpenAIResponses(streamRequest(model, { thinkingLevel: "off", messages })));
    expect(finalMessage(events).providerThinkingLevel).toBeUndefined();
    const body = mock.requests.at(-1)!.body;
    expect(body.input).toEqual([developer, inputText("a"), reply("msg_pi_1", "One."), inputText("b")]);
    expect(body.reasoning).toEqual({ effort: "none" });
  });

  it("sends the tools of now in the leading item when the request brings no system messages to send in place (a prompt a run replaced)", async () => {
    const body = await sentBody(mock, streamOpenAIResponses, streamRequest(gpt6(), { thinkingLevel: "low", tools: [BASH_TOOL] }));
    expect((body.input as unknown[])[0]).toEqual(toolsItem(["bash"]));
  });

  it("keeps tools and reasoning.effort for a model without mid-conversation system messages, whatever supportsToolSearch says", async () => {
    const model = gpt6({ compat: { supportsAdditionalTools: true, supportsToolSearch: true } });
    const body = await sentBody(mock, streamOpenAIResponses, streamRequest(model, { thinkingLevel: "high", tools: [READ_TOOL] }));
    expect(body.input).toEqual([developer, inputText("Hello")]);
    expect(body.tools).toEqual(toolsItem(["read"]).tools);
    expect(body.reasoning).toEqual({ effort: "high", summary: "auto" });
  });
});

describe("the other Responses dialects", () => {
  it("codex sends thinking off as a configuration update to none, with the fixed request effort and strict null tools", async () => {
    const request: StreamRequest = streamRequest(codexGpt6(), { transport: "sse", apiKey: codexAccessToken(7, "acct-42"), thinkingLevel: "off", tools: [READ_TOOL] });
    const events = await collect(streamOpenAICodexResponses(request));
    expect(finalMessage(events).providerThinkingLevel).toBe("none");
    const body = mock.requests.at(-1)!.body;
    expect(body.input).toEqual([toolsItem(["read"], null), developer, inputText("Hello"), configuration("none")]);
    expect(body.tools).toBeUndefined();
    expect(body.reasoning).toEqual({ effort: "medium", summary: "auto" });
  });

  it("azure takes the tools item but keeps the level in reasoning.effort", async () => {
    process.env.AZURE_OPENAI_BASE_URL = `${mock.url}/openai/v1`;
    const model = gpt6({ api: "azure-openai-responses", provider: "azure", baseUrl: "" });
    const messages = [user("a"), assistant(model, [{ type: "text", text: "One." }], { providerThinkingLevel: "high" }), user("b")];
    const events = await collect(streamAzureOpenAIResponses(streamRequest(model, { thinkingLevel: "high", tools: [READ_TOOL], messages })));
    expect(finalMessage(events).providerThinkingLevel).toBeUndefined();
    const body = mock.requests.at(-1)!.body;
    expect(body.input).toEqual([toolsItem(["read"], false), developer, inputText("a"), reply("msg_pi_1", "One."), inputText("b")]);
    expect(body.reasoning).toEqual({ effort: "high", summary: "auto" });
  });

  it("azure gives tools strict: false unless the model says it takes no strict (supportsStrictMode: false), as pi 1.6.0", async () => {
    process.env.AZURE_OPENAI_BASE_URL = `${mock.url}/openai/v1`;
    const azure = (compat: Model["compat"]): Model => ({ ...testModel("openai-responses", mock.url, { id: "gpt-5-mini", provider: "azure", compat }), api: "azure-openai-responses", baseUrl: "" });
    const strictOf = async (model: Model) => {
      const { tools } = await sentBody(mock, streamAzureOpenAIResponses, streamRequest(model, { tools: [READ_TOOL] }));
      return (tools as Array<Record<string, unknown>>).map((tool) => ("strict" in tool ? tool.strict : "absent"));
    };
    expect(await strictOf(azure({}))).toEqual([false]);
    expect(await strictOf(azure({ supportsStrictMode: false }))).toEqual(["absent"]);
  });
});
