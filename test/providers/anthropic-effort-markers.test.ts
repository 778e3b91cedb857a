// Models with managed effort (`compat.supportsMidConvoEffort`, Claude 5 in the catalogue), as pi 1.6.0's pi-ai sends
// them: a fixed request effort, bound adaptive thinking, and the level in system messages carrying `output_config`,
// one before each earlier reply of the same provider (the level that reply was asked at, which the reply records)
// and one at the end. The side-by-side test (pi16-request-bodies.test.ts) sends one turn without such a reply; these
// are the turns after it, through the real SDK against the mock server.
import { describe, expect, it } from "vitest";
import type { AssistantMessage, Message } from "../../kernel/messages.js";
import type { Model, ThinkingLevel } from "../../kernel/model.js";
import { builtInModelsOf } from "../../plugins/models/catalogue.js";
import { streamAnthropic } from "../../plugins/provider-anthropic/index.js";
import type { MockLlm } from "../support/mock-llm/index.js";
import { assistant, collect, finalMessage, streamRequest, user } from "./support/models.js";
import { useSharedMock } from "./support/request-bodies.js";

let mock: MockLlm;
useSharedMock((started) => (mock = started));

const BETAS = "mid-conversation-output-config-2026-07-01,thinking-binding-controls-2026-08-01";
const BOUND_THINKING = { type: "adaptive", display: "summarized", block_binding: { prefix_mismatch_behavior: "drop_block" } };
const marker = (effort: string) => ({ role: "system", content: [], output_config: { effort } });
const THINKING_REPLY = [{ type: "thinking", thinking: "Hmm.", signature: "sig-1" }, { type: "text", text: "Hi." }];

function catalogueModel(provider: string, id: string): Model {
  const model = builtInModelsOf(provider).find((candidate) => candidate.id === id)!;
  return { ...model, baseUrl: mock.url };
}

async function turn(model: Model, level: ThinkingLevel, messages: Message[], temperature?: number, sessionId?: string) {
  const reply = finalMessage(await collect(streamAnthropic(streamRequest(model, { messages, thinkingLevel: level, temperature, sessionId }))));
  expect(reply.errorMessage).toBeUndefined();
  const request = mock.requests.at(-1)!;
  return { reply, body: request.body, beta: request.headers["anthropic-beta"] };
}

const reply = (model: Model, overrides: Partial<AssistantMessage>) =>
  assistant(model, [{ type: "thinking", thinking: "Hmm.", thinkingSignature: "sig-1" }, { type: "text", text: "Hi." }], overrides);

describe("Anthropic models with managed effort", () => {
  it("a reply records its level; the next turn at another level replays it before the reply, thinking and all, and ends with the new one", async () => {
    const model = catalogueModel("anthropic", "claude-opus-5-5");
    mock.enqueue({ thinking: "Hmm.", thinkingSignature: "sig-1", text: "Hi." }, { text: "More." });
    const first = await turn(model, "medium", [user("Hello")]);
    expect(first.beta).toBe(BETAS);
    expect(first.body.thinking).toEqual(BOUND_THINKING);
    expect(first.body.output_config).toEqual({ effort: "low" });
    expect(first.body.messages).toEqual([{ role: "user", content: [{ type: "text", text: "Hello", cache_control: { type: "ephemeral" } }] }, marker("medium")]);
    expect(first.reply.providerThinkingLevel).toBe("medium");

    const second = await turn(model, "xhigh", [user("Hello"), first.reply, user("More")]);
    // the request's own effort stays "low" whatever the level: the cached prompt is unchanged
    expect(second.body.output_config).toEqual({ effort: "low" });
    expect(second.body.thinking).toEqual(BOUND_THINKING);
    expect(second.body.messages).toEqual([
      { role: "user", content: "Hello" },
      marker("medium"),
      { role: "assistant", content: THINKING_REPLY },
      { role: "user", content: [{ type: "text", text: "More", cache_control: { type: "ephemeral" } }] },
      marker("xhigh"),
    ]);
    expect(second.reply.providerThinkingLevel).toBe("xhigh");
  });

  it("replays a level only for replies of the same provider through this API, and only Anthropic's levels", async () => {
    const model = catalogueModel("anthropic", "claude-opus-5-5");
    const { body } = await turn(model, "minimal", [
      user("Hello"),
      reply(model, { provider: "openrouter", providerThinkingLevel: "low" }),
      user("x"),
      reply(model, { api: "openai-responses", providerThinkingLevel: "high" }),
      user("y"),
      reply(model, { providerThinkingLevel: "none" }),
      user("z"),
      reply(model, {}),
      user("w"),
    ]);
    const roles = (body.messages as Array<{ role: string }>).map((message) => message.role);
    expect(roles).toEqual(["user", "assistant", "user", "assistant", "user", "assistant", "user", "assistant", "user", "system"]);
    // "minimal" is not a level of this model: Anthropic's lowest
    expect((body.messages as unknown[]).at(-1)).toEqual(marker("low"));
  });

  it("at off, a model that can turn thinking off gets it off, no markers and no temperature, with the betas still sent", async () => {
    const model = catalogueModel("openrouter", "anthropic/claude-haiku-5.5");
    const { body, beta, reply: answer } = await turn(model, "off", [user("Hello"), reply(model, { providerThinkingLevel: "high" }), user("More")], 0.5);
    expect(beta).toBe(BETAS);
    expect(body.thinking).toEqual({ type: "disabled" });
    expect(body.output_config).toBeUndefined();
    expect(body.temperature).toBeUndefined();
    expect((body.messages as Array<{ role: string }>).map((message) => message.role)).toEqual(["user", "assistant", "user"]);
    expect(answer.providerThinkingLevel).toBeUndefined();
  });

  it("at off, a model that always thinks thinks at the default level", async () => {
    const model = catalogueModel("anthropic", "claude-opus-5-5");
    const { body, reply: answer } = await turn(model, "off", [user("Hello")], 0.5);
    expect(body.thinking).toEqual(BOUND_THINKING);
    expect(body.temperature).toBeUndefined();
    expect((body.messages as unknown[]).at(-1)).toEqual(marker("high"));
    expect(answer.providerThinkingLevel).toBe("high");
  });

  it("in a message thread, the next turn continues after the reply with the new question and its marker", async () => {
    const catalogued = catalogueModel("anthropic", "claude-opus-5-5");
    const model = { ...catalogued, compat: { ...catalogued.compat, supportsMessageThreads: true } };
    mock.enqueue({ thinking: "Hmm.", thinkingSignature: "sig-1", text: "Hi." }, { text: "More." });
    const first = await turn(model, "high", [user("Hello")], undefined, "effort-thread");
    expect(first.body.thread).toEqual({ type: "create" });
    const second = await turn(model, "high", [user("Hello"), first.reply, user("More")], undefined, "effort-thread");
    expect(second.body.thread).toEqual({ type: "continue", previous_message_id: first.reply.responseId });
    expect(second.body.messages).toEqual([{ role: "user", content: [{ type: "text", text: "More", cache_control: { type: "ephemeral" } }] }, marker("high")]);
  });
});
