// pi's extension API for MCP: pi.registerMcpServer / unregisterMcpServer / getMcpServers and the
// mcp_servers_change event (the kernel hook of that name), through the built CLI.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FIXTURE_SERVER, createMcpWorld, resultText, toolNames, toolResults, type McpWorld } from "./mcp-harness.js";

let world: McpWorld;
beforeEach(async () => {
  world = await createMcpWorld();
  await mkdir(join(world.agentDir, "extensions"), { recursive: true });
});
afterEach(() => world.close());

const extension = (name: string, body: string) => writeFile(join(world.agentDir, "extensions", `${name}.ts`), `export default function (pi: any) {\n${body}\n}\n`);
const serverConfig = JSON.stringify({ command: process.execPath, args: [FIXTURE_SERVER, "stdio"], exposure: "direct" });

describe("pi.registerMcpServer", () => {
  it("connects the server like a configured one; getMcpServers lists it with the extension's path", async () => {
    await extension(
      "jira",
      `pi.registerMcpServer("ext", ${serverConfig});
       pi.on("session_start", () => console.error("registered: " + JSON.stringify(pi.getMcpServers().map((s: any) => [s.name, s.extensionPath.endsWith("jira.ts")]))));`,
    );
    world.mock.enqueue({ toolCalls: [{ name: "mcp__ext__echo", arguments: { text: "from an extension" } }] }, { text: "ok" });
    const run = await world.print(["go"]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('registered: [["ext",true]]');
    expect(toolNames(world, 0)).toContain("mcp__ext__echo");
    expect(resultText(toolResults(world, 1)[0]!)).toBe("echo: from an extension");
  });

  it("throws for an invalid entry, naming the field", async () => {
    await extension("bad", `try { pi.registerMcpServer("x", { command: 42 }); } catch (error: any) { console.error("refused: " + error.message); }`);
    world.mock.enqueue({ text: "ok" });
    const run = await world.print(["go"]);
    expect(run.stderr).toContain('refused: server "x": "command" must be the executable to run');
  });

  it("an extension handling mcp_servers_change connects the servers itself: the built-in leaves them alone", async () => {
    await extension("adapter", `pi.on("mcp_servers_change", (event: any) => console.error("change: " + event.servers.map((s: any) => s.name).join(",")));`);
    await extension("zz-register", `pi.on("session_start", () => pi.registerMcpServer("claimed", ${serverConfig}));`);
    world.mock.enqueue({ text: "ok" });
    const run = await world.print(["go"]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("change: claimed");
    expect(toolNames(world, 0).filter((name) => name.startsWith("mcp__"))).toEqual([]);
    expect(await world.markers()).toEqual([]);
  });
});
