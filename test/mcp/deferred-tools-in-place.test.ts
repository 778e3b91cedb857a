// A tool that tool_search loads from an MCP server, to a model that takes tool changes mid-conversation (pi 1.6.0's
// compat flags): every request of the run keeps the first one's prompt and tool list, so the cached prefix holds,
// and the loaded tool arrives by value in a system message after the search's result, where the model calls it.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createMcpWorld, fixtureServer, resultText, toolResults, type McpWorld } from "./mcp-harness.js";

let world: McpWorld;
beforeEach(async () => {
  world = await createMcpWorld();
  const file = join(world.agentDir, "models.json");
  const models = JSON.parse(await readFile(file, "utf8")) as { providers: { mock: { models: Record<string, unknown>[] } } };
  models.providers.mock.models[0]!.compat = { supportsMidConvoSystemMessages: true, supportsMidConvoToolChanges: true };
  await writeFile(file, JSON.stringify(models));
});
afterEach(() => world.close());

interface Body {
  system: unknown;
  tools: { name: string }[];
  messages: { role: string; content: Array<{ type: string; tool?: { definition?: { name: string } } }> | string }[];
}

it("loads a deferred MCP tool without changing the head of the request", async () => {
  await world.writeUserConfig({ mcpServers: { big: fixtureServer({ exposure: "deferred", description: "An inventory of widgets" }, ["--tools", "300"]) } });
  world.mock.enqueue(
    { toolCalls: [{ name: "tool_search", arguments: { query: "convert a temperature to fahrenheit" } }] },
    { toolCalls: [{ name: "mcp__big__convert_temperature", arguments: { celsius: 100 } }] },
    { text: "212 F it is" },
  );
  const run = await world.print(["how hot is boiling water in F?"]);
  expect(run.stderr).toBe("");
  expect(run.stdout).toContain("212 F it is");
  expect(resultText(toolResults(world, 2)[0]!)).toBe("212 F");

  const bodies = world.mock.requests.map((request) => request.body as unknown as Body);
  expect(bodies).toHaveLength(3);
  expect(bodies[0]!.tools.map((tool) => tool.name)).toContain("__pi_deferred_placeholder__");
  for (const body of bodies.slice(1)) {
    expect(body.system).toEqual(bodies[0]!.system);
    expect(body.tools).toEqual(bodies[0]!.tools);
  }
  const additions = (body: Body) =>
    body.messages.flatMap((message) =>
      message.role === "system" && Array.isArray(message.content) ? message.content.flatMap((block) => (block.type === "tool_addition" ? [block.tool?.definition?.name] : [])) : [],
    );
  expect(additions(bodies[0]!)).toEqual([]);
  expect(additions(bodies[1]!)).toContain("mcp__big__convert_temperature");
  // the update stands after the search's result, before the reply that calls the tool
  const roles = bodies[2]!.messages.map((message) => message.role);
  expect(roles.indexOf("system")).toBeGreaterThan(1);
  expect(roles[roles.indexOf("system") + 1]).toBe("assistant");
});
