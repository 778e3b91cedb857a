// A Codex model whose input carries more than the conversation (its prompt and tools as system messages with tool
// changes, its level as configuration updates), over the WebSocket that keeps the session's last response: the next
// turn sends only what follows the reply the socket already holds, as pi 1.6.0 does. The socket's copy of the reply
// is the reply's own items; before, it was cut from a conversion without those items, so the reply was sent again.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Model, StreamRequest, SystemMessage } from "../../kernel/index.js";
import { streamOpenAICodexResponses } from "../../plugins/provider-openai/index.js";
import type { MockLlm } from "../support/mock-llm/index.js";
import { codexAccessToken } from "../support/mock-oauth-server.js";
import { GREP, READ } from "./support/changing-transcript.js";
import { collect, finalMessage, testModel, user } from "./support/models.js";
import { useSharedMock } from "./support/request-bodies.js";

let mock: MockLlm;
useSharedMock((started) => (mock = started));

const codexModel = (): Model => ({
  ...testModel("openai-responses", mock.url, { reasoning: true }),
  api: "openai-codex-responses",
  provider: "openai-codex",
  baseUrl: `${mock.url}/backend-api`,
  compat: { supportsMidConvoSystemMessages: true, supportsAdditionalTools: true, supportsMidConvoEffort: true },
});

const sections = { base: "You are a test assistant." };
const first: SystemMessage = { role: "system", content: "", sections, toolsAdded: [READ], timestamp: 1 };
const grepAdded: SystemMessage = { role: "system", content: "", toolsAdded: [GREP], timestamp: 2 };

function request(model: Model, sessionId: string, fields: Pick<StreamRequest, "messages" | "systemMessages" | "tools">): StreamRequest {
  return { model, systemPrompt: sections.base, systemPromptSections: sections, thinkingLevel: "high", apiKey: codexAccessToken(7, "acct-42"), sessionId, signal: AbortSignal.timeout(30_000), ...fields };
}

describe("a Codex turn over the session's socket, its input more than the conversation", () => {
  it("sends only what follows the reply the socket holds", async () => {
    const model = codexModel();
    const sessionId = randomUUID();
    mock.enqueue({ text: "One." }, { text: "Two." });
    const reply = finalMessage(await collect(streamOpenAICodexResponses(request(model, sessionId, { messages: [user("Hello")], systemMessages: [{ before: 0, message: first }], tools: [READ] }))));
    const history = [user("Hello"), reply, user("Again")];
    const systemMessages = [{ before: 0, message: first }, { before: 3, message: grepAdded }];
    const second = finalMessage(await collect(streamOpenAICodexResponses(request(model, sessionId, { messages: history, systemMessages, tools: [READ, GREP] }))));
    expect(second.errorMessage).toBeUndefined();

    const [one, two] = mock.requests;
    expect(two!.websocket!.connection).toBe(one!.websocket!.connection);
    expect(two!.body.previous_response_id).toBe("resp_mock_1");
    const input = two!.body.input as Array<{ type?: string; role?: string }>;
    expect(input[0]).toEqual({ role: "user", content: [{ type: "input_text", text: "Again" }] });
    expect(input.map((item) => item.type ?? item.role)).toEqual(["user", "developer", "additional_tools", "configuration_update"]);
  });
});
