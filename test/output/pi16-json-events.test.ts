// `--mode json` of pith and of pi 1.6.0 itself (on the Node 22 binary), on the same mock conversation with thinking,
// text, a read, a bash command that fails (streamed updates, an error result with structured content) and a call
// of a tool that does not exist: the same events in the same order, field for field. Normalised: ids, timestamps
// and durations; the system message's section texts and tool declarations (pith's prompt is its own) are compared
// by name; `responseId` and `usage` of an assistant `message_start` (pi's has them or not depending on when the
// provider's first event arrives). And a tool calling others through ctx.executeTool: its result's message_start
// and message_end carry the same nestedCalls and usage as pi's.
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, jsonLines, type CliWorld } from "../cli/cli-harness.js";
import { NODE22, PI16_CLI, runPiCli } from "../support/pi-node22.js";
import { comparableEvent } from "./pi16-json-normalise.js";

const available = existsSync(NODE22) && existsSync(PI16_CLI);
const ARGS = ["--model", "mock/mock-model", "--tools", "read,bash", "--mode", "json", "-p", "read a.txt"];
const SCRIPT = [
  {
    thinking: "Look first.",
    thinkingSignature: "sig-1",
    text: "Reading.",
    toolCalls: [
      { name: "read", arguments: { path: "a.txt" } },
      { name: "nosuch", arguments: {} },
      { name: "bash", arguments: { command: "sleep 0.2; echo beta; exit 3" } },
    ],
  },
  { text: ["The file says ", "alpha."] },
];

/**
 * Tools run side by side, so how their events interleave depends on timing (under load a bash update can come before
 * or after another tool's end, in pi as in pith); each run of tool events is grouped per call, in the order the calls
 * started, so every call's own events are still compared in order.
 */
function groupedByCall(lines: Record<string, unknown>[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  let run: Record<string, unknown>[] = [];
  const flush = () => {
    const calls = [...new Set(run.map((event) => event.toolCallId))];
    for (const call of calls) out.push(...run.filter((event) => event.toolCallId === call));
    run = [];
  };
  for (const event of lines) {
    if (String(event.type).startsWith("tool_execution_")) run.push(event);
    else {
      flush();
      out.push(event);
    }
  }
  flush();
  return out;
}

function events(stdout: string): unknown[] {
  return groupedByCall(jsonLines(stdout)).map(comparableEvent);
}

describe.skipIf(!available)("--mode json against pi 1.6.0", () => {
  let world: CliWorld;
  beforeEach(async () => {
    world = await createCliWorld();
    await writeFile(join(world.project, "a.txt"), "alpha\n");
  });
  afterEach(async () => {
    await world.close();
  });

  it("emits the same events as pi 1.6.0, in the same order, with the same fields", { timeout: 90_000 }, async () => {
    world.mock.enqueue(...SCRIPT);
    const pi = await runPiCli(world, ARGS);
    expect(pi.code, pi.stderr).toBe(0);
    world.mock.enqueue(...SCRIPT);
    const pith = await world.run(ARGS);
    expect(pith.code, pith.stderr).toBe(0);

    const expected = events(pi.stdout);
    const actual = events(pith.stdout);
    expect(actual.map((event) => (event as { type: string }).type)).toEqual(expected.map((event) => (event as { type: string }).type));
    for (let index = 0; index < expected.length; index++) expect(actual[index], `event ${index}`).toEqual(expected[index]);
    // what was normalised away is still there, and the same kind of thing
    const system = jsonLines(pith.stdout).find((event) => event.type === "message_end") as { message: { role: string; sections: Record<string, string> } };
    expect(system.message.role).toBe("system");
    expect(system.message.sections.cwd).toBe(`<cwd>\n${world.project}\n</cwd>`);
    const ends = jsonLines(pith.stdout).filter((event) => event.type === "tool_execution_end") as { toolName: string; isError: boolean; result: Record<string, unknown> }[];
    expect(ends.find((end) => end.toolName === "read")!.result.structuredContent).toBe("alpha\n");
    expect(ends.find((end) => end.toolName === "bash")).toMatchObject({ isError: true, result: { isError: true, structuredContent: { output: "beta\n", exit_code: 3 } } });
  });

  it("puts a tool's nestedCalls and their usage on its result's message_start, as pi 1.6.0 does", { timeout: 90_000 }, async () => {
    const extension = join(world.home, "orchestrate.ts");
    await writeFile(
      extension,
      `import { Type } from "typebox";
      export default function (pi) {
        pi.registerTool({
          name: "orchestrate", label: "Orchestrate", description: "Reads through another tool",
          parameters: Type.Object({}),
          async execute(_id, _params, _signal, _onUpdate, ctx) {
            const read = await ctx.executeTool("read", { path: "a.txt" });
            const missing = await ctx.executeTool("nosuch", {});
            return { content: [{ type: "text", text: read.result.content[0].text + (missing.isError ? "!" : "") }], details: {} };
          },
        });
      }`,
    );
    const args = ["-ne", "-e", extension, "--model", "mock/mock-model", "--tools", "read,orchestrate", "--mode", "json", "-p", "go"];
    const script = [{ toolCalls: [{ name: "orchestrate", arguments: {} }] }, { text: "Done." }];
    world.mock.enqueue(...script);
    const pi = await runPiCli(world, args);
    expect(pi.code, pi.stderr).toBe(0);
    world.mock.enqueue(...script);
    const pith = await world.run(args);
    expect(pith.code, pith.stderr).toBe(0);

    const results = (stdout: string) =>
      events(stdout).filter((event) => {
        const { type, message } = event as { type: string; message?: { role: string } };
        return (type === "message_start" || type === "message_end") && message?.role === "toolResult";
      });
    const expected = results(pi.stdout);
    expect(expected).toHaveLength(2);
    expect(expected[0]).toHaveProperty("message.nestedCalls");
    expect(results(pith.stdout)).toEqual(expected);
  });
});
