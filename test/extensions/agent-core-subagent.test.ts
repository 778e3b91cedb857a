// An extension's tool that runs a sub-agent of its own (pi-agent-core's `Agent`, its model calls through
// `ctx.modelRegistry.streamSimple`), driven by `pith -p` and by pi 1.6.0's CLI against the mock LLM: the sub-agent's
// request, the tool result the main agent reads and the printed answer are the same.
// @long-running: runs pi 1.6.0 on the Node 22 binary
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import type { ScriptedReply } from "../support/mock-llm/index.js";
import { NODE22, PI16_CLI, runPiCli } from "../support/pi-node22.js";

const EXTENSION = `
import { Agent } from "@earendil-works/pi-agent-core";
export default function (pi) {
  pi.registerTool({
    name: "review", label: "Review", description: "Asks a reviewer sub-agent",
    parameters: { type: "object", required: ["topic"], properties: { topic: { type: "string" } } },
    async execute(_id, params, signal, _onUpdate, ctx) {
      const agent = new Agent({
        initialState: { systemPrompt: "You are a strict reviewer.", model: ctx.model },
        streamFn: (model, context, options) => ctx.modelRegistry.streamSimple(model, context, options),
      });
      const types = [];
      agent.subscribe((event) => { if (event.type !== "message_update") types.push(event.type); });
      signal?.addEventListener("abort", () => agent.abort());
      await agent.prompt("Review " + params.topic);
      const reply = agent.state.messages.at(-1);
      const text = reply.content.filter((block) => block.type === "text").map((block) => block.text).join("");
      return { content: [{ type: "text", text: "reviewer: " + text + " (" + types.join(",") + ")" }], details: { stopReason: reply.stopReason } };
    },
  });
}
`;

const REPLIES: ScriptedReply[] = [
  { toolCalls: [{ id: "r1", name: "review", arguments: { topic: "the plan" } }] },
  { text: "Looks fine." },
  { text: "The reviewer approves." },
];

const worlds: CliWorld[] = [];
beforeEach(async () => worlds.push(await createCliWorld("openai-completions"), await createCliWorld("openai-completions")));
afterEach(async () => Promise.all(worlds.splice(0).map((world) => world.close())));

type Body = { messages: { role: string; content: unknown }[] };

async function runReview(world: CliWorld, run: (args: string[]) => Promise<{ stdout: string; stderr: string; code: number | null }>) {
  const extension = join(world.home, "review.ts");
  await writeFile(extension, EXTENSION);
  world.mock.enqueue(...REPLIES);
  const result = await run(["-ne", "-e", extension, "--model", "mock/mock-model", "--no-session", "-p", "review the plan"]);
  const bodies = world.mock.requests.map((request) => request.body as Body);
  return { stdout: result.stdout.trim(), code: result.code, subAgent: bodies[1]?.messages, toolResult: bodies[2]?.messages.at(-1), requests: bodies.length };
}

it.skipIf(!existsSync(NODE22) || !existsSync(PI16_CLI))("a tool running an Agent sub-agent works in pith -p as in pi 1.6.0", async () => {
  const [pithWorld, piWorld] = worlds as [CliWorld, CliWorld];
  const pith = await runReview(pithWorld, (args) => pithWorld.run(args));
  const pi = await runReview(piWorld, (args) => runPiCli(piWorld, args));
  expect(pi.stdout).toBe("The reviewer approves.");
  expect(pi.subAgent).toEqual([
    { role: "system", content: "You are a strict reviewer." },
    { role: "user", content: [{ type: "text", text: "Review the plan" }] },
  ]);
  expect(JSON.stringify(pi.toolResult)).toContain("reviewer: Looks fine. (agent_start,turn_start,message_start,message_end,message_start,message_end,turn_end,agent_end)");
  expect(pith).toEqual(pi);
}, 120_000);
