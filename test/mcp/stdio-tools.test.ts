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

  // One CLI run, one turn per check: what a turn's tool calls return is in the next request's last message.
  it("offers its tools and the resource tools; returns text, structured content, images, env, progress, isError results and resources; survives garbage on its stdout and a crash mid-call", async () => {
    world.mock.enqueue(
      {
        toolCalls: [
          { name: "mcp__fx__echo", arguments: { text: "hi" } },
          { name: "mcp__fx__add", arguments: { a: 2, b: 3 } },
          { name: "mcp__fx__pixel", arguments: {} },
          { name: "mcp__fx__env", arguments: {} },
          { name: "mcp__fx__fail", arguments: {} },
          { name: "list_mcp_resources", arguments: {} },
          { name: "read_mcp_resource", arguments: { server: "fx", uri: "file:///notes.txt" } },
        ],
      },
      // alone in its turn: its progress must not wait behind the other calls' answers
      { toolCalls: [{ name: "mcp__fx__slow_count", arguments: {} }] },
      { toolCalls: [{ name: "mcp__fx__garbage", arguments: {} }] },
      { toolCalls: [{ name: "mcp__fx__echo", arguments: { text: "still here" } }] },
      { toolCalls: [{ name: "mcp__fx__crash", arguments: {} }] },
      { toolCalls: [{ name: "mcp__fx__echo", arguments: { text: "back" } }] },
      { text: "done" },
    );
    const run = await world.print(["--mode", "json", "use the tools"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const events = run.stdout.split("\n").filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as Record<string, any>);
    const answers = events.filter((event) => event.type === "message_end" && event.message.role === "assistant");
    expect(answers.at(-1)!.message.content).toEqual([expect.objectContaining({ type: "text", text: "done" })]);

    // offered as mcp__server__tool beside the built-ins, with the resource tools
    expect(toolNames(world, 0)).toEqual(
      expect.arrayContaining(["mcp__fx__echo", "mcp__fx__add", "mcp__fx__pixel", "mcp__fx__hang", "read", "bash", "list_mcp_resources", "list_mcp_resource_templates", "read_mcp_resource"]),
    );

    // text, structured content and images
    const [echo, add, pixel, env, fail, list, read] = toolResults(world, 1);
    expect([echo, add, pixel].map((result) => resultText(result!))).toEqual(["echo: hi", "5", "one red pixel"]);
    expect([echo, add, pixel].every((result) => !result!.is_error)).toBe(true);
    expect(pixel!.content.find((block) => block.type === "image")?.source?.data).toBe(PIXEL);

    // the server's env with ${VAR} expanded, progress, and an isError result read as an error
    expect(resultText(env!)).toBe("secret=s3cret");
    expect(fail!.is_error).toBe(true);
    expect(resultText(fail!)).toContain("the widget is broken");
    expect(resultText(toolResults(world, 2)[0]!)).toBe("counted to three");
    const updates = events.filter((event) => event.type === "tool_execution_update");
    // the first two are sent well before the result (see the fixture); the last one may share its read and be lost
    expect(updates.some((event) => JSON.stringify(event).includes("counted 1") || JSON.stringify(event).includes("counted 2"))).toBe(true);
    // as in pi 1.6.0: the server's whole answer (without _meta) is the result's top-level structuredContent
    const ended = new Map(events.filter((event) => event.type === "tool_execution_end").map((event) => [event.toolName, event]));
    const added = ended.get("mcp__fx__add")!;
    expect(added.result.structuredContent).toEqual({ content: [{ type: "text", text: "5" }], structuredContent: { sum: 5 } });
    expect(added.result.details).toEqual({ server: "fx", tool: "add" });
    const failed = ended.get("mcp__fx__fail")!;
    expect(failed.isError).toBe(true);
    expect(failed.result.structuredContent).toEqual({ content: [{ type: "text", text: "the widget is broken" }], isError: true });
    expect(failed.result.details).toEqual({ server: "fx", tool: "fail" });

    // resources are listed and read through the resource tools; MCP Apps' ui:// resources are left out
    const listed = JSON.parse(resultText(list!)) as { resources: { server: string; uri: string }[] };
    expect(listed.resources).toEqual([expect.objectContaining({ server: "fx", uri: "file:///notes.txt", name: "notes" })]);
    expect(resultText(read!)).toBe("The notes say: buy milk.");

    // a line of garbage on the server's stdout
    expect(resultText(toolResults(world, 3)[0]!)).toBe("answered after garbage");
    expect(resultText(toolResults(world, 4)[0]!)).toBe("echo: still here");

    // a server that crashes mid-call is an error result, and is started again for the next call
    const crashed = toolResults(world, 5)[0]!;
    expect(crashed.is_error).toBe(true);
    expect(resultText(crashed)).toMatch(/closed/i);
    expect(resultText(toolResults(world, 6)[0]!)).toBe("echo: back");
    expect((await world.markers()).filter((line) => line.startsWith("start"))).toHaveLength(2);
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
