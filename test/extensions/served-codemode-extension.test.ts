// pi's createCodemodeExtension() from an extension, in pith beside pi 1.6.0 (Node 22): the same extension file (pi's
// codemode tool, activated alone, beside two tools only scripts can reach, and a `tool_result` hook), the same mock
// model replies. Compared: the codemode declaration each request sends (name, description, parameters) and the tool
// results the model gets back, wall time aside: a script that calls both tools, and scripts that try to reach
// require, process, fetch, or to run forever, get pi's errors.
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bodyOf, createMcpWorld, resultText, toolResults, type McpWorld } from "../mcp/mcp-harness.js";
import type { Script } from "../support/mock-llm/index.js";
import { NODE22, PI16_CLI, runPiCli } from "../support/pi-node22.js";
import { spawnPiRpc, spawnRpc, type RpcRecord } from "../rpc/rpc-harness.js";

const available = existsSync(NODE22) && existsSync(PI16_CLI);

const EXTENSION = `import { createCodemodeExtension } from "@earendil-works/pi-coding-agent";
export default function (pi: any) {
  createCodemodeExtension({ models: false })(pi);
  pi.registerTool({
    name: "add_numbers", label: "add", description: "Adds two numbers", exposure: "codemode",
    promptGuidelines: ["Use add_numbers for sums."],
    parameters: { type: "object", properties: { a: { type: "integer", description: "first", minimum: 0 }, b: { type: "number" } }, required: ["a", "b"] },
    async execute(_id: string, params: any) { return { content: [{ type: "text", text: String(params.a + params.b) }], details: {} }; },
  });
  pi.registerTool({
    name: "shout-text", label: "shout", description: "Shouts a text", exposure: "codemode",
    parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    async execute(_id: string, params: any) { return { content: [{ type: "text", text: params.text.toUpperCase() }], details: {} }; },
  });
  pi.registerTool({
    name: "count_words", label: "count", description: "Counts the words of a text",
    parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    async execute(_id: string, params: any) { return { content: [{ type: "text", text: String(params.text.split(" ").length) }], details: {} }; },
  });
  pi.registerTool({
    name: "wait_for_abort", label: "wait", description: "Waits until aborted", exposure: "codemode",
    parameters: { type: "object", properties: {} },
    execute: (_id: string, _params: any, signal: AbortSignal) => new Promise((resolve) => signal.addEventListener("abort", () => resolve({ content: [{ type: "text", text: "stopped" }], details: {} }))),
  });
  // nested calls pass the session's tool hooks: the script sees what the hook made of the result
  pi.on("tool_result", (event: any) => event.toolName === "shout-text" ? { content: [{ type: "text", text: event.content[0].text + "!" }] } : undefined);
  pi.on("session_start", () => pi.setActiveTools(["codemode"]));
}
`;

const LOADED_MODULES_PROBE = fileURLToPath(new URL("../cli/fixtures/loaded-modules.cjs", import.meta.url));

const codemode = (code: string) => ({ name: "codemode", arguments: { code } });

