// A stdio MCP server written with the official SDK, run by the built CLI: what the model is offered and what it
// gets back through the mock LLM.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PIXEL } from "./fixtures/servers.mjs";
import { createMcpWorld, fixtureServer, isRunning, notedPids, resultText, toolNames, toolResults, type McpWorld } from "./mcp-harness.js";

let world: McpWorld;
beforeEach(async () => {
  world = await createMcpWorld();
});
afterEach(() => world.close());

describe("a stdio server with direct exposure", () => {
  beforeEach(async () => {
    world.env.OUTER_SECRET = "s3cret";
    await world.writeUserConfig({ mcpServers: { fx: fixtureServer({ exposure: "direct", env: { FIXTURE_SECRET: "${OUTER_SECRET}" } }) } });
  });

  // one print run for three of them, turn after turn: the three tools in one reply, then the garbage line, then the
  // crash; the server's start markers count its one restart
  it("offers its tools as mcp__server__tool and returns text, structured content and images; survives a line of garbage on the server's stdout; reports a server that crashes mid-call as an error result, and starts it again for the next call", async () => {
    world.mock.enqueue(
      { toolCalls: [{ name: "mcp__fx__echo", arguments: { text: "hi" } }, { name: "mcp__fx__add", arguments: { a: 2, b: 3 } }, { name: "mcp__fx__pixel", arguments: {} }] },
      { toolCalls: [{ name: "mcp__fx__garbage", arguments: {} }] },
      { toolCalls: [{ name: "mcp__fx__echo", arguments: { text: "still here" } }] },
      { toolCalls: [{ name: "mcp__fx__crash", arguments: {} }] },
      { toolCalls: [{ name: "mcp__fx__echo", arguments: { text: "back" } }] },
      { text: "recovered" },
    );
    const run = await world.print(["use the tools"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("recovered");
    const offered = toolNames(world, 0);
    expect(offered).toEqual(expect.arrayContaining(["mcp__fx__echo", "mcp__fx__add", "mcp__fx__pixel", "mcp__fx__hang", "read", "bash"]));
    const results = toolResults(world, 1);
    expect(results.map(resultText)).toEqual(["echo: hi", "5", "one red pixel"]);
    expect(results.every((result) => !result.is_error)).toBe(true);
    const image = results[2]!.content.find((block) => block.type === "image");
    expect(image?.source?.data).toBe(PIXEL);

    expect(resultText(toolResults(world, 2)[0]!)).toBe("answered after garbage");
    expect(resultText(toolResults(world, 3)[0]!)).toBe("echo: still here");

    const crashed = toolResults(world, 4)[0]!;
    expect(crashed.is_error).toBe(true);
    expect(resultText(crashed)).toMatch(/closed/i);
    expect(resultText(toolResults(world, 5)[0]!)).toBe("echo: back");
    expect((await world.markers()).filter((line) => line.startsWith("start"))).toHaveLength(2);
  });

  it("passes the server its env with ${VAR} expanded, reports progress, and reads an isError result as an error", async () => {
    const calls = [{ name: "mcp__fx__env", arguments: {} }, { name: "mcp__fx__fail", arguments: {} }, { name: "mcp__fx__slow_count", arguments: {} }, { name: "mcp__fx__add", arguments: { a: 2, b: 3 } }];
    world.mock.enqueue({ toolCalls: calls }, { text: "ok" });
    const run = await world.run(["-p", "--no-session", "--model", "mock/mock-model", "--mode", "json", "go"]);
    expect(run.code).toBe(0);
    const [env, fail, count] = toolResults(world, 1);
    expect(resultText(env!)).toBe("secret=s3cret");
    expect(fail!.is_error).toBe(true);
    expect(resultText(fail!)).toContain("the widget is broken");
    expect(resultText(count!)).toBe("counted to three");
    const events = run.stdout.split("\n").filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as Record<string, any>);
    const updates = events.filter((event) => event.type === "tool_execution_update");
    // the first two are sent well before the result (see the fixture); the last one may share its read and be lost
    expect(updates.some((event) => JSON.stringify(event).includes("counted 1") || JSON.stringify(event).includes("counted 2"))).toBe(true);
    // as in pi 1.6.0: the server's whole answer (without _meta) is the result's top-level structuredContent
    const ended = new Map(events.filter((event) => event.type === "tool_execution_end").map((event) => [event.toolName, event]));
    const add = ended.get("mcp__fx__add")!;
    expect(add.result.structuredContent).toEqual({ content: [{ type: "text", text: "5" }], structuredContent: { sum: 5 } });
    expect(add.result.details).toEqual({ server: "fx", tool: "add" });
    const failed = ended.get("mcp__fx__fail")!;
    expect(failed.isError).toBe(true);
    expect(failed.result.structuredContent).toEqual({ content: [{ type: "text", text: "the widget is broken" }], isError: true });
    expect(failed.result.details).toEqual({ server: "fx", tool: "fail" });
  });

  it("stops a hanging call when the user aborts, tells the server, and stops the server's process group at exit", async () => {
    await world.writeUserConfig({ mcpServers: { fx: fixtureServer({ exposure: "direct" }, ["--grandchild"]) } });
    world.mock.enqueue({ toolCalls: [{ name: "mcp__fx__hang", arguments: {} }] });
    const run = await world.print(["go"], {
      onSpawn: (child) => {
        const poll = setInterval(async () => {
          if ((await world.markers()).includes("hanging")) {
            clearInterval(poll);
            child.kill("SIGINT");
          }
        }, 50);
      },
    });
    expect(run.code).toBe(130);
    const markers = await world.markers();
    expect(markers).toContain("cancelled");
    const pids = [...notedPids(markers, "start"), ...notedPids(markers, "grandchild")];
    expect(pids).toHaveLength(2);
    expect(pids.filter(isRunning)).toEqual([]);
  });
});

describe("a server's resources", () => {
  it("are listed and read through the resource tools; MCP Apps' ui:// resources are left out", async () => {
    await world.writeUserConfig({ mcpServers: { fx: fixtureServer({ exposure: "direct" }) } });
    world.mock.enqueue(
      { toolCalls: [{ name: "list_mcp_resources", arguments: {} }, { name: "read_mcp_resource", arguments: { server: "fx", uri: "file:///notes.txt" } }] },
      { text: "read" },
    );
    const run = await world.print(["go"]);
    expect(run.code).toBe(0);
    expect(toolNames(world, 0)).toEqual(expect.arrayContaining(["list_mcp_resources", "list_mcp_resource_templates", "read_mcp_resource"]));
    const [list, read] = toolResults(world, 1);
    const listed = JSON.parse(resultText(list!)) as { resources: { server: string; uri: string }[] };
    expect(listed.resources).toEqual([expect.objectContaining({ server: "fx", uri: "file:///notes.txt", name: "notes" })]);
    expect(resultText(read!)).toBe("The notes say: buy milk.");
  });
});

describe("a server that cannot start", () => {
  it("is reported once, naming the server and the cause, and the run goes on", async () => {
    await world.writeUserConfig({ mcpServers: { fx: fixtureServer({ exposure: "direct", env: { FIXTURE_SECRET: "${NOT_SET_ANYWHERE}" } }) } });
    world.mock.enqueue({ text: "went on" });
    const run = await world.print(["hi"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("went on");
    expect(run.stderr).toContain('MCP server "fx" failed to connect');
    expect(run.stderr).toContain("${NOT_SET_ANYWHERE}");
    expect(await world.markers()).toEqual([]);
  });
});

describe("without MCP configuration", () => {
  it("offers no MCP tools", async () => {
    world.mock.enqueue({ text: "plain" });
    const run = await world.print(["hi"]);
    expect(run.code).toBe(0);
    expect(toolNames(world, 0).filter((name) => name.startsWith("mcp__") || name === "tool_search")).toEqual([]);
  });
});
