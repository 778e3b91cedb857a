// mcp.json as pi 1.6.0 reads it: the user file, the project file only once the project is trusted, project
// overrides of enabled/exposure, and errors that name file, server and field.
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMcpWorld, fixtureServer, toolNames, type McpWorld } from "./mcp-harness.js";

let world: McpWorld;
beforeEach(async () => {
  world = await createMcpWorld();
});
afterEach(() => world.close());

const mcpTools = (index: number) => toolNames(world, index).filter((name) => name.startsWith("mcp__"));

describe("a project's .pi/mcp.json", () => {
  beforeEach(() => world.writeProjectConfig({ mcpServers: { proj: fixtureServer({ exposure: "direct" }) } }));

  it("does nothing until the project is trusted: the server never starts", async () => {
    world.mock.enqueue({ text: "untrusted" });
    const run = await world.print(["hi"]);
    expect(run.code).toBe(0);
    expect(mcpTools(0)).toEqual([]);
    // one warning, the trust plugin's, names the skipped file
    expect(run.stderr.match(/pith: warning/g)).toHaveLength(1);
    expect(run.stderr).toContain(".pi/mcp.json");
    expect(await world.markers()).toEqual([]);
  });

  it("starts its servers once the project is trusted", async () => {
    world.mock.enqueue({ text: "trusted" }, { text: "still trusted" });
    const trusting = await world.print(["--trust", "hi"]);
    expect(trusting.code).toBe(0);
    expect(mcpTools(0)).toContain("mcp__proj__echo");
    // --trust was recorded: the next run trusts the project without it
    const next = await world.print(["hi"]);
    expect(next.stderr).toBe("");
    expect(mcpTools(1)).toContain("mcp__proj__echo");
    expect((await world.markers()).filter((line) => line.startsWith("start"))).toHaveLength(2);
  });
});

describe("project overrides of a user-level server", () => {
  // one run, two user servers: the project disables one and sets a forbidden field on the other
  it("may disable it in one project, and it then never starts; may set only enabled, exposure and toolExposure, anything else is an error naming file, server and field", async () => {
    await world.writeUserConfig({ mcpServers: { off: fixtureServer({ exposure: "direct" }), fx: fixtureServer({ exposure: "direct" }) } });
    await world.writeProjectConfig({ mcpServers: { off: { enabled: false }, fx: { exposure: "direct", args: ["--evil"] } } });
    world.mock.enqueue({ text: "kept" });
    const run = await world.print(["--trust", "hi"]);
    expect(run.code).toBe(0);
    // the disabled server is not offered and never started: the one start noted is fx's
    expect(mcpTools(0).filter((name) => name.startsWith("mcp__off__"))).toEqual([]);
    expect((await world.markers()).filter((line) => line.startsWith("start"))).toHaveLength(1);
    expect(run.stderr).toContain(`${join(world.project, ".pi", "mcp.json")}: server "fx": "args" cannot be set by an override`);
    // the user's entry still works
    expect(mcpTools(0)).toContain("mcp__fx__echo");
  });
});

describe("invalid entries", () => {
  it("are reported with file, server and field, and the valid servers still connect", async () => {
    await world.writeUserConfig({
      mcpServers: {
        good: fixtureServer({ exposure: "direct", toolExposure: { "slow_*": "hidden", echo: "hidden" } }),
        badargs: { command: "x", args: "not-a-list" },
        old: { type: "sse", url: "http://127.0.0.1:9/sse" },
        "bad name": { command: "x" },
        both: { command: "x", url: "http://127.0.0.1:9/mcp" },
        badexposure: { command: "x", exposure: "everywhere" },
      },
    });
    world.mock.enqueue({ text: "ok" });
    const run = await world.print(["hi"]);
    expect(run.code).toBe(0);
    const file = join(world.agentDir, "mcp.json");
    expect(run.stderr).toContain(`${file}: server "badargs": "args" must be an array of strings`);
    expect(run.stderr).toContain(`${file}: server "old": "type" is "sse", which pith does not support`);
    expect(run.stderr).toContain(`${file}: server "bad name": names may contain only letters, digits`);
    expect(run.stderr).toContain(`${file}: server "both": "command" and "url" cannot both be set`);
    expect(run.stderr).toContain(`${file}: server "badexposure": "exposure" must be one of codemode, deferred, direct, hidden`);
    const tools = mcpTools(0);
    expect(tools).toContain("mcp__good__add");
    // toolExposure: an exact name and a pattern hid these
    expect(tools).not.toContain("mcp__good__echo");
    expect(tools).not.toContain("mcp__good__slow_count");
  });

  it("a file that is not JSON is reported and nothing else breaks", async () => {
    const { writeFile } = await import("node:fs/promises");
    await writeFile(join(world.agentDir, "mcp.json"), "{ not json");
    world.mock.enqueue({ text: "fine" });
    const run = await world.print(["hi"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("fine");
    expect(run.stderr).toContain(`${join(world.agentDir, "mcp.json")}: not valid JSON`);
    // the one JSON scanner (lib/json/json-text) names where the mistake is
    expect(run.stderr).toContain(`expected a property name in double quotes, found "not" (line 1, column 3)`);
  });
});
