// The `mcp` service as SDK users, RPC and the interactive /mcp reach it: status, reconnect, enable/disable.
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
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

async function open(config: unknown, cwd = home): Promise<{ mcp: McpService; tools: () => string[] }> {
  await writeFile(join(home, "mcp.json"), JSON.stringify(config));
  const { session } = await createAgentSession({
    cwd,
    agentDir: home,
    noSession: true,
    extensions: false,
    packages: false,
    projectTrust: { approve: true },
    onProblem: (error) => void problems.push(error.message),
  });
  dispose = () => session.dispose("quit");
  const mcp = session.registry.services.get("mcp")! as McpService;
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

  it("changes a server's exposure without reconnecting, and adjusts a user-level server in the trusted project alone", async () => {
    const project = join(home, "project");
    await mkdir(project);
    const { mcp, tools } = await open({ mcpServers: { fx: fixtureServer({ exposure: "direct", description: "fixture" }) } }, project);
    await mcp.ready();
    expect(tools()).toContain("mcp__fx__echo");
    const changes: string[] = [];
    const stop = mcp.onChange(() => changes.push(mcp.servers().find((server) => server.name === "fx")!.state));

    // a user-level server: saved to the user file, the default dropped there
    expect(await mcp.setExposure("fx", "deferred", { persist: true })).toEqual({ savedTo: join(home, "mcp.json") });
    expect(tools()).toEqual([]);
    expect(mcp.servers()[0]!.exposure).toBe("deferred");
    expect(mcp.servers()[0]!.tools.map((tool) => tool.exposure)).toContain("deferred");
    expect(changes).not.toContain("connecting");
    await mcp.setExposure("fx", "codemode", { persist: true });
    expect((await readJson(join(home, "mcp.json"))).mcpServers.fx).not.toHaveProperty("exposure");
    await mcp.setExposure("fx", "direct", { persist: true });
    expect(tools()).toContain("mcp__fx__echo");

    // "Disable in this project": an override entry in the project's .pi/mcp.json, later changes go there too
    expect(await mcp.canAdjustInProject("fx")).toBe(true);
    const projectFile = join(project, ".pi", "mcp.json");
    expect(await mcp.setEnabled("fx", false, { inProject: true })).toEqual({ savedTo: projectFile });
    expect(mcp.servers()[0]!.state).toBe("disabled");
    expect(mcp.servers()[0]!.override).toBe(projectFile);
    expect(await mcp.canAdjustInProject("fx")).toBe(false);
    await mcp.setEnabled("fx", true, { persist: true });
    await mcp.setExposure("fx", "codemode", { persist: true });
    // an override keeps the defaults: they override the user-level values
    expect((await readJson(projectFile)).mcpServers.fx).toEqual({ enabled: true, exposure: "codemode" });
    expect((await readJson(join(home, "mcp.json"))).mcpServers.fx).toMatchObject({ exposure: "direct" });
    expect((await readJson(join(home, "mcp.json"))).mcpServers.fx).not.toHaveProperty("enabled");
    await expect(mcp.setEnabled("fx", false, { inProject: true })).rejects.toThrow(/cannot be adjusted in this project/);
    stop();
  });
});

const readJson = async (path: string) => JSON.parse(await readFile(path, "utf8")) as { mcpServers: Record<string, Record<string, unknown>> };