describe.skipIf(!available)("pi's createCodemodeExtension in pith, against pi 1.6.0", () => {
  let world: McpWorld;
  beforeEach(async () => {
    world = await createMcpWorld();
  });
  afterEach(async () => {
    await world.close();
  });

  /**
   * codemode's description past its account of how scripts run, which pith words its own way (checked apart): the
   * tool sections, compared with pi's
   */
  let pithCodemodeDescription = "";
  function toolSections(name: string, description: string): string {
    if (name !== "codemode") return description;
    const at = description.indexOf("\nNested tools:");
    return at < 0 ? "<how scripts run>" : `<how scripts run>${description.slice(at)}`;
  }

  async function both(replies: Script[], source = EXTENSION) {
    const extension = join(world.home, "codemode-extension.ts");
    await writeFile(extension, source);
    const args = ["-ne", "-e", extension, "--no-session", "--model", "mock/mock-model", "-p", "go"];
    const run = async (side: "pi" | "pith") => {
      const from = world.mock.requests.length;
      world.mock.enqueue(...replies);
      const result = side === "pi" ? await runPiCli(world, args) : await world.run(args);
      expect(result.code, result.stderr).toBe(0);
      if (side === "pith") pithCodemodeDescription = (bodyOf(world, from).tools ?? []).find((tool) => tool.name === "codemode")?.description ?? "";
      return world.mock.requests.slice(from).map((_request, offset) => ({
        declared: (bodyOf(world, from + offset).tools ?? []).map(({ name, description, input_schema }) => ({ name, description: toolSections(name, description), input_schema })),
        results: toolResults(world, from + offset).map((item) => ({ text: resultText(item).replace(/Wall time \d+\.\d seconds/, "Wall time"), isError: item.is_error === true })),
      }));
    };
    return { pi: await run("pi"), pith: await run("pith") };
  }

  // one conversation per program for every script of the default loadout (a CLI start of each costs more than the
  // scripts): each request's tool result is that of one script. The recursion comes last, after which only the final
  // answer is asked for: its frames differ by the VM's stack size, so only its head is compared
  it("scripts call two tools through the session's tool path, get pi's errors for require, process, fetch, a loop, exit() and store() past its limit, save an image to a file named before it, and get a RangeError for deep recursion, as in pi", { timeout: 300_000 }, async () => {
    const twoTools = 'const sum = await tools.add_numbers({ a: 2, b: 3 });\nconst loud = await tools["shout-text"]({ text: "hi" });\ntext("sum " + sum);\nconsole.log("loud", loud);\nreturn { sum, loud };';
    const escapes = ['\nrequire("node:fs").readFileSync("/etc/passwd", "utf8")', "\nprocess.exit(3)", '\nawait fetch("http://127.0.0.1:1/")', '// @options: {"timeout_ms": 500}\nwhile (true) {}'];
    const limits = ['text("before");\ntry { exit(); } catch {}\ntext("after");', 'store("big", "x".repeat(300000));'];
    const pixel = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
    const image = `text("look");\nimage("data:image/png;base64,${pixel}");`;
    const recursion = "function down(n) { return down(n + 1) + 1; }\ndown(0);";
    const scripts = [twoTools, ...escapes, ...limits, image, recursion];
    const { pi, pith } = await both([...scripts.map((code) => ({ toolCalls: [codemode(code)] })), { text: "done" }]);
    // request n + 1 carries the result of script n
    const resultOf = (code: string) => pith[scripts.indexOf(code) + 1]!.results;
    expect(pith).toHaveLength(scripts.length + 1);

    expect(pith[0]!.declared.map((tool) => tool.name)).toEqual(["codemode"]);
    const own = pithCodemodeDescription.split("\nNested tools:")[0]!;
    for (const fact of ["QuickJS sandbox", "await tools.<name>({ ...args })", "// @options:", "`store(key, value)`", "searchTools(query", "==> text N/M <=="]) expect(own).toContain(fact);
    expect(pith[0]!.declared[0]!.description).toContain("### `shout_text` (`shout-text`)");
    expect(pith[0]!.declared[0]!.description).toContain("Adds two numbers\n\n- Use add_numbers for sums.");
    expect(pith[0]!.declared[0]!.description).toContain("  // first\n  // @integer @minimum 0\n  a: number;");
    expect(resultOf(twoTools)).toEqual([
      { text: 'Script completed\nWall time\nOutput:\n\n==> text 1/2 <==\nsum 5\n==> text 2/2 <==\n{"sum":"5","loud":"HI!"}\n<console_output>\nloud HI!\n</console_output>', isError: false },
    ]);

    const escaped = escapes.map((code) => resultOf(code)[0]!);
    expect(escaped.map((result) => result.isError)).toEqual([true, true, true, true]);
    expect(escaped[0]!.text).toContain("ReferenceError: require is not defined");
    expect(escaped[1]!.text).toContain("ReferenceError: process is not defined");
    expect(escaped[2]!.text).toContain("ReferenceError: fetch is not defined");
    expect(escaped[3]!.text).toContain("Script timed out: Execution timed out after 500 ms");

    expect(resultOf(limits[0]!)[0]!.text).toBe("Script completed\nWall time\nOutput:\n\nbefore");
    expect(resultOf(limits[1]!)[0]!.text).toContain('RangeError: store("big") value has 300002 characters of JSON');

    expect(resultOf(image)[0]!.text).toMatch(/look\n\[Image saved to \/\S+pi-codemode-[0-9a-f]{16}\.png \(image\/png, 70B\)\]/);

    // the frames listed depend on the VM's stack size, which differs (pi's worker has a larger one)
    const head = (results: typeof pith[number]["results"]) => results.map((result) => ({ isError: result.isError, text: result.text.split("\n").slice(0, 6).join("\n") }));
    expect(head(resultOf(recursion))[0]!.text).toContain("Script error:\nRangeError: Maximum call stack size exceeded");

    // every request as pi's: the image's file named apart, the recursion's head only, and the timeout's figure
    // apart (pi reports the limit less the time it waited for a worker: 500 ms, or 499 when that took a moment)
    const comparable = (side: typeof pi) =>
      side.map((request, index) => {
        const results = request.results.map((result) => ({
          ...result,
          text: result.text.replace(/\/[^ ]*pi-codemode-[0-9a-f]+\.png/, "<file>").replace(/Execution timed out after \d+ ms/, "Execution timed out after <limit> ms"),
        }));
        return { ...request, results: index === scripts.indexOf(recursion) + 1 ? head(results) : results };
      });
    expect(comparable(pith)).toEqual(comparable(pi));
  });

  for (const mode of ["on", "only"]) {
    it(`mode ${mode}: the tools declared beside codemode that scripts can call are presented as pi's loadout does`, { timeout: 180_000 }, async () => {
      const source = EXTENSION.replace("createCodemodeExtension({ models: false })", `createCodemodeExtension({ models: false, mode: "${mode}" })`).replace('setActiveTools(["codemode"])', 'setActiveTools(["codemode", "count_words", "add_numbers"])');
      const { pi, pith } = await both([{ text: "done" }], source);
      const declared = (side: typeof pi) => [...side[0]!.declared].sort((a, b) => a.name.localeCompare(b.name));
      // (pith's own read tool is worded otherwise, and pi's declares an output schema pith's does not)
      if (mode === "on") expect(declared(pith).find((tool) => tool.name === "count_words")!.description).toBe("Counts the words of a text\n\nCodemode: `tools.count_words(args)` resolves to a string.");
      else expect(declared(pith).map((tool) => tool.name)).toEqual(["add_numbers", "codemode"]);
      expect(declared(pith)).toEqual(declared(pi));
    });
  }

  it("the sandbox loads with the first script, not at start-up (pith only)", { timeout: 120_000 }, async () => {
    const extension = join(world.home, "codemode-extension.ts");
    await writeFile(extension, EXTENSION);
    const bundlesOf = async (replies: Script[]) => {
      world.mock.enqueue(...replies);
      const run = await world.run(["-ne", "-e", extension, "--no-session", "--model", "mock/mock-model", "-p", "go"], { env: { NODE_OPTIONS: `--require ${LOADED_MODULES_PROBE}` } });
      expect(run.code, run.stderr).toBe(0);
      return JSON.parse(/__VENDOR_BUNDLES__ (.*)/.exec(run.stderr)![1]!) as string[];
    };
    expect(await bundlesOf([{ text: "no script" }])).not.toContain("quickjs.cjs");
    expect(await bundlesOf([{ toolCalls: [codemode("return 1")] }, { text: "done" }])).toContain("quickjs.cjs");
  });

  it("an abort while a script waits on a tool ends the script with pi's result and aborts the tool", { timeout: 180_000 }, async () => {
    const extension = join(world.home, "codemode-extension.ts");
    await writeFile(extension, EXTENSION);
    const run = async (side: "pi" | "pith") => {
      world.mock.enqueue({ toolCalls: [codemode('text("before");\nawait tools.wait_for_abort({});\ntext("after");')] });
      const args = ["-ne", "-e", extension, "--no-session", "--model", "mock/mock-model"];
      const rpc = side === "pi" ? spawnPiRpc(world, args) : spawnRpc(world, args);
      try {
        const accepted = await rpc.peer.request({ type: "prompt", message: "go" });
        expect(accepted.success, rpc.stderr()).toBe(true);
        const isEnd = (name: string) => (record: RpcRecord) => record.type === "tool_execution_end" && record.toolName === name;
        await rpc.peer.waitFor((record) => record.type === "tool_execution_start" && record.toolName === "wait_for_abort");
        await rpc.peer.request({ type: "abort" });
        const nested = await rpc.peer.waitFor(isEnd("wait_for_abort"));
        const script = await rpc.peer.waitFor(isEnd("codemode"));
        const texts = (record: RpcRecord) => ((record.result as { content: { text?: string }[] }).content.map((block) => block.text ?? "").join("\n")).replace(/Wall time \d+\.\d seconds/, "Wall time");
        return { nested: texts(nested), script: texts(script), isError: script.isError };
      } finally {
        rpc.peer.end();
        await rpc.exited;
      }
    };
    const pi = await run("pi");
    const pith = await run("pith");
    expect(pith.script).toContain("Script aborted");
    expect(pith.script).toContain("before");
    expect(pith.script).not.toContain("after");
    expect(pith).toEqual(pi);
  });
});
