// The `mcp` service as SDK users, RPC and the interactive /mcp reach it: status, reconnect, enable/disable.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAgentSession, type McpService } from "../../sdk/index.js";
import { fixtureServer } from "./mcp-harness.js";

let home: string;
let dispose: (() => Promise<void>) | undefined;
let problems: string[];
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), "pith-mcp-service-"));
  problems = [];
});
afterEach(async () => {
  await dispose?.();
  await rm(home, { recursive: true, force: true });
});

async function open(config: unknown): Promise<{ mcp: McpService; tools: () => string[] }> {
  await writeFile(join(home, "mcp.json"), JSON.stringify(config));
  const { session } = await createAgentSession({ cwd: home, agentDir: home, noSession: true, extensions: false, packages: false, onProblem: (error) => void problems.push(error.message) });
  dispose = () => session.dispose("quit");
  const mcp = session.registry.services.get("mcp")!.value as McpService;
  return { mcp, tools: () => session.activeToolNames().filter((name) => name.startsWith("mcp__")) };
}

describe("the mcp service", () => {
  it("reports each server's state, tools and errors, reconnects and disables on request", async () => {
    const { mcp, tools } = await open({ mcpServers: { fx: fixtureServer({ exposure: "direct" }), gone: { command: join(home, "missing") } } });
    await mcp.ready();
    const status = Object.fromEntries(mcp.servers().map((server) => [server.name, server]));
    expect(status.fx!.state).toBe("connected");
    expect(status.fx!.transport).toBe("stdio");
    expect(status.fx!.instructions).toContain("Fixture server");
    expect(status.fx!.tools.map((tool) => tool.name)).toContain("mcp__fx__echo");
    expect(status.gone!.state).toBe("failed");
    expect(status.gone!.error).toMatch(/missing/);
    expect(problems).toEqual([expect.stringMatching(/^mcp: MCP server "gone" failed to connect: cannot start .*missing/)]);

    const changes: string[] = [];
    const stop = mcp.onChange(() => changes.push(mcp.servers().find((server) => server.name === "fx")!.state));
    await mcp.reconnect("fx");
    expect(changes).toContain("connecting");
    expect(changes.at(-1)).toBe("connected");
    expect(tools()).toContain("mcp__fx__echo");

    await mcp.setEnabled("fx", false);
    expect(mcp.servers().find((server) => server.name === "fx")!.state).toBe("disabled");
    expect(tools()).toEqual([]);
    await mcp.setEnabled("fx", true);
    expect(mcp.servers().find((server) => server.name === "fx")!.state).toBe("connected");
    expect(tools()).toContain("mcp__fx__echo");
    stop();
    await expect(mcp.reconnect("nope")).rejects.toThrow('No MCP server "nope"');
  });
});
