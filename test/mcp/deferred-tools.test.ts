// A server with 300 tools under on-demand exposure: the model is offered only tool_search, finds the tool it needs,
// and calls it on its next turn.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMcpWorld, fixtureServer, resultText, systemText, toolNames, toolResults, type McpWorld } from "./mcp-harness.js";

let world: McpWorld;
beforeEach(async () => {
  world = await createMcpWorld();
});
afterEach(() => world.close());

for (const exposure of ["deferred", undefined] as const) {
  describe(`a server with 300 tools and ${exposure ? `"${exposure}"` : "the default"} exposure`, () => {
    it("costs the context one search tool until the model loads what it needs", async () => {
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

      const first = toolNames(world, 0);
      expect(first).toContain("tool_search");
      expect(first.filter((name) => name.startsWith("mcp__"))).toEqual([]);
      expect(systemText(world, 0)).toContain("- mcp__big (tool_search): An inventory of widgets");

      const search = resultText(toolResults(world, 1)[0]!);
      expect(search.split("\n")[1]).toBe("- mcp__big__convert_temperature: Converts a temperature between Celsius and Fahrenheit");
      const second = toolNames(world, 1).filter((name) => name.startsWith("mcp__"));
      expect(second).toContain("mcp__big__convert_temperature");
      expect(second.length).toBeLessThanOrEqual(8);
      expect(resultText(toolResults(world, 2)[0]!)).toBe("212 F");
    });
  });
}
