// pi's createMcpExtension() from an extension, in pith beside pi 1.6.0 (Node 22): the same extension file (pi's
// MCP extension, with pi's tool search extension beside it), the same mcp.json naming the stdio fixture server, the
// same mock model replies. Both load only that extension (-ne), so pi has no built-in MCP. Compared: the tools each
// request declares (names; the MCP tools' whole declarations), the `mcp_servers` section of the system prompt, and
// the conversation the model gets back (tool results).
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bodyOf, createMcpWorld, fixtureServer, resultText, systemText, toolResults, type McpWorld } from "../mcp/mcp-harness.js";
import type { Script } from "../support/mock-llm/index.js";
import { NODE22, PI16_CLI, runPiCli } from "../support/pi-node22.js";
import { spawnPiRpc, spawnRpc } from "../rpc/rpc-harness.js";

const available = existsSync(NODE22) && existsSync(PI16_CLI);

/** pi's MCP and tool search extensions, and a server the extension registers itself, if any */
const extensionSource = (registered?: Record<string, unknown>) => `import { createMcpExtension, createToolSearchExtension } from "@earendil-works/pi-coding-agent";
export default function (pi: any) {
  createToolSearchExtension()(pi);
  createMcpExtension({ startupWaitMs: 20000 })(pi);
  ${registered ? `pi.registerMcpServer("reg", ${JSON.stringify(registered)});` : ""}
}
`;

/** what the model was shown and given back, request by request */
function seen(world: McpWorld, from: number) {
  return world.mock.requests.slice(from).map((_request, offset) => {
    const body = bodyOf(world, from + offset);
    const tools = body.tools ?? [];
    // by name: pith declares tools in the order they were registered, pi in the order they were activated
    const byName = [...tools].sort((a, b) => a.name.localeCompare(b.name));
    return {
      tools: byName.map((tool) => tool.name),
      mcpTools: byName.filter((tool) => tool.name.startsWith("mcp__")).map(({ name, description, input_schema }) => ({ name, description, input_schema })),
      section: /<mcp_servers>[\s\S]*?<\/mcp_servers>/.exec(systemText(world, from + offset))?.[0],
      // tool call ids count the mock server's replies, which both runs share
      conversation: body.messages.slice(1).map((message) => JSON.stringify(message.content, (key, value: unknown) => (key === "cache_control" ? undefined : value)).replace(/toolu_mock_\d+_/g, "toolu_")),
    };
  });
}

