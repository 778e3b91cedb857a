// Through the real CLI, a stored session continued with one more tool, to Chat Completions models that take system
// messages mid-conversation (pi 1.6.0's compat flags, as a models.json declares them): the later requests keep the
// first one's prompt, so the cached prefix holds, and bring the change as system messages where it happened. A model
// that also takes tool additions (Kimi's way) keeps the first tool list and declares the new tool in place; one that
// takes system messages only gets the tools of the moment; one without the flags gets the prompt of the moment.
// Mistral, with the flag, as one that takes system messages only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCliWorld, writeMockModels, type CliWorld } from "../cli/cli-harness.js";

let world: CliWorld;

interface ChatTool {
  function: { name: string };
}

interface Body {
  messages: { role: string; content?: string; tools?: ChatTool[] }[];
  tools?: ChatTool[];
}

const names = (tools: ChatTool[] | undefined) => (tools ?? []).map((tool) => tool.function.name);
const bodies = () => world.mock.requests.map((request) => request.body as unknown as Body);

beforeAll(async () => {
  world = await createCliWorld();
  const chat = { api: "openai-completions", baseUrl: `${world.mock.url}/v1`, contextWindow: 200_000, maxTokens: 8192 };
  await writeMockModels(world, [
    { id: "kimi-like", ...chat, compat: { supportsMidConvoSystemMessages: true, supportsMidConvoToolAdditions: true } },
    { id: "in-place", ...chat, compat: { supportsMidConvoSystemMessages: true } },
    { id: "plain", ...chat },
    { id: "mistral-in-place", api: "mistral-conversations", baseUrl: `${world.mock.url}/mistral`, contextWindow: 200_000, maxTokens: 8192, compat: { supportsMidConvoSystemMessages: true } },
  ]);
});

afterAll(async () => {
  await world.close();
});

describe("a tool added to a stored session, over Chat Completions", () => {
  it("reaches a model that takes tool additions in place, the request's head unchanged", async () => {
    world.mock.enqueue({ text: "Hi." }, { text: "More." });
    expect((await world.run(["-p", "--model", "mock/kimi-like", "--tools", "read,bash", "Hello"])).code).toBe(0);
    expect((await world.run(["-p", "--model", "mock/kimi-like", "-c", "--tools", "+grep", "More"])).code).toBe(0);
    const [first, second] = bodies();
    expect(world.mock.requests[0]!.path).toBe("/v1/chat/completions");
    expect(first!.messages[0]!.role).toBe("system");
    expect(names(first!.tools)).toEqual(["read", "bash"]);
    expect(first!.messages.filter((message) => message.role === "system")).toHaveLength(1);

    expect(second!.messages[0]).toEqual(first!.messages[0]);
    expect(second!.tools).toEqual(first!.tools);
    // the change stands where the session made it: before the new prompt
    expect(second!.messages.map((message) => message.role)).toEqual(["system", "user", "assistant", "system", "system", "user"]);
    expect(second!.messages.slice(0, 2)).toEqual(first!.messages);
    const [tools, update] = second!.messages.slice(3, 5);
    expect(names(tools!.tools)).toEqual(["grep"]);
    expect(update!.content).toMatch(/^Updated system prompt section "/);
  });

  it("reaches a model that takes system messages only with the prompt of the first request and the tools of now", async () => {
    world.mock.enqueue({ text: "Again." });
    expect((await world.run(["-p", "--model", "mock/in-place", "-c", "Again"])).code).toBe(0);
    const [first, second, third] = bodies();
    expect(third!.messages[0]).toEqual(first!.messages[0]);
    expect(names(third!.tools)).toEqual(["read", "bash", "grep"]);
    expect(third!.messages.some((message) => message.tools)).toBe(false);
    expect(third!.messages.slice(0, 3)).toEqual(second!.messages.slice(0, 3));
    expect(third!.messages[3]).toEqual(second!.messages[4]);
    expect(third!.messages.slice(4).map((message) => message.role)).toEqual(["user", "assistant", "user"]);
  });

  it("reaches a model without the flags as the prompt and tools of now", async () => {
    world.mock.enqueue({ text: "Plain." });
    expect((await world.run(["-p", "--model", "mock/plain", "-c", "Once more"])).code).toBe(0);
    const [first, , , fourth] = bodies();
    expect(names(fourth!.tools)).toEqual(["read", "bash", "grep"]);
    expect(fourth!.messages[0]).not.toEqual(first!.messages[0]);
    expect(fourth!.messages.filter((message) => message.role === "system")).toHaveLength(1);
  });
});

describe("the same session over Mistral", () => {
  it("reaches a model that takes system messages with the prompt of the first request and the change where it stands", async () => {
    world.mock.enqueue({ text: "Bonjour." });
    expect((await world.run(["-p", "--model", "mock/mistral-in-place", "-c", "Last"])).code).toBe(0);
    const [first, second, , , fifth] = bodies();
    expect(world.mock.requests[4]!.path).toBe("/mistral/v1/chat/completions");
    expect(fifth!.messages[0]).toEqual(first!.messages[0]);
    expect(fifth!.messages[3]).toEqual(second!.messages[4]);
    expect(fifth!.messages.map((message) => message.role)).toEqual(["system", "user", "assistant", "system", "user", "assistant", "user", "assistant", "user", "assistant", "user"]);
    expect(names(fifth!.tools)).toEqual(["read", "bash", "grep"]);
  });
});
