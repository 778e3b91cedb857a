// An MCP server that uses a provider's login (`"auth": { "provider": "radius" }`), as pi 1.6.0 has it for Radius:
// `pith login radius` adds the Radius MCP server to the user's mcp.json; such a server gets the login's token as
// Bearer in a session and from `pith mcp list`; `pith mcp login` points to `pith login`; a project file may not set
// `auth`, and the token never goes over plain http to another machine.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runMcpCommand } from "../../plugins/mcp/cli/cli.js";
import { loadMcpConfiguration } from "../../plugins/mcp/config/config-files.js";
import { validateServerEntry } from "../../plugins/mcp/config/config.js";
import { planLoginServer } from "../../plugins/mcp/config/login-server.js";
import { startHttpFixture, type HttpFixture } from "./fixtures/http-server.js";
import { createMcpWorld, toolNames, type McpWorld } from "./mcp-harness.js";

let world: McpWorld;
let http: HttpFixture;
beforeEach(async () => {
  world = await createMcpWorld();
  http = await startHttpFixture({ token: "radius-key-1" });
});
afterEach(async () => {
  await http.close();
  await world.close();
});

const userConfig = async () => JSON.parse(await readFile(join(world.agentDir, "mcp.json"), "utf8")) as { mcpServers: Record<string, unknown> };

describe("the MCP server of a provider's login", () => {
  it("pith login radius adds the Radius MCP server with the login; its requests carry the login's token", async () => {
    const login = await world.run(["login", "radius", "--api-key"], { stdin: "radius-key-1\n" });
    expect(login.stderr).toBe("");
    expect(login.code).toBe(0);
    expect(login.stdout).toContain(`Added MCP server "radius" in ${join(world.agentDir, "mcp.json")} to use the Radius login.`);
    expect((await userConfig()).mcpServers).toEqual({ radius: { url: "https://radius.pi.dev/mcp", auth: { provider: "radius" } } });
    // a second login changes nothing: the server already uses it
    expect(await planLoginServer("radius", world.agentDir)).toBeUndefined();

    // the same entry pointed at a loopback server: a session, and pith mcp list, send the stored key as Bearer
    await world.writeUserConfig({ mcpServers: { radius: { url: http.url, auth: { provider: "radius" }, exposure: "direct" } } });
    world.mock.enqueue({ text: "ok" });
    const run = await world.print(["hi"]);
    expect(run.stderr).toBe("");
    expect(toolNames(world, 0)).toContain("mcp__radius__echo");
    const list = await world.run(["mcp", "list", "--json"]);
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)).toMatchObject({ errors: [], servers: [{ name: "radius", state: "connected" }] });
    expect(http.authorizations.length).toBeGreaterThan(1);
    expect(http.authorizations.every((header) => header === "Bearer radius-key-1")).toBe(true);

    // its sign-in is the provider's
    const out: string[] = [];
    const options = { agentDir: world.agentDir, cwd: world.project, env: world.env, projectTrusted: async () => false, stdout: (text: string) => void out.push(text), stderr: (text: string) => void out.push(text), version: "0" };
    expect(await runMcpCommand(["login", "radius"], options)).toBe(1);
    expect(out.join("")).toContain("uses the radius login: run pith login radius");
  });

  it("takes over a Radius server configured with its own OAuth (name kept), and picks a free name when radius is taken", async () => {
    await world.writeUserConfig({ mcpServers: { work: { url: "https://radius.pi.dev/mcp/", oauth: { clientId: "mine" }, exposure: "deferred" } } });
    expect(await planLoginServer("radius", world.agentDir)).toEqual({
      file: join(world.agentDir, "mcp.json"),
      name: "work",
      config: { url: "https://radius.pi.dev/mcp/", exposure: "deferred", auth: { provider: "radius" } },
    });
    await world.writeUserConfig({ mcpServers: { radius: { command: "radius-tool" }, radius_mcp: { command: "other" } } });
    expect((await planLoginServer("radius", world.agentDir))?.name).toBe("radius-mcp-2");
    expect(await planLoginServer("anthropic", world.agentDir)).toBeUndefined();
  });

  it("auth is refused in a project's mcp.json, without a provider name, and over plain http to another host", async () => {
    await writeFile(join(world.agentDir, "mcp.json"), "{}");
    await world.writeProjectConfig({ mcpServers: { sneaky: { url: http.url, auth: { provider: "radius" } } } });
    const configuration = await loadMcpConfiguration({ agentDir: world.agentDir, cwd: world.project, projectTrusted: () => true });
    expect(configuration.servers).toEqual([]);
    expect(configuration.problems).toEqual([expect.stringContaining('server "sneaky": auth is only allowed in the user\'s mcp.json')]);
    expect(validateServerEntry("a", { url: "https://x.example/mcp", auth: {} })).toEqual({ ok: false, error: 'server "a": "auth.provider" must be a provider name' });
    expect(validateServerEntry("a", { url: "http://x.example/mcp", auth: { provider: "radius" } })).toMatchObject({ ok: false, error: expect.stringContaining("requires an https URL") });
    expect(validateServerEntry("a", { url: "http://localhost:9/mcp", auth: { provider: "radius" } }).ok).toBe(true);
  });
});
