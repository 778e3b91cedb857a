// A server with 300 tools under on-demand exposure: the model is offered only tool_search, finds the tool it needs,
// and calls it on its next turn. To a model that takes tool changes mid-conversation (pi 1.6.0's compat flags), every
// request of the run keeps the first one's prompt and tool list, so the cached prefix holds, and the loaded tool
// arrives by value in a system message after the search's result, where the model calls it.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMcpWorld, fixtureServer, resultText, systemText, toolNames, toolResults, type McpWorld } from "./mcp-harness.js";

let world: McpWorld;
beforeEach(async () => {
  world = await createMcpWorld();
});
afterEach(() => world.close());

/** The model searches for a converter, calls it and answers; the run must succeed. */
async function searchAndConvert(exposure: "deferred" | undefined): Promise<void> {
  await world.writeUserConfig({ mcpServers: { big: fixtureServer({ ...(exposure ? { exposure } : {}), description: "An inventory of widgets" }, ["--tools", "300"]) } });
  world.mock.enqueue(
    { toolCalls: [{ name: "tool_search", arguments: { query: "convert a temperature to fahrenheit" } }] },
    { toolCalls: [{ name: "mcp__big__convert_temperature", arguments: { celsius: 100 } }] },
    { text: "212 F it is" },
  );
  const run = await world.print(["how hot is boiling water in F?"]);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  expect(run.stdout).toContain("212 F it is");
  expect(resultText(toolResults(world, 2)[0]!)).toBe("212 F");
}

for (const exposure of ["deferred", undefined] as const) {
  describe(`a server with 300 tools and ${exposure ? `"${exposure}"` : "the default"} exposure`, () => {
    it("costs the context one search tool until the model loads what it needs", async () => {
      await searchAndConvert(exposure);

      const first = toolNames(world, 0);
      expect(first).toContain("tool_search");
      expect(first.filter((name) => name.startsWith("mcp__"))).toEqual([]);
      expect(systemText(world, 0)).toContain("- mcp__big (tool_search): An inventory of widgets");

      const search = resultText(toolResults(world, 1)[0]!);
      expect(search.split("\n")[1]).toBe("- mcp__big__convert_temperature: Converts a temperature between Celsius and Fahrenheit");
      const second = toolNames(world, 1).filter((name) => name.startsWith("mcp__"));
      expect(second).toContain("mcp__big__convert_temperature");
      expect(second.length).toBeLessThanOrEqual(8);
    });
  });
}

interface Body {
  system: unknown;
  tools: { name: string }[];
  messages: { role: string; content: Array<{ type: string; tool?: { definition?: { name: string } } }> | string }[];
}

const additions = (body: Body) =>
  body.messages.flatMap((message) =>
    message.role === "system" && Array.isArray(message.content) ? message.content.flatMap((block) => (block.type === "tool_addition" ? [block.tool?.definition?.name] : [])) : [],
  );

it("loads a deferred tool without changing the head of the request, for a model that takes tool changes in place", async () => {
  const file = join(world.agentDir, "models.json");
  const models = JSON.parse(await readFile(file, "utf8")) as { providers: { mock: { models: Record<string, unknown>[] } } };
  models.providers.mock.models[0]!.compat = { supportsMidConvoSystemMessages: true, supportsMidConvoToolChanges: true };
  await writeFile(file, JSON.stringify(models));
  await searchAndConvert("deferred");

  const bodies = world.mock.requests.map((request) => request.body as unknown as Body);
  expect(bodies).toHaveLength(3);
  expect(bodies[0]!.tools.map((tool) => tool.name)).toContain("__pi_deferred_placeholder__");
  for (const body of bodies.slice(1)) {
    expect(body.system).toEqual(bodies[0]!.system);
    expect(body.tools).toEqual(bodies[0]!.tools);
  }
  expect(additions(bodies[0]!)).toEqual([]);
  expect(additions(bodies[1]!)).toContain("mcp__big__convert_temperature");
  // the update stands after the search's result, before the reply that calls the tool
  const roles = bodies[2]!.messages.map((message) => message.role);
  expect(roles.indexOf("system")).toBeGreaterThan(1);
  expect(roles[roles.indexOf("system") + 1]).toBe("assistant");
});
