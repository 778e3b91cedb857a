// A run with no mcp.json loads nothing of the MCP SDK (its vendored bundle, dist/vendor/mcp.cjs): checked with the
// modules the CLI process loaded, next to a run with one server configured, which does load it.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createMcpWorld, fixtureServer, type McpWorld } from "./mcp-harness.js";

const REPORTER = fileURLToPath(new URL("./fixtures/report-modules.cjs", import.meta.url));

let world: McpWorld;
beforeEach(async () => {
  world = await createMcpWorld();
});
afterEach(() => world.close());

async function loadedModules(): Promise<string[]> {
  const report = join(world.home, "modules.txt");
  world.mock.enqueue({ text: "hello" });
  const run = await world.print(["hello"], { env: { ...world.env, NODE_OPTIONS: `--require ${REPORTER}`, REPORT_MODULES: report } });
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  return (await readFile(report, "utf8")).split("\n");
}

const isMcpSdk = (path: string) => /[\\/]vendor[\\/]mcp\.cjs$/.test(path) || path.includes("@modelcontextprotocol");

it("a run without mcp.json loads nothing of the MCP SDK; one with a server does", async () => {
  const without = await loadedModules();
  expect(without.some((path) => /[\\/]dist[\\/]cli\.cjs$/.test(path))).toBe(true);
  expect(without.filter(isMcpSdk)).toEqual([]);

  await world.writeUserConfig({ mcpServers: { fx: fixtureServer({ exposure: "direct" }) } });
  expect((await loadedModules()).filter(isMcpSdk)).not.toEqual([]);
});
