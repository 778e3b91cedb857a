// A streamable HTTP MCP server on 127.0.0.1, reached by the built CLI with a bearer token from the environment.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTestProxy } from "../support/test-proxy.js";
import { startHttpFixture, type HttpFixture } from "./fixtures/http-server.js";
import { createMcpWorld, resultText, toolNames, toolResults, type McpWorld } from "./mcp-harness.js";

let world: McpWorld;
let http: HttpFixture;
beforeEach(async () => {
  world = await createMcpWorld();
  http = await startHttpFixture({ token: "tok-123" });
});
afterEach(async () => {
  await http.close();
  await world.close();
});

describe("a streamable HTTP server", () => {
  it("is called with the headers of its entry, ${VAR} expanded, and its tools and images reach the model", async () => {
    await world.writeUserConfig({ mcpServers: { web: { url: http.url, headers: { Authorization: "Bearer ${WEB_TOKEN}" }, exposure: "direct" } } });
    world.mock.enqueue({ toolCalls: [{ name: "mcp__web__add", arguments: { a: 20, b: 22 } }, { name: "mcp__web__pixel", arguments: {} }] }, { text: "42" });
    const run = await world.print(["add"], { env: { WEB_TOKEN: "tok-123" } });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(toolNames(world, 0)).toContain("mcp__web__echo");
    const [sum, pixel] = toolResults(world, 1);
    expect(resultText(sum!)).toBe("42");
    expect(pixel!.content.some((block) => block.type === "image")).toBe(true);
    expect(http.authorizations.length).toBeGreaterThan(0);
    expect(http.authorizations.every((header) => header === "Bearer tok-123")).toBe(true);
  });

  it("that refuses the connection is reported with its status, and the run goes on without it", async () => {
    await world.writeUserConfig({ mcpServers: { web: { url: http.url, headers: { Authorization: "Bearer wrong" }, exposure: "direct" } } });
    world.mock.enqueue({ text: "without it" });
    const run = await world.print(["hi"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("without it");
    expect(run.stderr).toMatch(/MCP server "web" failed to connect: .*403/);
    expect(toolNames(world, 0).filter((name) => name.startsWith("mcp__"))).toEqual([]);
  });
});

describe("a streamable HTTP server behind a proxy", () => {
  it("is reached through HTTP_PROXY's tunnel, as provider requests are, and directly when NO_PROXY names it", async () => {
    const proxy = await startTestProxy();
    try {
      await world.writeUserConfig({ mcpServers: { web: { url: http.url, headers: { Authorization: "Bearer tok-123" }, exposure: "direct" } } });
      const mcpHost = new URL(http.url).host;
      const modelHost = new URL(world.mock.url).host;
      const addThroughTool = async (env: NodeJS.ProcessEnv) => {
        world.mock.requests.length = 0;
        world.mock.enqueue({ toolCalls: [{ name: "mcp__web__add", arguments: { a: 20, b: 22 } }] }, { text: "42" });
        const run = await world.print(["add"], { env });
        expect(run.stderr).toBe("");
        expect(resultText(toolResults(world, 1)[0]!)).toBe("42");
      };
      // the model's host is left out (host:port), so every tunnel is one to the MCP server
      await addThroughTool({ http_proxy: proxy.url, HTTP_PROXY: "http://127.0.0.1:9", NO_PROXY: modelHost });
      expect(proxy.tunnels.length).toBeGreaterThan(0);
      expect(new Set(proxy.tunnels.map((tunnel) => tunnel.authority))).toEqual(new Set([mcpHost]));
      proxy.tunnels.length = 0;
      await addThroughTool({ HTTP_PROXY: proxy.url, no_proxy: `${modelHost} ${mcpHost}` });
      expect(proxy.tunnels).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});