describe.skipIf(!available)("pi's createMcpExtension in pith, against pi 1.6.0", () => {
  let world: McpWorld;
  beforeEach(async () => {
    world = await createMcpWorld();
  });
  afterEach(async () => {
    await world.close();
  });

  // a description, so the section's summary does not hang on whether the server connected before the first request
  const server = (exposure: string) => fixtureServer({ exposure, description: "Echoes and adds for the tests" });

  async function both(exposure: string | { registered: string }, replies: Script[], prompt: string) {
    const extension = join(world.home, "mcp-extension.ts");
    if (typeof exposure === "string") {
      await writeFile(extension, extensionSource());
      await world.writeUserConfig({ mcpServers: { fx: server(exposure) } });
    } else await writeFile(extension, extensionSource(server(exposure.registered)));
    const args = ["-ne", "-e", extension, "--no-session", "--model", "mock/mock-model", "-p", prompt];
    const run = async (side: "pi" | "pith") => {
      const from = world.mock.requests.length;
      world.mock.enqueue(...replies);
      const result = side === "pi" ? await runPiCli(world, args) : await world.run(args);
      expect(result.code, result.stderr).toBe(0);
      return { stdout: result.stdout.trim(), requests: seen(world, from) };
    };
    return { pi: await run("pi"), pith: await run("pith") };
  }

  it("deferred: the extension's tool_search is activated, finds the server's tool after it connected, and loads it", { timeout: 180_000 }, async () => {
    const { pi, pith } = await both(
      "deferred",
      [{ toolCalls: [{ name: "tool_search", arguments: { query: "add two numbers" } }] }, { toolCalls: [{ name: "mcp__fx__add", arguments: { a: 2, b: 3 } }] }, { text: "five" }],
      "add 2 and 3",
    );
    expect(pith.requests[0]!.tools).toEqual(["bash", "edit", "read", "tool_search", "write"]);
    // the namespace's description ("adds") matches every tool of the server; eight is the search's limit
    expect(pith.requests[1]!.tools.filter((name) => name.startsWith("mcp__fx__"))).toHaveLength(8);
    expect(pith.requests[1]!.tools).toContain("mcp__fx__add");
    expect(pith.requests[0]!.section).toContain("- mcp__fx (tool_search): Echoes and adds for the tests");
    expect(pith.requests[2]!.conversation.join("\n")).toContain("Loaded 8 tools");
    expect(pith.requests[2]!.conversation.at(-1)).toContain("5");
    expect(pith).toEqual(pi);
  });

  it("direct: the server's tools and resource tools are declared in the first request and called", { timeout: 180_000 }, async () => {
    const { pi, pith } = await both("direct", [{ toolCalls: [{ name: "mcp__fx__echo", arguments: { text: "hi" } }] }, { text: "said hi" }], "echo hi");
    expect(pith.requests[0]!.tools).toContain("mcp__fx__echo");
    expect(pith.requests[0]!.tools).toContain("read_mcp_resource");
    expect(pith.requests[0]!.section).toBeUndefined();
    expect(pith.requests[1]!.conversation.at(-1)).toContain("echo: hi");
    expect(pith).toEqual(pi);
  });

  it("a server the extension registers (deferred): tool_search is activated for it and finds its tools", { timeout: 180_000 }, async () => {
    const { pi, pith } = await both(
      { registered: "deferred" },
      [{ toolCalls: [{ name: "tool_search", arguments: { query: "echo", limit: 1 } }] }, { toolCalls: [{ name: "mcp__reg__echo", arguments: { text: "yo" } }] }, { text: "ok" }],
      "echo yo",
    );
    expect(pith.requests[0]!.tools).toContain("tool_search");
    expect(pith.requests[0]!.section).toContain("- mcp__reg (tool_search)");
    expect(pith.requests[2]!.conversation.at(-1)).toContain("echo: yo");
    expect(pith).toEqual(pi);
  });

  /** an extension's stand-in `codemode` tool (declaring reachesTools; it lists the deferred tools it sees) beside pi's MCP extension */
  async function ownCodemode(topLevel: Record<string, unknown>) {
    const extension = join(world.home, "own-codemode.ts");
    await writeFile(
      extension,
      `import { createMcpExtension } from "@earendil-works/pi-coding-agent";
export default function (pi: any) {
  pi.registerTool({
    name: "codemode", label: "codemode", description: "Runs scripts (a stand-in)", defaultActive: false,
    parameters: { type: "object", properties: { code: { type: "string" } }, required: ["code"] },
    reachesTools: () => "all",
    async execute() {
      const reachable = pi.getAllTools().filter((tool: any) => tool.exposure === "deferred").map((tool: any) => tool.name + " in " + tool.namespace?.name);
      return { content: [{ type: "text", text: reachable.join(", ") }], details: {} };
    },
  });
  createMcpExtension()(pi);
}
`,
    );
    await world.writeUserConfig({ ...topLevel, mcpServers: { fx: server("codemode") } });
    const args = ["-ne", "-e", extension, "--no-session", "--model", "mock/mock-model", "-p", "list"];
    const run = async (side: "pi" | "pith") => {
      const from = world.mock.requests.length;
      world.mock.enqueue({ toolCalls: [{ name: "codemode", arguments: { code: "ALL_TOOLS" } }] }, { text: "listed" });
      const result = side === "pi" ? await runPiCli(world, args) : await world.run(args);
      expect(result.code, result.stderr).toBe(0);
      return seen(world, from);
    };
    return { pi: await run("pi"), pith: await run("pith") };
  }

  it("codemode: an extension's own codemode tool that declares reachesTools is activated, and waits for the servers before it runs", { timeout: 180_000 }, async () => {
    const { pi, pith } = await ownCodemode({});
    expect(pith[0]!.tools).toContain("codemode");
    expect(pith[0]!.section).toContain("- mcp__fx (codemode)");
    // a codemode server's tools and the resource tools are deferred ones, as in pi
    expect(pith[1]!.conversation.at(-1)).toContain("mcp__fx__echo in mcp__fx, mcp__fx__add in mcp__fx");
    expect(pith[1]!.conversation.at(-1)).toContain("read_mcp_resource in undefined");
    expect(pith).toEqual(pi);
  });

  it("autoEnableCodemode false in mcp.json: the extension's codemode tool stays inactive", { timeout: 180_000 }, async () => {
    const { pi, pith } = await ownCodemode({ autoEnableCodemode: false });
    expect(pith[0]!.tools).toEqual(["bash", "edit", "read", "write"]);
    expect(pith).toEqual(pi);
  });

  it("codemode (the default) without a codemode tool: the section sends the model to codemode, no tool is declared", { timeout: 180_000 }, async () => {
    const { pi, pith } = await both("codemode", [{ text: "no way to call it" }], "echo hi");
    expect(pith.requests[0]!.tools).toEqual(["bash", "edit", "read", "write"]);
    expect(pith.requests[0]!.section).toContain("Call the tools of `codemode` servers from codemode scripts.\n- mcp__fx (codemode): Echoes and adds for the tests");
    expect(pith).toEqual(pi);
  });

  it("codemode with pi's codemode extension: a script calls the server's tool and gets its whole answer, as in pi", { timeout: 180_000 }, async () => {
    const extension = join(world.home, "mcp-codemode.ts");
    await writeFile(
      extension,
      `import { createCodemodeExtension, createMcpExtension } from "@earendil-works/pi-coding-agent";
export default function (pi: any) { createCodemodeExtension({ models: false })(pi); createMcpExtension({ startupWaitMs: 20000 })(pi); }`,
    );
    await world.writeUserConfig({ mcpServers: { fx: server("codemode") } });
    const code = 'const said = await tools.mcp__fx__echo({ text: "hi" });\ntext(said);';
    const args = ["-ne", "-e", extension, "--no-session", "--model", "mock/mock-model", "-p", "add"];
    const run = async (side: "pi" | "pith") => {
      const from = world.mock.requests.length;
      world.mock.enqueue({ toolCalls: [{ name: "codemode", arguments: { code } }] }, { text: "five" });
      const result = side === "pi" ? await runPiCli(world, args) : await world.run(args);
      expect(result.code, result.stderr).toBe(0);
      return world.mock.requests.slice(from).map((_request, offset) => ({
        codemode: (bodyOf(world, from + offset).tools ?? []).find((tool) => tool.name === "codemode")?.description,
        results: toolResults(world, from + offset).map((item) => resultText(item).replace(/Wall time \d+\.\d seconds/, "Wall time")),
      }));
    };
    const pi = await run("pi");
    const pith = await run("pith");
    // a codemode server's tools are deferred tools, which neither lists in the codemode description (the script finds
    // them with searchTools/describeTool), so its tool sections (none here) are the same on both sides, request by
    // request; the account of how scripts run above them is worded by each
    const sections = (side: typeof pi) => side.map((request) => request.codemode?.split("\nNested tools:")[1] ?? "");
    expect(sections(pith)).toEqual(sections(pi));
    expect(pith[1]!.codemode).not.toContain("mcp__fx__echo");
    expect(pith[1]!.results[0]).toContain('{"content":[{"type":"text","text":"echo: hi"}]}');
    expect(pith.map((request) => request.results)).toEqual(pi.map((request) => request.results));
  });

  it("pi's options that take pi's own MCP client objects or files fail, naming them (pith only)", { timeout: 60_000 }, async () => {
    const extension = join(world.home, "own-config.ts");
    await writeFile(
      extension,
      `import { createMcpExtension } from "@earendil-works/pi-coding-agent";
export default function (pi: any) { createMcpExtension({ loadConfig: () => ({ servers: [], errors: [] }), logPath: "/tmp/x.log" })(pi); }`,
    );
    world.mock.enqueue({ text: "fine" });
    const result = await world.run(["-ne", "-e", extension, "--no-session", "--model", "mock/mock-model", "-p", "hi"]);
    expect(result.stderr).toContain("own-config.ts failed while loading: createMcpExtension's loadConfig, logPath options are not supported in pith");
    expect(result.stdout.trim()).toBe("fine");
  });

  it("RPC: /mcp answers with the servers' states, reconnects one, and names what it cannot do, in pi's words", { timeout: 180_000 }, async () => {
    const extension = join(world.home, "mcp-extension.ts");
    await writeFile(extension, extensionSource());
    await world.writeUserConfig({ mcpServers: { fx: server("deferred") } });
    const commands = ["/mcp", "/mcp reconnect", "/mcp reconnect nope", "/mcp logout", "/mcp a b c", "/mcp"];
    const run = async (side: "pi" | "pith") => {
      const rpc = side === "pi" ? spawnPiRpc(world, ["-ne", "-e", extension, "--no-session"]) : spawnRpc(world, ["-ne", "-e", extension, "--no-session"]);
      try {
        const notes: unknown[] = [];
        for (const command of commands) {
          const accepted = await rpc.peer.request({ type: "prompt", message: command });
          expect(accepted.success, rpc.stderr()).toBe(true);
          const note = await rpc.peer.waitFor((record) => record.type === "extension_ui_request" && record.method === "notify" && !notes.includes(record));
          notes.push(note);
        }
        const listed = await rpc.peer.request({ type: "get_commands" });
        const names = (listed.data as { commands: { name: string }[] }).commands.map((command) => command.name);
        return { notes: notes.map((note) => [(note as { message: string }).message, (note as { notifyType: string }).notifyType]), hasCommand: names.includes("mcp") };
      } finally {
        rpc.peer.end();
        await rpc.exited;
      }
    };
    const pi = await run("pi");
    const pith = await run("pith");
    expect(pith.notes[0]).toEqual(["fx: connected, 9 tools (deferred)", "info"]);
    expect(pith.notes[1]).toEqual(['Reconnected to MCP server "fx" (connected · 9 tools · resources).', "info"]);
    expect(pith.hasCommand).toBe(true);
    expect(pith).toEqual(pi);
  });
});

