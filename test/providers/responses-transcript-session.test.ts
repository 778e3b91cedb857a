// Through the real CLI, a stored session continued with one more tool, to Responses models that take system messages
// mid-conversation (pi 1.6.0's compat flags): the second request's input starts with the whole first one, so its
// cached prefix holds, and the change follows the conversation, as an `additional_tools` item (supportsAdditionalTools)
// or a tool search result (supportsToolSearch). A model without the flags gets the prompt and tools as they are now.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";

let world: CliWorld;
beforeEach(async () => {
  world = await createCliWorld("openai-responses");
  const model = (id: string, compat: Record<string, boolean>) => ({ id, reasoning: true, contextWindow: 200_000, maxTokens: 8192, compat });
  const models = [
    model("additional", { supportsMidConvoSystemMessages: true, supportsAdditionalTools: true }),
    model("search", { supportsMidConvoSystemMessages: true, supportsToolSearch: true }),
    model("plain", {}),
  ];
  await writeFile(
    join(world.agentDir, "models.json"),
    JSON.stringify({ providers: { mock: { baseUrl: `${world.mock.url}/v1`, api: "openai-responses", apiKey: "sk-test", models } } }),
  );
});
afterEach(async () => {
  await world.close();
});

interface Item {
  type?: string;
  role?: string;
  content?: unknown;
  tools?: { name: string; defer_loading?: boolean }[];
}
interface Body {
  input: Item[];
  tools?: { name: string }[];
}

/** The two requests of a session started with read and bash and continued with grep added. */
async function continuedWithGrep(model: string): Promise<[Body, Body]> {
  world.mock.enqueue({ text: "Hi." }, { text: "More." });
  expect((await world.run(["-p", "--model", `mock/${model}`, "--tools", "read,bash", "Hello"])).code).toBe(0);
  expect((await world.run(["-p", "--model", `mock/${model}`, "-c", "--tools", "+grep", "More"])).code).toBe(0);
  const [first, second] = world.mock.requests.map((request) => request.body as unknown as Body);
  return [first!, second!];
}

const kinds = (items: Item[]) => items.map((item) => item.type ?? item.role);

describe("a tool added to a stored session, to a Responses model", () => {
  it("that takes additional_tools items: the first input stays the head, grep comes in an item after the conversation", async () => {
    const [first, second] = await continuedWithGrep("additional");
    expect(first.tools).toBeUndefined();
    expect(first.input[0]!.tools!.map((tool) => tool.name)).toEqual(["read", "bash"]);
    expect(second.input.slice(0, first.input.length)).toEqual(first.input);
    const rest = second.input.slice(first.input.length);
    // the change stands where the session recorded it, before the new prompt
    expect(kinds(rest)).toEqual(["message", "developer", "additional_tools", "developer", "user"]);
    expect(rest[1]!.content).toMatch(/^This is an incremental tools update\./);
    expect(rest[2]!.tools!.map((tool) => tool.name)).toEqual(["grep"]);
    expect(rest[3]!.content).toMatch(/^Updated system prompt section "/);
    expect(second.tools).toBeUndefined();
  });

  it("that takes tool search results: `tools` stays read and bash, grep comes as a search result", async () => {
    const [first, second] = await continuedWithGrep("search");
    expect(first.tools!.map((tool) => tool.name)).toEqual(["read", "bash"]);
    expect(second.tools).toEqual(first.tools);
    expect(second.input.slice(0, first.input.length)).toEqual(first.input);
    const rest = second.input.slice(first.input.length);
    expect(kinds(rest)).toEqual(["message", "tool_search_call", "tool_search_output", "developer", "user"]);
    expect(rest[2]!.tools).toMatchObject([{ name: "grep", defer_loading: true }]);
  });

  it("without the flags: the prompt and tools of now", async () => {
    const [first, second] = await continuedWithGrep("plain");
    expect(second.tools!.map((tool) => tool.name)).toEqual(["read", "bash", "grep"]);
    expect(second.input[0]).not.toEqual(first.input[0]);
    expect(kinds(second.input)).toEqual(["developer", "user", "message", "user"]);
  });
});
