// `pith mcp add|remove|list|get`, `--no-mcp`, and the commands that must never touch MCP.
import { existsSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { NODE22, PI16_CLI, runPiCli } from "../support/pi-node22.js";
import { FIXTURE_SERVER, createMcpWorld, fixtureServer, toolNames, type McpWorld } from "./mcp-harness.js";

let world: McpWorld;
beforeEach(async () => {
  world = await createMcpWorld();
});
afterEach(() => world.close());

const userFile = () => join(world.agentDir, "mcp.json");
const readJson = async (path: string) => JSON.parse(await readFile(path, "utf8")) as { mcpServers: Record<string, Record<string, unknown>> };

describe("pith mcp", () => {
  it("adds a stdio server, lists it connected with its tools, gets it as JSON and removes it", async () => {
    const added = await world.run(["mcp", "add", "fx", "--env", "FIXTURE_SECRET=${S}", "--exposure", "direct", "--", process.execPath, FIXTURE_SERVER, "stdio", "--tools", "2"]);
    expect(added.stderr).toBe("");
    expect(added.code).toBe(0);
    expect(added.stdout).toContain(`Added user MCP server "fx" in ${userFile()}.`);
    expect((await readJson(userFile())).mcpServers.fx).toEqual({
      command: process.execPath,
      args: [FIXTURE_SERVER, "stdio", "--tools", "2"],
      env: { FIXTURE_SECRET: "${S}" },
      exposure: "direct",
    });

    const listed = await world.run(["mcp", "list"], { env: { S: "x" } });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain("fx: connected, 12 tools (direct, user)");
    expect(listed.stdout).toContain("resources: yes");

    const got = await world.run(["mcp", "get", "fx", "--json"], { env: { S: "x" } });
    expect(got.code).toBe(0);
    const report = JSON.parse(got.stdout) as { state: string; tools: string[] };
    expect(report.state).toBe("connected");
    expect(report.tools).toContain("convert_temperature");

    const removed = await world.run(["mcp", "remove", "fx"]);
    expect(removed.code).toBe(0);
    expect((await readJson(userFile())).mcpServers).toEqual({});
    const missing = await world.run(["mcp", "remove", "fx"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`no MCP server "fx" in ${userFile()}`);
  });

  it("adds an HTTP server with a bearer token from an environment variable, into the project file with -l", async () => {
    const added = await world.run(["mcp", "add", "-l", "docs", "--url", "http://127.0.0.1:9/mcp", "--bearer-token-env-var", "DOCS_TOKEN"]);
    expect(added.code).toBe(0);
    expect(added.stdout).toContain("This project is not trusted");
    expect((await readJson(join(world.project, ".pi", "mcp.json"))).mcpServers.docs).toEqual({
      url: "http://127.0.0.1:9/mcp",
      headers: { Authorization: "Bearer ${DOCS_TOKEN}" },
    });
  });

  it("adds an HTTP server with pi 1.6.0's --oauth-* options, writing the oauth field as pi does", { timeout: 120_000 }, async () => {
    const args = ["mcp", "add", "docs", "--url", "https://mcp.example.com/mcp", "--oauth-client-id", "cid", "--oauth-client-secret", "${SECRET}"];
    args.push("--oauth-callback-port", "8123", "--oauth-client-name", "My agent", "--oauth-client-registration", "dcr");
    const added = await world.run(args);
    expect(added.stderr).toBe("");
    expect(added.code).toBe(0);
    const written = await readFile(userFile(), "utf8");
    expect(JSON.parse(written).mcpServers.docs).toEqual({
      url: "https://mcp.example.com/mcp",
      oauth: { clientId: "cid", clientSecret: "${SECRET}", callbackPort: 8123, clientName: "My agent", clientRegistration: "dcr" },
    });
    if (existsSync(NODE22) && existsSync(PI16_CLI)) {
      await rm(userFile());
      const pi = await runPiCli(world, args);
      expect(pi.code, pi.stderr).toBe(0);
      expect(await readFile(userFile(), "utf8")).toBe(written);
    }
    const stdio = await world.run(["mcp", "add", "fx", "--oauth-client-id", "cid", "--", "node"]);
    expect(stdio.stderr).toContain("--oauth-client-id applies only to HTTP servers");
    const badPort = await world.run(["mcp", "add", "docs", "--url", "https://mcp.example.com/mcp", "--oauth-callback-port", "x"]);
    expect(badPort.code).toBe(1);
    expect(badPort.stderr).toContain("oauth.callbackPort");
  });

  it("refuses a bad entry before writing anything", async () => {
    const run = await world.run(["mcp", "add", "fx", "--exposure", "loud", "--", "node"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('server "fx": "exposure" must be one of codemode, deferred, direct, hidden');
    await expect(readFile(userFile(), "utf8")).rejects.toThrow();
    const mixed = await world.run(["mcp", "add", "fx", "--header", "A=b", "--", "node"]);
    expect(mixed.stderr).toContain("--header applies only to HTTP servers");
  });

  it("list exits 1 when a server fails, and shows why", async () => {
    await world.writeUserConfig({ mcpServers: { fx: fixtureServer(), broken: { command: join(world.home, "no-such-program") } } });
    const run = await world.run(["mcp", "list"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("fx: connected");
    expect(run.stdout).toMatch(/broken: failed \(codemode, user\)\n.*\n\s+error: .*no-such-program/);
  });
});

describe("runs that must not touch MCP", () => {
  beforeEach(() => world.writeUserConfig({ mcpServers: { fx: fixtureServer({ exposure: "direct" }) } }));

  it("--no-mcp: the server never starts and the model is offered no MCP tool", async () => {
    world.mock.enqueue({ text: "no mcp" });
    const run = await world.print(["--no-mcp", "hi"]);
    expect(run.code).toBe(0);
    expect(toolNames(world, 0).filter((name) => name.startsWith("mcp__"))).toEqual([]);
    expect(await world.markers()).toEqual([]);
  });

  it("--version and --help", async () => {
    expect((await world.run(["--version"])).code).toBe(0);
    const help = await world.run(["--help"]);
    expect(help.stdout).toContain("pith mcp list");
    expect(help.stdout).toContain("--no-mcp");
    expect(await world.markers()).toEqual([]);
  });
});
