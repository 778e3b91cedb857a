// The MCP commands of RPC mode through the built CLI: the servers with their state and tools, enable/disable saved
// to mcp.json, reconnect, and OAuth sign-in whose authorization URL arrives as a record of its own.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { spawnRpc, type RpcChild } from "../rpc/rpc-harness.js";
import { startOAuthFixture, type OAuthFixture } from "./fixtures/oauth-server.mjs";
import { createMcpWorld, fixtureServer, type McpWorld } from "./mcp-harness.js";

interface ServerRecord {
  name: string;
  state: string;
  tools: { name: string }[];
  error?: string;
}

let world: McpWorld;
let rpc: RpcChild | undefined;
let oauth: OAuthFixture | undefined;
beforeEach(async () => {
  world = await createMcpWorld();
});
afterEach(async () => {
  rpc?.peer.end();
  await rpc?.exited;
  rpc = undefined;
  await oauth?.close();
  oauth = undefined;
  await world.close();
});

async function servers(): Promise<ServerRecord[]> {
  const response = await rpc!.peer.request({ type: "get_mcp_servers" });
  expect(response.success).toBe(true);
  return (response.data as { servers: ServerRecord[] }).servers;
}

async function stateOf(name: string, wanted: string): Promise<ServerRecord> {
  let found: ServerRecord | undefined;
  for (let attempt = 0; attempt < 200; attempt++) {
    found = (await servers()).find((server) => server.name === name);
    if (found?.state === wanted) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${name} never became ${wanted}: ${JSON.stringify(found)}`);
}

const userConfig = async () => JSON.parse(await readFile(join(world.agentDir, "mcp.json"), "utf8")) as { mcpServers: Record<string, Record<string, unknown>> };

describe("RPC commands for MCP servers", () => {
  it("list servers, disable and enable one (saved to mcp.json), reconnect it, and name an unknown one", async () => {
    await world.writeUserConfig({ mcpServers: { fx: fixtureServer({ exposure: "direct" }) } });
    rpc = spawnRpc(world);
    const connected = await stateOf("fx", "connected");
    expect(connected.tools.map((tool) => tool.name)).toContain("mcp__fx__echo");

    const disabled = await rpc.peer.request({ type: "set_mcp_server_enabled", name: "fx", enabled: false });
    expect(disabled).toMatchObject({ success: true, data: { savedTo: join(world.agentDir, "mcp.json") } });
    expect((await userConfig()).mcpServers.fx!.enabled).toBe(false);
    expect((await stateOf("fx", "disabled")).tools).toEqual([]);

    expect((await rpc.peer.request({ type: "set_mcp_server_enabled", name: "fx", enabled: true })).success).toBe(true);
    expect((await userConfig()).mcpServers.fx).not.toHaveProperty("enabled");
    await stateOf("fx", "connected");

    const session = await rpc.peer.request({ type: "set_mcp_server_enabled", name: "fx", enabled: false, persist: false });
    expect(session).toMatchObject({ success: true, data: {} });
    expect((await userConfig()).mcpServers.fx).not.toHaveProperty("enabled");

    expect((await rpc.peer.request({ type: "reconnect_mcp_server", name: "fx" })).success).toBe(true);
    const unknown = await rpc.peer.request({ type: "reconnect_mcp_server", name: "nope" });
    expect(unknown.success).toBe(false);
    expect(unknown.error).toContain('No MCP server "nope". Configured: fx');
  });

  it("sign in sends the authorization URL as mcp_sign_in_url and connects the server; sign out forgets it", async () => {
    oauth = await startOAuthFixture();
    await world.writeUserConfig({ mcpServers: { web: { url: oauth.url } } });
    rpc = spawnRpc(world);
    expect((await stateOf("web", "needs-sign-in")).error).toContain("pith mcp login web");

    rpc.peer.send({ type: "sign_in_mcp_server", name: "web", id: "in" });
    const record = await rpc.peer.waitForEvent("mcp_sign_in_url");
    expect(record).toMatchObject({ id: "in", server: "web" });
    const page = await fetch(record.url as string);
    expect(page.status).toBe(200);
    expect(await rpc.peer.response("in")).toMatchObject({ success: true, data: { result: "signed-in" } });
    expect((await stateOf("web", "connected")).tools.length).toBeGreaterThan(0);

    expect(await rpc.peer.request({ type: "sign_out_mcp_server", name: "web" })).toMatchObject({ success: true, data: { removed: true } });
    await stateOf("web", "needs-sign-in");
  });
});
