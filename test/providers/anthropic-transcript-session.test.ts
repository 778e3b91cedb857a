// Through the real CLI, a stored session continued with one more tool, to a model that takes system messages and tool
// changes mid-conversation (pi 1.6.0's compat flags): the second request keeps the first one's prompt and tool list,
// so its cached prefix holds, and brings the change as a system message after the conversation. A model without the
// flags gets the prompt and tools as they are now.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCliWorld, writeMockModels, type CliWorld } from "../cli/cli-harness.js";

let world: CliWorld;
const IN_PLACE = ["--model", "mock/in-place"];

interface Body {
  system: { text: string }[];
  tools: { name: string; defer_loading?: boolean }[];
  messages: { role: string; content: Array<Record<string, unknown>> | string }[];
}

beforeAll(async () => {
  world = await createCliWorld();
  await writeMockModels(world, [
    { id: "in-place", contextWindow: 200_000, maxTokens: 8192, compat: { supportsMidConvoSystemMessages: true, supportsMidConvoToolChanges: true } },
    { id: "plain", contextWindow: 200_000, maxTokens: 8192 },
  ]);
});

afterAll(async () => {
  await world.close();
});

describe("a tool added to a stored session", () => {
  it("reaches a model that takes changes in place as a system message, the request's head unchanged", async () => {
    world.mock.enqueue({ text: "Hi." }, { text: "More." }, { text: "Plain." });
    expect((await world.run(["-p", ...IN_PLACE, "--tools", "read,bash", "Hello"])).code).toBe(0);
    expect((await world.run(["-p", ...IN_PLACE, "-c", "--tools", "+grep", "More"])).code).toBe(0);
    const [first, second] = world.mock.requests.map((request) => request.body as unknown as Body);
    expect(first!.tools.map((tool) => tool.name)).toEqual(["read", "bash", "__pi_deferred_placeholder__"]);
    expect(first!.messages.some((message) => message.role === "system")).toBe(false);
    expect(world.mock.requests[0]!.headers["anthropic-beta"]).toContain("inline-tools-2026-09-15");

    expect(second!.system).toEqual(first!.system);
    expect(second!.tools).toEqual(first!.tools);
    const update = second!.messages.at(-1)!;
    expect(update.role).toBe("system");
    const blocks = update.content as Array<{ type: string; text?: string; tool?: { definition?: { name: string } }; cache_control?: unknown }>;
    expect(blocks.filter((block) => block.type === "tool_addition").map((block) => block.tool?.definition?.name)).toEqual(["grep"]);
    expect(blocks[0]).toMatchObject({ type: "text" });
    expect(blocks[0]!.text).toMatch(/^Updated system prompt section "/);
    expect(blocks.at(-1)!.cache_control).toEqual({ type: "ephemeral" });
    expect(second!.messages.slice(0, -1).map((message) => message.role)).toEqual(["user", "assistant", "user"]);
  });

  it("reaches a model without the flags as the prompt and tools of now", async () => {
    expect((await world.run(["-p", "--model", "mock/plain", "-c", "Again"])).code).toBe(0);
    const [first, , third] = world.mock.requests.map((request) => request.body as unknown as Body);
    expect(third!.tools.map((tool) => tool.name)).toEqual(["read", "bash", "grep"]);
    expect(third!.system).not.toEqual(first!.system);
    expect(third!.messages.some((message) => message.role === "system")).toBe(false);
  });
});
